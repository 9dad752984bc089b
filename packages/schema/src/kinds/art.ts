// Schema for Art entries (content/arts/): type, base cost, basic shape and effect ladders (ch. 24, Spellcasting)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { effectLadder, prose } from "../fields/prose.ts";
import { defineKind } from "../kind.ts";

/** Art types as the Spellcasting catalog prints them in `[ART] Name (Type)`. */
export const ART_TYPES = ["Attack", "Utility", "Restoration"] as const;
export const artType = z
  .enum(ART_TYPES)
  .describe("The Art's type, as printed after its name: Attack, Utility or Restoration");

/** The two tracks an Art with two ladders resolves against ("Effect (Vitality)", "Effect (Strain)"). */
export const EFFECT_TRACKS = ["Vitality", "Strain"] as const;
export const effectTrack = z
  .enum(EFFECT_TRACKS)
  .describe('The track a ladder works on: Vitality or Strain, as in "Effect (Vitality)"');

export const SHAPINGS = ["Shapeable", "Fixed"] as const;
const shaping = z
  .enum(SHAPINGS)
  .describe(
    "Shapeable: the caster may pay +1 Vigor per step to upgrade this dimension (ch. 24); Fixed: it never changes",
  );

/** One dimension of the basic shape: the value at base cost and whether it can be shaped. */
const shapeDimension = (what: string, value: z.ZodString) =>
  z
    .object({ value, shaping })
    .strict()
    .describe(`${what} at the Art's base Vigor cost, and whether spell-shaping can upgrade it`);

export const basicShape = z
  .object({
    range: shapeDimension(
      "Basic range: Self, Touch, SEN or a number of squares",
      z
        .string()
        .regex(/^(Self|Touch|SEN|[1-9]\d*)$/, { message: "must be Self, Touch, SEN or a number of squares" })
        .describe("Range as printed: Self, Touch, SEN or a number of squares"),
    ),
    duration: shapeDimension(
      "Basic duration: instantaneous or a number of rounds",
      z
        .string()
        .regex(/^(instantaneous|[1-9]\d* rounds?)$/, { message: "must be instantaneous or N round(s)" })
        .describe("Duration as printed: instantaneous, 1 round, N rounds"),
    ),
    area: shapeDimension(
      "Basic area (area shaping is capped at step 4, ch. 24)",
      z.string().min(1).describe("Area as printed, e.g. single target"),
    ),
  })
  .strict()
  .describe("The Art's basic shape: default range, duration and area, each Shapeable or Fixed (ch. 24)");

/** A 0s / 1s / 2s / 3+ / overflow ladder, labeled with its track when the Art has two. */
export const artEffect = effectLadder(
  "The Art's effect by result band; the 0s band includes the graze Strain",
)
  .extend({
    track: effectTrack
      .optional()
      .describe(
        'Which track this ladder works on ("Effect (Vitality)"); absent when the Art has a single ladder',
      ),
  })
  .strict();

/** Fields the Spellcasting catalog prints for every Art; an Art known only by name lists them in `missing`. */
const STAT_BLOCK_FIELDS = ["type", "baseCost", "basicShape", "description", "effects"] as const;

/** The entry's fields; `artSchema` adds the status and completeness checks. */
export const artEntry = entryBase("art")
  .extend({
    type: artType.optional(),
    baseCost: z
      .number()
      .int()
      .min(0)
      .optional()
      .describe('Base Cost in Vigor, before spell-shaping upgrades ("Base Cost: 2 Vigor")'),
    basicShape: basicShape.optional(),
    description: prose('The evocative lines on the Art\'s fiction ("Description:")').optional(),
    ladderNote: prose(
      "Text between the description and the ladders, e.g. how the Resonance picks one of two ladders",
    ).optional(),
    effects: z
      .array(artEffect)
      .min(1)
      .max(2)
      .optional()
      .describe("The Art's effect ladders in book order: one, or one per track (Vitality, Strain)"),
    rules: z
      .array(prose("One paragraph of Art-specific universal mechanics"))
      .min(1)
      .optional()
      .describe(
        "Art-specific universal mechanics printed after the ladders, one paragraph each, in book order",
      ),
  })
  .strict();

export const artSchema = withStatus(
  artEntry.superRefine((art, ctx) => {
    if (art.status !== "complete") return;
    for (const field of STAT_BLOCK_FIELDS) {
      if (art[field] === undefined) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [field],
          message: `a complete Art needs \`${field}\`; if the source lost it, mark the entry incomplete`,
          params: { code: "stat-block-field-required" },
        });
      }
    }
    const effects = art.effects ?? [];
    const tracks = effects.map((effect) => effect.track);
    const labeled = effects.length > 1;
    if (tracks.some((track) => (track === undefined) === labeled) || new Set(tracks).size !== tracks.length) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["effects"],
        message: "an Art with two ladders labels each with a different `track`; a single ladder has none",
        params: { code: "effect-tracks" },
      });
    }
  }),
).describe("An Art: a spell's verb, with cost, basic shape and effect ladders (ch. 24, Spellcasting)");
export type Art = z.infer<typeof artEntry>;
export type ArtEffect = z.infer<typeof artEffect>;

export const artKind = defineKind({
  kind: "art",
  folder: "arts",
  label: "Art",
  plural: "Arts",
  description: "An Art: a spell's verb, with cost, basic shape and effect ladders (ch. 24, Spellcasting)",
  nameResolution: "primary",
  searchRank: 4,
  schema: artSchema,
});
