// Schema for Mastery set entries (content/mastery-sets/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const masterySetSchema = withStatus(
  entryBase("mastery-set")
    .extend({})
    .strict(),
).describe("A mastery set: masteries that work together (Masteries catalog)");
export type MasterySet = z.infer<typeof masterySetSchema>;

export const masterySetKind = defineKind({
  kind: "mastery-set",
  folder: "mastery-sets",
  label: "Mastery set",
  plural: "Mastery sets",
  description: "A mastery set: masteries that work together (Masteries catalog)",
  nameResolution: "primary",
  schema: masterySetSchema,
});
