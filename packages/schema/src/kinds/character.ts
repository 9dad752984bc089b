// Schema for Character entries (content/characters/): a built character and the derived stats the book prints for it
import { z } from "zod";
import { entryBase, entryId, kindIdPattern, withStatus } from "../fields/entry.ts";
import { prose } from "../fields/prose.ts";
import { ATTRIBUTES } from "../fields/vocabulary.ts";
import { defineKind } from "../kind.ts";

/** Attribute points: whole numbers; the creation cap of 3 (ch. 12) is a build rule, checked by packages/rules. */
const attributeValue = z.number().int().min(0);

export const characterAttributes = z
  .object(
    Object.fromEntries(
      ATTRIBUTES.map((attribute) => [attribute, attributeValue.describe(`${attribute} attribute value`)]),
    ) as Record<(typeof ATTRIBUTES)[number], typeof attributeValue>,
  )
  .strict()
  .describe(
    "All six attribute values (ch. 05). Cores are not stored: BODY = POW + AGI, MIND = REA + INS, SOUL = PRE + LUCK",
  );

export const archetypeRank = z
  .object({
    archetype: entryId("archetype").describe("Id of the archetype, e.g. `archetype/half-elf`"),
    rank: z.number().int().min(1).max(3).describe("Rank held in that archetype (R1–R3)"),
  })
  .strict()
  .describe("Ranks the character holds in one archetype");

/** Which board a mastery sits on (ch. 08): a type board, the wildcard board, or a bonus slot an ability grants. */
export const MASTERY_BOARDS = ["body", "mind", "soul", "wildcard", "bonus"] as const;

export const slottedMastery = z
  .object({
    mastery: entryId("mastery").describe("Id of the equipped mastery, e.g. `mastery/lightning-reflexes`"),
    board: z
      .enum(MASTERY_BOARDS)
      .optional()
      .describe(
        "Board whose slots it fills, where the book says: body, mind, soul, wildcard, or a bonus slot",
      ),
  })
  .strict()
  .describe("An equipped mastery and the board it is slotted into");

export const gearId = z
  .string()
  .regex(kindIdPattern("weapon", "armor", "focus", "wondrous"), {
    message: "must be a weapon, armor, focus or wondrous id such as `weapon/rapier`",
  })
  .describe("Id of an item filling a gear slot: `weapon/…`, `armor/…`, `focus/…` or `wondrous/…`");

export const bond = z
  .object({
    target: z.string().min(1).describe('Who or what the Bond is toward, as the book names it (e.g. "Kira")'),
    intensity: z.number().int().min(1).max(5).describe("Bond intensity 1–5 (Fleeting … Unbreakable), ch. 10"),
    strands: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe("Strands accumulated toward this Bond, where stated"),
    descriptor: prose("The Bond's freeform descriptor, verbatim"),
  })
  .strict()
  .describe("A Bond the character holds (ch. 10)");

/** One row of a printed derived-stats table: the number and the calculation column, verbatim. */
const statedNumber = (what: string) =>
  z
    .object({
      value: z.number().int().describe(`${what} as printed`),
      calculation: z.string().min(1).describe("The book's calculation column for this row, verbatim"),
    })
    .strict()
    .describe(`${what}: the value and calculation the book prints`);

