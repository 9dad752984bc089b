// Schema for Damage type entries (content/damage-types/)
import { z } from "zod";
import { byStatus } from "../fields/by-status.ts";
import { kindIdPattern } from "../fields/entry.ts";
import { prose } from "../fields/prose.ts";
import { defineKind } from "../kind.ts";

export const damageTypeSchema = byStatus("damage-type", {
  physical: z
    .boolean()
    .optional()
    .describe("true for the three physical damage types that Resistance (Physical) stands for (ch. 20)"),
  treatedAs: z
    .array(z.string().regex(kindIdPattern("damage-type")))
    .min(2)
    .optional()
    .describe(
      "Ids of the damage types this one counts as for resistances and weaknesses, where the book says so",
    ),
  definition: prose(
    "What the book says of this damage type, verbatim from the chapter named in `source`",
  ).optional(),
}).describe("A damage type (ch. 20)");
export type DamageType = z.infer<typeof damageTypeSchema>;

export const damageTypeKind = defineKind({
  kind: "damage-type",
  folder: "damage-types",
  label: "Damage type",
  plural: "Damage types",
  description: "A damage type (ch. 20)",
  nameResolution: "primary",
  searchRank: 22,
  schema: damageTypeSchema,
});
