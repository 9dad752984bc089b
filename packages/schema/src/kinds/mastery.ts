// Schema for Mastery entries (content/masteries/): type board, domain, slot cost, tags, set and effect
import { z } from "zod";
import { entryBase, entryId, source, withStatus } from "../fields/entry.ts";
import { prose } from "../fields/prose.ts";
import { masteryType } from "../fields/vocabulary.ts";
import { defineKind } from "../kind.ts";

/** Mastery tags the rules define (ch. 17: Dedication masteries cannot be retrained). */
export const MASTERY_TAGS = ["Dedication"] as const;

/** A passage of the rules that names an entry whose own stat block was lost: the only text there is of it. */
export const sourceMention = z
  .object({
    source,
    text: prose("The passage, verbatim"),
  })
  .strict()
  .describe("Where the rules text speaks of this entry, and what it says, verbatim");

const masteryFields = entryBase("mastery")
  .extend({
    type: masteryType.optional(),
    domain: entryId("mastery-domain").optional().describe("Id of the mastery domain it belongs to"),
    slotCost: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe("Mastery slots it takes, all on one board (ch. 08)"),
    tags: z.array(z.enum(MASTERY_TAGS)).optional().describe("Mastery tags, e.g. Dedication"),
    set: entryId("mastery-set").optional().describe("Id of the mastery set it belongs to"),
    resonance: entryId("resonance")
      .optional()
      .describe(
        "The Resonance this mastery gives access to; access costs 1 slot, 2 for rare and powerful ones (Spellcasting Catalog)",
      ),
    effect: prose("What the mastery does").optional(),
    mentions: z
      .array(sourceMention)
      .optional()
      .describe(
        "Passages elsewhere in the book that name this mastery; all there is where the catalog was lost",
      ),
  })
  .strict();

/** Typed from the fields: withStatus's result is typed `any`, which would erase the entry type. */
export type Mastery = z.output<typeof masteryFields>;

export const masterySchema: z.ZodType<Mastery, z.ZodTypeDef, unknown> = withStatus(masteryFields).describe(
  "A mastery: type, domain, slot cost, tags and effect (ch. 08, Masteries catalog)",
);
export type SourceMention = z.infer<typeof sourceMention>;

export const masteryKind = defineKind({
  kind: "mastery",
  folder: "masteries",
  label: "Mastery",
  plural: "Masteries",
  description: "A mastery: type, domain, slot cost, tags and effect (ch. 08, Masteries catalog)",
  nameResolution: "primary",
  searchRank: 18,
  schema: masterySchema,
});
