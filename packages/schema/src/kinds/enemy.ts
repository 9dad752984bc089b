// Schema for Enemy entries (content/enemies/): challenge class, tier, hit locations, attacks, behavior — all but the class may be lost
import { z } from "zod";
import { entryBase, entryId, withStatus } from "../fields/entry.ts";
import { effectLadder, prose } from "../fields/prose.ts";
import { tagUse } from "../fields/tag-use.ts";
import { challengeClass } from "../fields/vocabulary.ts";
import { defineKind } from "../kind.ts";
import { sourceMention } from "./mastery.ts";

/** The four tiers of play (ch. 29, glossary); enemy stat blocks are tuned to one. */
export const TIERS = ["Novice", "Seasoned", "Veteran", "Paragon"] as const;

export const hitLocation = z
  .object({
    location: z.string().min(1).describe("Hit location as printed: Mass, Edge, Mark or a creature's own"),
    hitEffect: prose("What a hit (1+ success on a damage-dealing attack) to this location does").optional(),
    woundEffect: prose("What a Wound to this location does; absent means the Impaired N default").optional(),
  })
  .strict()
  .describe("One row of the hit-location table (Pre-Generated Enemies: Hit Locations, Wounds, and Burdens)");

export const enemyAttack = z
  .object({
    name: z.string().min(1).describe("Attack name as printed, e.g. Cudgel"),
    tags: z
      .array(tagUse)
      .optional()
      .describe("Damage type, reach or range and special tags, in printed order"),
    damage: effectLadder("Damage by result band").optional(),
    effect: prose("Further effect of the attack").optional(),
  })
  .strict()
  .describe("An attack in the enemy's stat block");

export const telegraphedAttack = z
  .object({
    name: z.string().min(1).describe("Name of the telegraphed attack"),
    lock: prose("The lock type it declares (ch. 30)").optional(),
    timing: prose("When it resolves, e.g. start of the enemy's next turn (ch. 30)").optional(),
    effect: prose("What it does when it resolves").optional(),
    disruption: prose("The unique disruption that fizzles it, if printed").optional(),
  })
  .strict()
  .describe("A named ability with the Telegraphed tag: Declare → Window → Resolve (ch. 30)");

export const enemyStats = z
  .object({
    vitality: z.number().int().min(1).optional().describe("Vitality"),
    guard: z.number().int().min(0).optional().describe("Guard"),
    spd: z.number().int().min(0).optional().describe("SPD"),
    sen: z.number().int().min(0).optional().describe("SEN"),
    size: z
      .string()
      .regex(/^\d+[A-Z]$/)
      .optional()
      .describe("SIZE, e.g. 1M"),
    woundSlots: z.number().int().min(0).optional().describe("Wound slots (usually none for Regulars)"),
    burdenSlots: z.number().int().min(0).optional().describe("Burden slots"),
  })
  .strict()
  .describe("The stat block's numbers");

const enemyFields = entryBase("enemy")
  .extend({
    challengeClass,
    tier: z
      .enum(TIERS)
      .optional()
      .describe("Tier of play the stat block is tuned to (the catalog's blocks: Novice)"),
    description: prose("Flavor text of the stat block, verbatim").optional(),
    enemyTags: z
      .array(entryId("tag"))
      .optional()
      .describe("Enemy type tags as tag ids, e.g. `tag/humanoid` (Pre-Generated Enemies: Enemy Tags)"),
    stats: enemyStats.optional(),
    actionEconomy: prose("Action economy when it differs from 1 Move + 1 extra maneuver").optional(),
    hitLocations: z.array(hitLocation).optional().describe("Valid hit locations and their effects"),
    attacks: z.array(enemyAttack).optional().describe("Attacks, in printed order"),
    traits: z
      .array(prose("A special rule of this enemy, verbatim"))
      .optional()
      .describe("Special rules lines"),
    behavior: prose("The Behavior / Tactics line: whom it targets and how (ch. 30, dial 2)").optional(),
    telegraphedAttacks: z.array(telegraphedAttack).optional().describe("Telegraphed attacks (ch. 30)"),
    mentions: z
      .array(sourceMention)
      .optional()
      .describe("Passages elsewhere in the book that speak of this enemy"),
  })
  .strict();

export type Enemy = z.output<typeof enemyFields>;

export const enemySchema: z.ZodType<Enemy, z.ZodTypeDef, unknown> = withStatus(enemyFields).describe(
  "A pre-generated enemy (ch. 30, Pre-Generated Enemies)",
);

export const enemyKind = defineKind({
  kind: "enemy",
  folder: "enemies",
  label: "Enemy",
  plural: "Enemies",
  description: "A pre-generated enemy (ch. 30, Pre-Generated Enemies)",
  nameResolution: "primary",
  searchRank: 14,
  catalogGroup: "challengeClass",
  schema: enemySchema,
});
