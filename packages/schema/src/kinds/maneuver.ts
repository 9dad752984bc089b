// Schema for Maneuver entries (content/maneuvers/), and the cost/frequency fields reactions share
import { z } from "zod";
import { byStatus } from "../fields/by-status.ts";
import { prose } from "../fields/prose.ts";
import { defineKind } from "../kind.ts";
import { sourceMention } from "./mastery.ts";

/** Cost as a stat block heading prints it: `(Vigor 1)`, `(variable cost)`, or no cost at all. */
export const actionCost = z
  .union([
    z
      .object({ vigor: z.number().int().min(1).describe('Vigor paid to take it: "Vigor 2" is 2') })
      .strict()
      .describe("A fixed Vigor cost"),
    z
      .literal("variable")
      .describe('"variable cost": the price depends on what it does (e.g. the spell cast)'),
    z.literal("free").describe("No Vigor cost, as the book states (e.g. Brace)"),
  ])
  .describe('Cost: { "vigor": N }, "variable" or "free" (ch. 19)');
export type ActionCost = z.infer<typeof actionCost>;

/** How often it may be taken, as printed in the heading: `1/turn`. */
export const frequency = z
  .string()
  .regex(/^[1-9]\d*\/(turn|round|combat|interlude)$/, { message: "must look like `1/turn`" })
  .describe('Limit on uses as the heading prints it, e.g. "1/turn"; absent when the book sets none');

/** The fields every maneuver and reaction has; `cost` and `effect` are the stat block, required once complete. */
export const actionFields = {
  cost: actionCost,
  frequency: frequency.optional(),
  fullTurn: z
    .boolean()
    .optional()
    .describe(
      "true for a full-turn maneuver: no other maneuvers that turn except the free Move (ch. 19, 25)",
    ),
  effect: prose("What it does, verbatim from its stat block"),
  summary: prose(
    "The book's one-line identification from Appendix B (Glossary), verbatim; carried while the stat block is lost",
  ).optional(),
  mentions: z
    .array(sourceMention)
    .optional()
    .describe(
      "Passages elsewhere in the book that say what it does; all there is while the stat block is lost",
    ),
};

export const maneuverSchema = byStatus("maneuver", actionFields).describe(
  "A maneuver: cost, frequency and effect (ch. 19)",
);
export type Maneuver = z.infer<typeof maneuverSchema>;

export const maneuverKind = defineKind({
  kind: "maneuver",
  folder: "maneuvers",
  label: "Maneuver",
  plural: "Maneuvers",
  description: "A maneuver: cost, frequency and effect (ch. 19)",
  nameResolution: "primary",
  searchRank: 2,
  schema: maneuverSchema,
});
