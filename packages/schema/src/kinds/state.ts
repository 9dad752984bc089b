// Schema for State entries (content/states/): derived states such as Crisis, defined rather than applied
import type { z } from "zod";
import { byStatus } from "../fields/by-status.ts";
import { prose } from "../fields/prose.ts";
import { defineKind } from "../kind.ts";

export const stateSchema = byStatus("state", {
  definition: prose("When a creature is in this state, verbatim from the stat block's Definition: line"),
}).describe("A state such as Crisis or Stressed (ch. 22)");
export type State = z.infer<typeof stateSchema>;

export const stateKind = defineKind({
  kind: "state",
  folder: "states",
  label: "State",
  plural: "States",
  description: "A state such as Crisis or Stressed (ch. 22)",
  nameResolution: "primary",
  searchRank: 1,
  schema: stateSchema,
});
