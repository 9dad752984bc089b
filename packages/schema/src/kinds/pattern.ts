// Schema for Pattern entries (content/patterns/): a dice pattern (Double N, Triple N …) and what it triggers
import { z } from "zod";
import { byStatus } from "../fields/by-status.ts";
import { prose } from "../fields/prose.ts";
import { defineKind } from "../kind.ts";

/** The pattern sizes of ch. 04; Quad is the book's short form of Quadruple. */
export const PATTERN_SIZES = ["Double", "Triple", "Quad"] as const;

export const dicePattern = z
  .object({
    size: z
      .enum(PATTERN_SIZES)
      .describe("How many dice must match: Double (2), Triple (3) or Quad (4, short for Quadruple)"),
    value: z
      .union([
        z.literal("N").describe("Any face; N stands for the matched value"),
        z.number().int().min(1).max(6).describe("Only this face"),
      ])
      .describe('The matched face: "N" for any ("Double N"), or a face 1–6 when the pattern names one'),
  })
  .strict()
  .describe(
    'The dice the pattern needs, as the heading writes it: Double N is { "size": "Double", "value": "N" }',
  );

export const patternSchema = byStatus("pattern", {
  pattern: dicePattern,
  appliesTo: prose("The rolls it can be applied to, verbatim from the Applies to: line"),
  effect: prose("What it does when allocated, verbatim; N is the matched face"),
}).describe("A dice pattern such as Solid Hit (ch. 04)");
export type Pattern = z.infer<typeof patternSchema>;

export const patternKind = defineKind({
  kind: "pattern",
  folder: "patterns",
  label: "Pattern",
  plural: "Patterns",
  description: "A dice pattern such as Solid Hit (ch. 04)",
  nameResolution: "primary",
  searchRank: 8,
  schema: patternSchema,
});
