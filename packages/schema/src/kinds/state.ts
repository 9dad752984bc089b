// Schema for State entries (content/states/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const stateSchema = withStatus(
  entryBase("state")
    .extend({})
    .strict(),
).describe("A state such as Crisis or Stressed (ch. 22)");
export type State = z.infer<typeof stateSchema>;

export const stateKind = defineKind({
  kind: "state",
  folder: "states",
  label: "State",
  plural: "States",
  description: "A state such as Crisis or Stressed (ch. 22)",
  nameResolution: "primary",
  schema: stateSchema,
});
