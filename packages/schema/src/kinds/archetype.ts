// Schema for Archetype entries (content/archetypes/): type, ancestry stats, and each rank's bonuses and abilities
import { z } from "zod";
import { entryBase, entryId, withStatus } from "../fields/entry.ts";
import { prose } from "../fields/prose.ts";
import { ARMOR_CATEGORIES, attribute, WEIGHT_CLASSES } from "../fields/vocabulary.ts";
import { defineKind } from "../kind.ts";

/** The three archetype classes the Archetypes catalog is organized by (ch. 07, glossary). */
export const ARCHETYPE_TYPES = ["ancestry", "basic-path", "specialist-path"] as const;

/** Labels of the rank `Bonuses:` line, in the order the catalog prints them. */
export const RANK_BONUS_LABELS = {
  maxVitality: "Max Vitality",
  maxStrain: "Max Strain",
  maxGuard: "Max Guard",
  resolve: "Resolve",
} as const;

const bonus = (label: string) =>
  z.number().int().min(1).optional().describe(`+N ${label} this rank grants (printed as "+N ${label}")`);

export const rankBonuses = z
  .object({
    maxVitality: bonus("Max Vitality"),
    maxStrain: bonus("Max Strain"),
    maxGuard: bonus("Max Guard"),
    resolve: bonus("Resolve"),
  })
  .strict()
  .describe("The rank's `Bonuses:` line as numbers, keys in the order printed");

/** What an ability hands out in numbers or ids, so packages/rules can use it without reading prose. */
export const abilityGrants = z
  .object({
    wildcardMasterySlots: z.number().int().min(1).optional().describe("Extra wildcard mastery slots"),
    bonusMasterySlots: z
      .object({
        count: z.number().int().min(1).describe("How many bonus mastery slots"),
        restriction: z
          .enum(["resonance", "resonance-or-art"])
          .describe("What they must hold: a Resonance only, or Resonances and Arts"),
      })
      .strict()
      .optional()
      .describe("Bonus mastery slots with the restriction the text puts on them (ch. 08)"),
    threads: z.number().int().min(1).optional().describe("Extra Threads"),
    masteryDomains: z
      .array(entryId("mastery-domain"))
      .optional()
      .describe("Mastery domains the ability opens, as ids"),
    weaponWeightClasses: z
      .array(z.enum(WEIGHT_CLASSES))
      .optional()
      .describe("Weapon weight classes the ability lets the character equip"),
    armorCategories: z
      .array(z.enum(ARMOR_CATEGORIES))
      .optional()
      .describe("Armor categories the ability lets the character equip"),
    spellcastingAttribute: attribute
      .optional()
      .describe("The ability grants spellcasting with this attribute"),
    spellFoci: z.boolean().optional().describe("The ability lets gear slots hold spell foci"),
    maneuvers: z
      .array(entryId("maneuver"))
      .optional()
      .describe("Maneuvers the ability gives access to, as ids"),
    reactions: z
      .array(entryId("reaction"))
      .optional()
      .describe("Reactions the ability gives access to, as ids"),
  })
  .strict()
  .describe(
    "The ability's effect in numbers and ids, where the text gives them; the prose stays authoritative",
  );

export const archetypeAbility = z
  .object({
    name: z.string().min(1).describe("Ability name as printed"),
    effect: prose(
      "What the ability does, verbatim (absent where the catalog prints the name only)",
    ).optional(),
    grants: abilityGrants.optional(),
  })
  .strict()
  .describe("One ability of a rank");

export const archetypeRankEntry = z
  .object({
    rank: z.number().int().min(1).max(3).describe("Rank number (R1–R3); R3 realizes the archetype"),
    bonuses: rankBonuses,
    abilities: z
      .array(archetypeAbility)
      .min(1)
      .describe("Abilities gained at this rank, in the book's order"),
    statBlocks: z
      .array(z.string().regex(/^[a-z-]+\/[a-z0-9]+(?:-[a-z0-9]+)*$/, { message: "must be an entry id" }))
      .optional()
      .describe(
        "Ids of entries whose stat blocks the catalog prints under this rank (e.g. `maneuver/enter-frenzy`); they live in their own catalogs",
      ),
  })
  .strict()
  .describe("One rank of the archetype");

export const ancestryStats = z
  .object({
    spd: z.number().int().min(1).optional().describe("SPD the ancestry sets (ch. 05)"),
    sen: z.number().int().min(1).optional().describe("SEN the ancestry sets (ch. 05)"),
    size: z
      .string()
      .regex(/^\d+[A-Z]$/, { message: "must look like 1M" })
      .optional()
      .describe("SIZE the ancestry sets, e.g. 1M (ch. 05)"),
    source: z
      .string()
      .regex(/^(\d\d|[AB])$/)
      .optional()
      .describe(
        "Core Rules chapter that states these values when the catalog does not (e.g. 12 for Half-Elf)",
      ),
  })
  .strict()
  .describe("SPD, SEN and SIZE an ancestry archetype determines (ch. 12, step 4)");

const archetypeFields = entryBase("archetype")
  .extend({
    type: z.enum(ARCHETYPE_TYPES).describe("Ancestry, basic path or specialist path (ch. 07)"),
    ancestryStats: ancestryStats.optional(),
    masteryDomains: z
      .array(entryId("mastery-domain"))
      .optional()
      .describe("Mastery domains the archetype grants from R1, as ids, where the source says"),
    prerequisites: prose("What a specialist path requires").optional(),
    description: prose("What the source says of the archetype outside its ranks").optional(),
    ranks: z
      .array(archetypeRankEntry)
      .max(3)
      .optional()
      .describe("Ranks 1–3 in order; absent where the source lost them"),
  })
  .strict()
  .superRefine((value, ctx) => {
    value.ranks?.forEach((rank, index) => {
      if (rank.rank !== index + 1) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["ranks", index, "rank"],
          message: `rank ${rank.rank} is listed in position ${index + 1}; list ranks 1, 2, 3 in order`,
        });
      }
    });
    if (value.ancestryStats && value.type !== "ancestry") {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["ancestryStats"],
        message: "only ancestry archetypes set SPD, SEN and SIZE",
      });
    }
  });

export type Archetype = z.output<typeof archetypeFields>;

export const archetypeSchema: z.ZodType<Archetype, z.ZodTypeDef, unknown> = withStatus(
  archetypeFields,
).describe("An archetype: ancestry, basic path or specialist path, rank by rank (ch. 07, Archetypes)");
export type ArchetypeRank = z.infer<typeof archetypeRankEntry>;

export const archetypeKind = defineKind({
  kind: "archetype",
  folder: "archetypes",
  label: "Archetype",
  plural: "Archetypes",
  description: "An archetype: ancestry, basic path or specialist path, rank by rank (ch. 07, Archetypes)",
  nameResolution: "primary",
  searchRank: 6,
  schema: archetypeSchema,
});
