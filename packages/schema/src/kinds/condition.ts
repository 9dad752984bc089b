// Schema for Condition entries (content/conditions/): stacking cap, clear type, effect, parameter
import { z } from "zod";
import { byStatus } from "../fields/by-status.ts";
import { entryId } from "../fields/entry.ts";
import { prose } from "../fields/prose.ts";
import { attribute } from "../fields/vocabulary.ts";
import { defineKind } from "../kind.ts";

/** Stacking (ch. 22): `false`, `{ "max": N }` or `"unlimited"`; the linter reads the cap from here. */
export const stackable = z
  .union([
    z.literal(false).describe('Not stackable ("Stackable: no"); counts as 1 stack for clearing'),
    z
      .object({
        max: z
          .number()
          .int()
          .min(2)
          .describe(
            'Most stacks the condition can have ("Stackable: yes (max 3)"); ch. 22 caps all stacks at 3',
          ),
      })
      .strict()
      .describe("Stackable up to a cap"),
    z.literal("unlimited").describe('Stackable without a cap ("Stackable: yes (unlimited)"), like Faltering'),
  ])
  .describe('Whether the condition stacks, written Condition N: false, { "max": N } or "unlimited" (ch. 22)');
export type Stackable = z.infer<typeof stackable>;

/** The three clear types of ch. 22. */
export const clearType = z
  .discriminatedUnion("type", [
    z
      .object({
        type: z.literal("auto-clear").describe("Lose 1 stack at the end of the affected combatant's turn"),
      })
      .strict(),
    z
      .object({
        type: z
          .literal("roll-to-clear")
          .describe("At the end of the turn, roll the attribute and remove one stack per success"),
        attributes: z
          .array(attribute)
          .min(1)
          .describe(
            'The attribute(s) the book names, in its order: "roll-to-clear (POW or AGI)" lists POW and AGI',
          ),
      })
      .strict(),
    z
      .object({
        type: z
          .literal("persistent")
          .describe("Never clears on its own; only the means its description gives remove it"),
      })
      .strict(),
  ])
  .describe("Clear type (ch. 22): auto-clear, roll-to-clear with its attribute(s), or persistent");
export type ClearType = z.infer<typeof clearType>;

/** What the parenthesised parameter of a condition names, e.g. Wracked (Damage Type). */
export const conditionParameter = z
  .object({
    label: z
      .string()
      .min(1)
      .describe('The parameter as printed in the heading: "Damage Type", "Affliction Type"'),
    of: z
      .enum(["damage-type", "affliction"])
      .describe(
        "What fills it: a damage-type entry (Wracked (Fire)) or an Affliction, i.e. a condition whose `typeOf` is this condition",
      ),
    required: z
      .boolean()
      .describe(
        'true when the condition is never applied without it ("always accompanied by a damage type")',
      ),
  })
  .strict()
  .describe("The parameter a reference supplies in parentheses, as in [[Wracked 2 (Fire)]]");

export const conditionSchema = byStatus("condition", {
  typeOf: entryId("condition")
    .optional()
    .describe(
      "For a named type of another condition: its id, e.g. Paranoid is a type of `condition/affliction`",
    ),
  d6: z
    .number()
    .int()
    .min(1)
    .max(6)
    .optional()
    .describe(
      "The 1d6 result that inflicts this condition on the table it comes from (ch. 21 Affliction table)",
    ),
  stackable,
  clear: clearType,
  parameter: conditionParameter.optional(),
  effect: prose("What the condition does, verbatim"),
  special: prose("The condition's Special: paragraph (exceptions, other creatures), verbatim").optional(),
}).describe("A condition: stacking, clear type and effect (ch. 22)");
export type Condition = z.infer<typeof conditionSchema>;

export const conditionKind = defineKind({
  kind: "condition",
  folder: "conditions",
  label: "Condition",
  plural: "Conditions",
  description: "A condition: stacking, clear type and effect (ch. 22)",
  nameResolution: "primary",
  referenceCount: "its stacks",
  searchRank: 0,
  schema: conditionSchema,
});
