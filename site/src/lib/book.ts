// The printed book's order, the source's: the Core Rules chapters and their appendices, then each catalog (its text,
// then its entries), then the remaining kinds — one list the print page and the PDF's checks both read
import { KINDS } from "@momenta/schema";
import type { Chapter, ContentGraph, Entry } from "./content.ts";

export type BookPart =
  | { type: "chapter"; id: string; title: string; chapter: Chapter; label: string }
  | { type: "entries"; id: string; title: string; kind: string; entries: readonly Entry[] };

const isAppendix = (chapter: Chapter) => /^[A-Z]$/.test(chapter.frontmatter.chapter ?? "");

/** Every part of the book in print order; every entry and chapter of the graph is in exactly one part. */
export function bookParts(graph: ContentGraph): BookPart[] {
  const parts: BookPart[] = [];
  const placed = new Set<string>();
  const chapterPart = (chapter: Chapter): BookPart => ({
    type: "chapter",
    id: chapter.id,
    title: chapter.frontmatter.title,
    chapter,
    label: chapter.frontmatter.chapter
      ? `${isAppendix(chapter) ? "Appendix" : "Chapter"} ${chapter.frontmatter.chapter}`
      : "Catalog",
  });
  const entriesPart = (kind: string) => {
    placed.add(kind);
    const definition = KINDS.find((candidate) => candidate.kind === kind);
    parts.push({
      type: "entries",
      id: `catalog/${kind}`,
      title: definition?.plural ?? kind,
      kind,
      entries: graph.byKind(kind),
    });
  };
  const catalogs = graph.chapters.filter((chapter) => chapter.frontmatter.catalog);
  for (const chapter of graph.chapters)
    if (!chapter.frontmatter.catalog && !isAppendix(chapter)) parts.push(chapterPart(chapter));
  // the source prints Appendix A (Tags) and B (Glossary) right after the Core Rules, before the catalogs
  for (const chapter of graph.chapters) if (isAppendix(chapter)) parts.push(chapterPart(chapter));
  for (const chapter of catalogs) {
    parts.push(chapterPart(chapter));
    for (const kind of chapter.frontmatter.catalog?.kinds ?? [])
      if (!placed.has(kind) && graph.byKind(kind).length > 0) entriesPart(kind);
  }
  for (const definition of KINDS)
    if (!placed.has(definition.kind) && graph.byKind(definition.kind).length > 0)
      entriesPart(definition.kind);
  return parts;
}
