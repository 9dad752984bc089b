// Schema for Armor entries (content/armor/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const armorSchema = withStatus(
  entryBase("armor")
    .extend({})
    .strict(),
).describe("An armor stat block (ch. 11, Equipment catalog)");
export type Armor = z.infer<typeof armorSchema>;

export const armorKind = defineKind({
  kind: "armor",
  folder: "armor",
  label: "Armor",
  plural: "Armor",
  description: "An armor stat block (ch. 11, Equipment catalog)",
  nameResolution: "primary",
  schema: armorSchema,
});
