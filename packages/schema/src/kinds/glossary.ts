// Schema for Glossary term entries (content/glossary/): one line of Appendix B and the chapter it points to
import { z } from "zod";
import { byStatus } from "../fields/by-status.ts";
import { prose } from "../fields/prose.ts";
import { defineKind } from "../kind.ts";

/** The pointer that ends each glossary line, e.g. `Conditions and States` (ch. 22) or `Appendix A · Tags`. */
export const glossaryChapter = z
  .object({
    number: z
      .string()
      .regex(/^(\d\d|[AB])$/, { message: "must be a chapter number 00–30 or an appendix letter A or B" })
      .describe('The chapter\'s number as its breadcrumb gives it ("22") or the appendix letter ("A")'),
    title: z
      .string()
      .min(1)
      .describe(
        'The pointer exactly as the glossary prints it: "Conditions and States", "Appendix A · Tags"',
      ),
  })
  .strict()
  .describe("The chapter that defines the term; the chapter is always authoritative");

export const glossaryTermSchema = byStatus("glossary", {
  definition: prose("The glossary's one-line identification of the term, verbatim"),
  chapter: glossaryChapter,
}).describe("A glossary term: its definition and the chapter that defines it (Appendix B)");
export type GlossaryTerm = z.infer<typeof glossaryTermSchema>;

export const glossaryTermKind = defineKind({
  kind: "glossary",
  folder: "glossary",
  label: "Glossary term",
  plural: "Glossary",
  description: "A glossary term: its definition and the chapter that defines it (Appendix B)",
  nameResolution: "fallback",
  searchRank: 23,
  definesTerm: true,
  schema: glossaryTermSchema,
});
