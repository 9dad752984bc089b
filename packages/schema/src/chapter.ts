// Frontmatter of a Core Rules chapter (content/rules/*.mdx) and the MDX components chapters may use
import { z } from "zod";
import { SLUG_PATTERN } from "./fields/entry.ts";

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

export const chapterFrontmatterSchema = z
  .object({
    id: z
      .string()
      .regex(/^chapter\/[a-z0-9]+(?:-[a-z0-9]+)*$/)
      .describe("Stable id `chapter/slug`; the page lives at /chapter/slug/"),
    title: z.string().min(1).describe('Chapter title as printed, e.g. "Conditions and States"'),
    chapter: z
      .string()
      .regex(/^(\d\d|[AB])$/)
      .describe("Chapter number (00–30) or appendix letter (A, B), as in the seed's breadcrumb"),
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
      .describe("The Moment (part of the book) this chapter belongs to"),
    order: z.number().int().min(0).describe("Position in reading order, 0-based"),
    summary: z.string().min(1).max(200).describe("One line saying what the chapter covers"),
    aliases: z.array(z.string().min(1)).optional().describe('Other names "See …" pointers may use for it'),
  })
  .strict()
  .describe("Frontmatter of one Core Rules chapter");
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
  EntryList: {
    description: "Lists every entry of a kind (e.g. the glossary, generated rather than typed twice)",
    attributes: ["kind"],
  },
} as const;
export type ChapterComponentName = keyof typeof CHAPTER_COMPONENTS;

export { SLUG_PATTERN };
