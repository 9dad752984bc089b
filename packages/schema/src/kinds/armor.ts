// Schema for Armor entries (content/armor/)
import { z } from "zod";
import { byStatus } from "../fields/by-status.ts";
import { prose } from "../fields/prose.ts";
import { armorCategory, attribute } from "../fields/vocabulary.ts";
import { defineKind } from "../kind.ts";

export const armorSchema = byStatus("armor", {
  category: armorCategory,
  effect: prose('The protection effect as printed, e.g. "+2 Max Guard"'),
  guardBonus: z
    .number()
    .int()
    .min(0)
    .describe("The Max Guard bonus of `effect` as a number (+2 Max Guard → 2); must agree with `effect`"),
  penalty: prose(
    'The Penalty line as printed, e.g. "-1d on all AGI action rolls"; null where the book prints "none"',
  )
    .nullable()
    .describe(
      'The Penalty line as printed, e.g. "-1d on all AGI action rolls"; null where the book prints "none"',
    ),
  rollPenalty: z
    .object({
      attribute: attribute.describe("Attribute whose action rolls take the penalty"),
      dice: z.number().int().min(1).describe("Dice removed from each such roll (-1d → 1)"),
    })
    .strict()
    .optional()
    .describe(
      "The penalty as numbers, where it is a dice penalty on one attribute's action rolls; must agree with `penalty`",
    ),
})
  .superRefine((value, ctx) => {
    const bonus = /^\+(\d+) Max Guard$/.exec(value.effect ?? "");
    if (value.guardBonus !== undefined && (!bonus || Number(bonus[1]) !== value.guardBonus)) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["guardBonus"],
        message: `\`guardBonus\` is ${value.guardBonus} but \`effect\` does not read "+${value.guardBonus} Max Guard"`,
        params: { code: "guard-bonus-mismatch" },
      });
    }
    if (value.rollPenalty) {
      const { attribute: which, dice } = value.rollPenalty;
      if (value.penalty !== `-${dice}d on all ${which} action rolls`) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: ["rollPenalty"],
          message: `\`rollPenalty\` says -${dice}d on ${which} action rolls but \`penalty\` reads "${value.penalty}"`,
          params: { code: "roll-penalty-mismatch" },
        });
      }
    }
  })
  .describe("An armor stat block (ch. 11, Equipment catalog)");
export type Armor = z.infer<typeof armorSchema>;

export const armorKind = defineKind({
  kind: "armor",
  folder: "armor",
  label: "Armor",
  plural: "Armor",
  description: "An armor stat block (ch. 11, Equipment catalog)",
  nameResolution: "primary",
  searchRank: 10,
  catalogGroup: "category",
  schema: armorSchema,
});
