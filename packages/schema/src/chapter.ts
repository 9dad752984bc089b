// Frontmatter of a Core Rules chapter (content/rules/*.mdx) and the MDX components chapters may use
import { z } from "zod";
import { kindIdPattern, SLUG_PATTERN, SOURCE_BOOKS } from "./fields/entry.ts";
import { KINDS } from "./registry.ts";

/** The Moments (parts) of the Core Rules, in reading order, as the seed's breadcrumbs name them. */
export const MOMENTS = [
  { number: 0, name: "Prologue", label: "Prologue · Welcome" },
  { number: 1, name: "The Basics", label: "Moment 1 · The Basics" },
  { number: 2, name: "Characters", label: "Moment 2 · Characters" },
  { number: 3, name: "Narrative Play", label: "Moment 3 · Narrative Play" },
  { number: 4, name: "Combat", label: "Moment 4 · Combat" },
  { number: 5, name: "Missions and Campaigns", label: "Moment 5 · Missions and Campaigns" },
  { number: 6, name: "Appendices", label: "Appendices" },
] as const;

/** The catalogs of the source, each a document of its own after the Core Rules (`Momenta — Equipment Catalog`). */
export const CATALOG_BOOKS = SOURCE_BOOKS.filter((book) => book !== "core-rules") as [
  Exclude<(typeof SOURCE_BOOKS)[number], "core-rules">,
  ...Exclude<(typeof SOURCE_BOOKS)[number], "core-rules">[],
];

/** Marks a file of content/rules as a catalog's own rules text rather than a Core Rules chapter. */
export const catalogTextSchema = z
  .object({
    book: z
      .enum(CATALOG_BOOKS)
      .describe("The catalog whose text this is, as entries name it in `source.book`"),
    kinds: z
      .array(z.enum(KINDS.map((definition) => definition.kind) as [string, ...string[]]))
      .min(1)
      .describe("Kinds whose catalog pages open with this text, e.g. weapon, armor, focus"),
  })
  .strict()
  .describe("A catalog's own rules text (introduction, notes on its stat blocks): not a numbered chapter");

export const chapterFrontmatterSchema = z
  .object({
    id: z
      .string()
      .regex(kindIdPattern("chapter"))
      .describe("Stable id `chapter/slug`; the page lives at /chapter/slug/"),
    title: z.string().min(1).describe('Chapter title as printed, e.g. "Conditions and States"'),
    chapter: z
      .string()
      .regex(/^(\d\d|[AB])$/)
      .optional()
      .describe(
        "Chapter number (00–30) or appendix letter (A, B), as in the seed's breadcrumb; absent for a catalog's text",
      ),
    moment: z
      .object({
        number: z
          .number()
          .int()
          .min(0)
          .max(6)
          .describe("0 for the Prologue, 1–5 for Moments, 6 for the Appendices"),
        name: z.string().min(1).describe('Moment name, e.g. "Combat"'),
      })
      .strict()
      .optional()
      .describe("The Moment (part of the book) this chapter belongs to; absent for a catalog's text"),
    catalog: catalogTextSchema.optional(),
    order: z.number().int().min(0).describe("Position in reading order, 0-based"),
    summary: z.string().min(1).max(200).describe("One line saying what the chapter covers"),
    aliases: z.array(z.string().min(1)).optional().describe('Other names "See …" pointers may use for it'),
  })
  .strict()
  .superRefine((value, ctx) => {
    // a Core Rules chapter has its breadcrumb's number and Moment; a catalog's text has neither
    const fields = value.catalog ? (["chapter", "moment"] as const) : [];
    for (const key of fields) {
      if (value[key] !== undefined)
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          path: [key],
          message: `a catalog's text has no \`${key}\``,
        });
    }
    if (!value.catalog) {
      for (const key of ["chapter", "moment"] as const) {
        if (value[key] === undefined)
          ctx.addIssue({
            code: z.ZodIssueCode.custom,
            path: [key],
            message: `a chapter needs \`${key}\` (or \`catalog\` for a catalog's text)`,
          });
      }
    }
  })
  .describe("Frontmatter of one Core Rules chapter or of a catalog's own text");
export type ChapterFrontmatter = z.infer<typeof chapterFrontmatterSchema>;

/** MDX components chapters may use. Anything else is a lint error; nothing is ever executed. */
export const CHAPTER_COMPONENTS = {
  DesignNote: { description: "A Design Note from the book, set apart from rules text", attributes: [] },
  GMNote: { description: "A GM Note from the book", attributes: [] },
  Example: { description: "A worked example (Mira, Kira, Grimland …)", attributes: ["title"] },
  StatBlock: { description: "Embeds a catalog entry's stat block by id", attributes: ["id"] },
  MissingTable: {
    description: "Marks a table the source lost and the rules cannot compute; never fill it by invention",
    attributes: ["name", "note"],
  },
  ComputedTable: {
    description: "A table computed by packages/rules and labeled as computed",
    attributes: ["table"],
  },
  SourceNote: {
    description:
      "An editor's note on the source's own wording (a pointer that no longer points anywhere), marked so it never reads as the book's words",
    attributes: ["note"],
  },
  EntryList: {
    description: "Lists every entry of a kind (e.g. the glossary, generated rather than typed twice)",
    attributes: ["kind"],
  },
} as const;
export type ChapterComponentName = keyof typeof CHAPTER_COMPONENTS;

export { SLUG_PATTERN };