export const statedDerivedStats = z
  .object({
    maxVitality: statedNumber("Max Vitality").optional(),
    maxStrain: statedNumber("Max Strain").optional(),
    woundSlots: statedNumber("Wound Slots").optional(),
    burdenSlots: statedNumber("Burden Slots").optional(),
    resolve: statedNumber("Resolve").optional(),
    maxVigor: statedNumber("Max Vigor (the Vigor cap)").optional(),
    vigorRegain: statedNumber("Vigor regained per turn").optional(),
    maxGuard: statedNumber("Max Guard").optional(),
    spd: statedNumber("SPD").optional(),
    sen: statedNumber("SEN").optional(),
    size: z
      .object({
        value: z
          .string()
          .regex(/^\d+[A-Z]$/, { message: "must look like 1M" })
          .describe("SIZE as printed, e.g. 1M"),
        note: z
          .string()
          .min(1)
          .optional()
          .describe('Gloss printed beside the value, e.g. "takes up 1 square"'),
        calculation: z.string().min(1).describe("The book's calculation column for this row, verbatim"),
      })
      .strict()
      .optional()
      .describe("SIZE: the value and calculation the book prints"),
    gearSlots: statedNumber("Gear Slots").optional(),
    wondrousItemSlots: statedNumber("Wondrous Item Slots").optional(),
    consumablePoints: statedNumber("Consumable Points").optional(),
    maxBonds: statedNumber("Max Bonds").optional(),
    masterySlots: z
      .object({
        body: z.number().int().min(0).describe("Body mastery slots"),
        mind: z.number().int().min(0).describe("Mind mastery slots"),
        soul: z.number().int().min(0).describe("Soul mastery slots"),
        wildcard: z.number().int().min(0).describe("Wildcard mastery slots"),
        total: z.number().int().min(0).describe("Total the book states"),
      })
      .strict()
      .optional()
      .describe("Mastery slots by board as the book states them"),
  })
  .strict()
  .describe(
    "Derived stats exactly as the book prints them for this character; packages/rules recomputes them and tests compare",
  );

const characterFields = entryBase("character")
  .extend({
    summary: z
      .string()
      .min(1)
      .optional()
      .describe('How the book introduces the character, e.g. "the Half-Elf skirmisher"'),
    concept: prose("The concept line (ch. 12, step 1), verbatim without its quotation marks").optional(),
    characterRank: z
      .number()
      .int()
      .min(1)
      .describe("Character rank (CR): the sum of all archetype ranks (ch. 07)"),
    ancestry: entryId("archetype").describe("Id of the ancestry archetype; it also appears in `archetypes`"),
    archetypes: z.array(archetypeRank).min(1).describe("Every archetype the character holds, with its rank"),
    attributes: characterAttributes,
    masteryDomains: z
      .array(entryId("mastery-domain"))
      .optional()
      .describe("Mastery domains the book says this character can pick from, as ids"),
    masteries: z.array(slottedMastery).describe("Equipped masteries, in the book's order"),
    gear: z.array(gearId).describe("Items in the character's gear slots, in the book's order"),
    arts: z
      .array(entryId("art"))
      .optional()
      .describe("Arts the character has acquired (ch. 24), as ids; left out when none"),
    resonances: z
      .array(entryId("resonance"))
      .optional()
      .describe("Resonances the character has access to (ch. 24), as ids; left out when none"),
    limitBreaks: z
      .array(entryId("limit-break"))
      .optional()
      .describe("Limit Breaks equipped (ch. 25–26), as ids; left out when none"),
    consumables: z
      .array(entryId("consumable"))
      .optional()
      .describe(
        "Special and rare consumables the character has gained access to (ch. 11), as ids; common ones are assumed",
      ),
    threads: z.array(z.string().min(1)).describe("Threads (ch. 09), verbatim without their quotation marks"),
    bonds: z.array(bond).describe("Bonds held (ch. 10)"),
    statedDerivedStats: statedDerivedStats.optional(),
  })
  .strict()
  .superRefine((value, ctx) => {
    const total = value.archetypes.reduce((sum, entry) => sum + entry.rank, 0);
    if (total !== value.characterRank) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["characterRank"],
        message: `character rank ${value.characterRank} is not the sum of archetype ranks (${total})`,
        params: { code: "rank-sum" },
      });
    }
    if (!value.archetypes.some((entry) => entry.archetype === value.ancestry)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["ancestry"],
        message: `ancestry ${value.ancestry} must also be listed in archetypes with its rank`,
        params: { code: "ancestry-unlisted" },
      });
    }
  });

export type Character = z.output<typeof characterFields>;

export const characterSchema: z.ZodType<Character, z.ZodTypeDef, unknown> = withStatus(
  characterFields,
).describe("A built character with its stated derived stats (ch. 12 worked example)");
export type StatedDerivedStats = z.infer<typeof statedDerivedStats>;

export const characterKind = defineKind({
  kind: "character",
  folder: "characters",
  label: "Character",
  plural: "Characters",
  description: "A built character with its stated derived stats (ch. 12 worked example)",
  nameResolution: "primary",
  searchRank: 15,
  schema: characterSchema,
});
