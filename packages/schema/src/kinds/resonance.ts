// Schema for Resonance entries (content/resonances/): description and one entry per Art it supports (ch. 24)
import { z } from "zod";
import { entryBase, kindIdPattern, withStatus } from "../fields/entry.ts";
import { prose } from "../fields/prose.ts";
import { attribute } from "../fields/vocabulary.ts";
import { defineKind } from "../kind.ts";
import { effectTrack } from "./art.ts";

/** A field holding exactly one `[[reference]]`, so the linter resolves it like any prose reference. */
const singleReference = (what: string) =>
  z
    .string()
    .regex(/^\[\[[^[\]\n]+\]\]$/, { message: "must be one reference such as [[Shrouded]]" })
    .describe(`${what}, written as one reference`);

export const OPPOSITION_ROLLS = ["action", "luck"] as const;

export const opposition = z
  .object({
    attribute: attribute.describe("The attribute the target rolls to oppose the spell"),
    roll: z
      .enum(OPPOSITION_ROLLS)
      .describe(
        'action: "Opposable by POW action roll"; luck: "Opposable by a luck roll" (LUCK, no modifiers)',
      ),
  })
  .strict()
  .describe("The spell is Opposable: the target may make this free opposition roll (ch. 24)");

/** What one Resonance does with one Art; only the parts the catalog prints for that combination. */
export const resonanceArtEntry = z
  .object({
    art: z
      .string()
      .regex(kindIdPattern("art"), { message: "must be an Art id such as art/rend" })
      .describe("Id of the Art this entry is for, e.g. art/rend"),
    supported: z
      .literal(false)
      .optional()
      .describe('false when the Resonance lists the Art as "Not Supported."; omitted otherwise'),
    ladders: z
      .array(effectTrack)
      .min(1)
      .max(2)
      .optional()
      .describe(
        'Which of the Art\'s ladders apply ("Deals Vitality damage", "Heals Strain"); two means caster\'s choice',
      ),
    bonusDamage: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('Bonus damage added to the damage ladder ("Bonus damage +2")'),
    attackTags: z
      .array(singleReference("A tag or damage type, e.g. [[Fire]] or [[Indefensible]]"))
      .min(1)
      .optional()
      .describe("Additional attack tags the combination carries, in book order"),
    condition: singleReference(
      "The Resonance-defined condition, e.g. [[Wracked (Fire)]] or [[Shrouded]]",
    ).optional(),
    opposableBy: opposition.optional(),
    bolsterEffect: prose('The Resonance-defined bolster effect ("Bolster Effect:")').optional(),
    qualifyingRolls: prose("The Resonance-defined qualifying rolls that gain the Bolster dice").optional(),
    bonusEffect: z
      .object({
        Vitality: prose("Bonus effect on the Vitality ladder").optional(),
        Strain: prose("Bonus effect on the Strain ladder").optional(),
      })
      .strict()
      .optional()
      .describe('The Resonance-defined bonus effect ("Bonus Effect:"), keyed by the ladder it comes with'),
    notes: prose("Any further text on how the Resonance reshapes the Art").optional(),
  })
  .strict()
  .describe(
    "One supported Art: the combination's ladder, tags, condition, opposition and Art-specific effects",
  );
export type ResonanceArtEntry = z.infer<typeof resonanceArtEntry>;

/** The entry's fields; `resonanceSchema` adds the status and completeness checks. */
export const resonanceEntry = entryBase("resonance")
  .extend({
    description: prose('The evocative lines on the Resonance\'s fiction ("Description:")').optional(),
    entries: z
      .array(resonanceArtEntry)
      .min(1)
      .optional()
      .describe(
        "One entry per Art the Resonance lists, in book order; Arts not listed cannot be cast with it",
      ),
  })
  .strict();

export const resonanceSchema = withStatus(
  resonanceEntry.superRefine((resonance, ctx) => {
    if (resonance.status === "complete") {
      for (const field of ["description", "entries"] as const) {
        if (resonance[field] === undefined) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: [field],
            message: `a complete Resonance needs \`${field}\`; if the source lost it, mark the entry incomplete`,
            params: { code: "stat-block-field-required" },
          });
        }
      }
    }
    const seen = new Set<string>();
    (resonance.entries ?? []).forEach((entry, index) => {
      if (seen.has(entry.art)) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["entries", index, "art"],
          message: `${entry.art} has two entries; a Resonance lists each Art once`,
          params: { code: "duplicate-art" },
        });
      }
      seen.add(entry.art);
      const bonusLadders = Object.keys(entry.bonusEffect ?? {});
      const stray = bonusLadders.filter(
        (ladder) => !entry.ladders?.includes(ladder as "Vitality" | "Strain"),
      );
      if (stray.length > 0) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["entries", index, "bonusEffect"],
          message: `bonus effect for ${stray.join(", ")}, but \`ladders\` does not list it`,
          params: { code: "bonus-effect-ladder" },
        });
      }
      if (
        entry.supported === false &&
        Object.keys(entry).some((key) => key !== "art" && key !== "supported")
      ) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["entries", index],
          message: "an Art marked not supported carries no other fields",
          params: { code: "unsupported-with-fields" },
        });
      }
    });
  }),
).describe("A Resonance: a spell's flavor, with one entry per Art it supports (ch. 24, Spellcasting)");
export type Resonance = z.infer<typeof resonanceEntry>;

export const resonanceKind = defineKind({
  kind: "resonance",
  folder: "resonances",
  label: "Resonance",
  plural: "Resonances",
  description: "A Resonance: a spell's flavor, with one entry per Art it supports (ch. 24, Spellcasting)",
  nameResolution: "primary",
  searchRank: 5,
  schema: resonanceSchema,
});
