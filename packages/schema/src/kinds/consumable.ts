// Schema for Consumable entries (content/consumables/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const consumableSchema = withStatus(
  entryBase("consumable")
    .extend({})
    .strict(),
).describe("A consumable item (ch. 11, Equipment catalog)");
export type Consumable = z.infer<typeof consumableSchema>;

export const consumableKind = defineKind({
  kind: "consumable",
  folder: "consumables",
  label: "Consumable",
  plural: "Consumables",
  description: "A consumable item (ch. 11, Equipment catalog)",
  nameResolution: "primary",
  schema: consumableSchema,
});
