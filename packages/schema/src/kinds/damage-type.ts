// Schema for Damage type entries (content/damage-types/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const damageTypeSchema = withStatus(
  entryBase("damage-type")
    .extend({})
    .strict(),
).describe("A damage type (ch. 20)");
export type DamageType = z.infer<typeof damageTypeSchema>;

export const damageTypeKind = defineKind({
  kind: "damage-type",
  folder: "damage-types",
  label: "Damage type",
  plural: "Damage types",
  description: "A damage type (ch. 20)",
  nameResolution: "primary",
  schema: damageTypeSchema,
});
