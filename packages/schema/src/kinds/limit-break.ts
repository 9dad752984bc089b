// Schema for Limit Break entries (content/limit-breaks/): category, prerequisite and effect (ch. 25–26, catalog)
import { z } from "zod";
import { entryBase, kindIdPattern, withStatus } from "../fields/entry.ts";
import { prose } from "../fields/prose.ts";
import { core } from "../fields/vocabulary.ts";
import { defineKind } from "../kind.ts";

export const LIMIT_BREAK_CATEGORIES = ["general", "archetype", "combo"] as const;
export const limitBreakCategory = z
  .enum(LIMIT_BREAK_CATEGORIES)
  .describe(
    "general: gated by a core minimum; archetype: unlocked by realizing an archetype; combo: needs a mutual Bond 4+",
  );

export const corePrerequisite = z
  .object({
    core: core.describe('The core the character needs ("Prerequisite: BODY 2")'),
    minimum: z.number().int().min(1).describe("The lowest value of that core that qualifies"),
  })
  .strict()
  .describe("General Limit Break: any character whose core meets the minimum may equip it");

export const archetypePrerequisite = z
  .object({
    archetype: z
      .string()
      .regex(kindIdPattern("archetype"), {
        message: "must be an archetype id such as archetype/warrior",
      })
      .describe('Id of the archetype that must be realized ("Prerequisite: Warrior Realized")'),
  })
  .strict()
  .describe(
    "Archetype Limit Break: unlocks when that archetype is realized; no attribute or core prerequisite",
  );

export const bondPrerequisite = z
  .object({
    mutualBond: z
      .number()
      .int()
      .min(4)
      .max(5)
      .describe("Mutual Bond intensity every participant needs: 4, or 5 for some (ch. 25)"),
    additional: prose(
      "Further prerequisites the entry states (all participants adjacent, a required archetype, a formation …)",
    ).optional(),
  })
  .strict()
  .describe("Combo Limit Break: performed together by partners who share the mutual Bond");

/** Which prerequisite shape each category takes. */
const PREREQUISITE_KEY = { general: "core", archetype: "archetype", combo: "mutualBond" } as const;

/** The entry's fields; `limitBreakSchema` adds the status and completeness checks. */
export const limitBreakEntry = entryBase("limit-break")
  .extend({
    category: limitBreakCategory.optional(),
    prerequisite: z
      .union([corePrerequisite, archetypePrerequisite, bondPrerequisite])
      .optional()
      .describe(
        "What a character needs to equip it, by category: core minimum, realized archetype or mutual Bond",
      ),
    effect: prose('What the Limit Break does ("Effect:")').optional(),
    notes: z
      .array(prose("One paragraph of further rules printed after the effect"))
      .min(1)
      .optional()
      .describe("Paragraphs after the effect, in book order"),
  })
  .strict();

export const limitBreakSchema = withStatus(
  limitBreakEntry.superRefine((limitBreak, ctx) => {
    if (limitBreak.status === "complete") {
      for (const field of ["category", "prerequisite", "effect"] as const) {
        if (limitBreak[field] === undefined) {
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: [field],
            message: `a complete Limit Break needs \`${field}\`; if the source lost it, mark the entry incomplete`,
            params: { code: "stat-block-field-required" },
          });
        }
      }
    }
    const { category, prerequisite } = limitBreak;
    if (category && prerequisite && !(PREREQUISITE_KEY[category] in prerequisite)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["prerequisite"],
        message: `a ${category} Limit Break's prerequisite needs \`${PREREQUISITE_KEY[category]}\``,
        params: { code: "prerequisite-category" },
      });
    }
  }),
).describe("A Limit Break: a signature full-turn maneuver (ch. 26, Limit Breaks catalog)");
export type LimitBreak = z.infer<typeof limitBreakEntry>;

export const limitBreakKind = defineKind({
  kind: "limit-break",
  folder: "limit-breaks",
  label: "Limit Break",
  plural: "Limit Breaks",
  description: "A Limit Break: a signature full-turn maneuver (ch. 26, Limit Breaks catalog)",
  nameResolution: "primary",
  searchRank: 7,
  catalogGroup: "category",
  schema: limitBreakSchema,
});
