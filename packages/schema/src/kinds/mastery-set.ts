// Schema for Mastery set entries (content/mastery-sets/): member masteries and the bonus for equipping them all
import { z } from "zod";
import { entryBase, entryId, withStatus } from "../fields/entry.ts";
import { prose } from "../fields/prose.ts";
import { defineKind } from "../kind.ts";

const masterySetFields = entryBase("mastery-set")
  .extend({
    masteries: z
      .array(entryId("mastery"))
      .optional()
      .describe("Ids of the masteries in the set; each names the set back in its `set` field"),
    bonus: prose("What a character gains with every mastery of the set equipped (ch. 08)").optional(),
  })
  .strict();

/** Typed from the fields: withStatus's result is typed `any`, which would erase the entry type. */
export type MasterySet = z.output<typeof masterySetFields>;

export const masterySetSchema: z.ZodType<MasterySet, z.ZodTypeDef, unknown> = withStatus(
  masterySetFields,
).describe("A mastery set: masteries that work together (Masteries catalog)");

export const masterySetKind = defineKind({
  kind: "mastery-set",
  folder: "mastery-sets",
  label: "Mastery set",
  plural: "Mastery sets",
  description: "A mastery set: masteries that work together (Masteries catalog)",
  nameResolution: "primary",
  searchRank: 17,
  schema: masterySetSchema,
});
