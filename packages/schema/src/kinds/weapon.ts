// Schema for Weapon entries (content/weapons/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const weaponSchema = withStatus(
  entryBase("weapon")
    .extend({})
    .strict(),
).describe("A weapon stat block (ch. 11, Equipment catalog)");
export type Weapon = z.infer<typeof weaponSchema>;

export const weaponKind = defineKind({
  kind: "weapon",
  folder: "weapons",
  label: "Weapon",
  plural: "Weapons",
  description: "A weapon stat block (ch. 11, Equipment catalog)",
  nameResolution: "primary",
  schema: weaponSchema,
});
