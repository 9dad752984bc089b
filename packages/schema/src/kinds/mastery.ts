// Schema for Mastery entries (content/masteries/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const masterySchema = withStatus(
  entryBase("mastery")
    .extend({})
    .strict(),
).describe("A mastery that fills slots on a body, mind or soul board (ch. 08, Masteries)");
export type Mastery = z.infer<typeof masterySchema>;

export const masteryKind = defineKind({
  kind: "mastery",
  folder: "masteries",
  label: "Mastery",
  plural: "Masteries",
  description: "A mastery that fills slots on a body, mind or soul board (ch. 08, Masteries)",
  nameResolution: "primary",
  schema: masterySchema,
});
