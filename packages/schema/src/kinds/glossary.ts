// Schema for Glossary term entries (content/glossary/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const glossaryTermSchema = withStatus(
  entryBase("glossary")
    .extend({})
    .strict(),
).describe("A glossary term: its definition and the chapter that defines it (Appendix B)");
export type GlossaryTerm = z.infer<typeof glossaryTermSchema>;

export const glossaryTermKind = defineKind({
  kind: "glossary",
  folder: "glossary",
  label: "Glossary term",
  plural: "Glossary",
  description: "A glossary term: its definition and the chapter that defines it (Appendix B)",
  nameResolution: "fallback",
  schema: glossaryTermSchema,
});
