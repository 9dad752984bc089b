// Schema for Consumable entries (content/consumables/): a targeted effect, or an attack like Alchemist's Fire
import { z } from "zod";
import { byStatus } from "../fields/by-status.ts";
import { prose } from "../fields/prose.ts";
import { defineKind } from "../kind.ts";
import { attackProfile, checkDamageLadder } from "./weapon.ts";

export const consumableSchema = byStatus("consumable", {
  rarity: z
    .enum(["common", "exotic"])
    .describe(
      "common: every adventurer can use it with a consumable point; exotic: special and rare (ch. 11)",
    ),
  target: z
    .array(z.string().min(1))
    .min(1)
    .optional()
    .describe('Who it can be used on, the items of the Target line as printed: ["Self", "Adjacent Ally"]'),
  effect: prose("The Effect line, verbatim, for a consumable that is not an attack").optional(),
  attack: z
    .object(attackProfile)
    .strict()
    .optional()
    .describe(
      "For a consumable used as an attack: its weapon-style profile (weight class, attribute, tags, ladder)",
    ),
})
  .superRefine((value, ctx) => {
    if (value.status === "complete" && (value.effect === undefined) === (value.attack === undefined)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: value.effect === undefined ? ["effect"] : ["attack"],
        message: "a consumable has either an `effect` line or an `attack` profile, not both or neither",
        params: { code: "effect-or-attack" },
      });
    }
    if (value.attack) checkDamageLadder(value.attack, ctx, ["attack"]);
  })
  .describe("A consumable item (ch. 11, Equipment catalog)");
export type Consumable = z.infer<typeof consumableSchema>;

export const consumableKind = defineKind({
  kind: "consumable",
  folder: "consumables",
  label: "Consumable",
  plural: "Consumables",
  description: "A consumable item (ch. 11, Equipment catalog)",
  nameResolution: "primary",
  searchRank: 13,
  schema: consumableSchema,
});
