// The printed book's order, the source's: the Core Rules chapters and their appendices, then each catalog (its text,
// then its entries), then the remaining kinds — one list the print page and the PDF's checks both read. A homebrew
// pack's chapters (its catalog texts too) follow the whole core book, pack by pack, each part marked with its pack
import { KINDS } from "@momenta/schema";
import { type Chapter, type ContentGraph, type Entry, packOf } from "./graph.ts";

/** The homebrew pack a part comes from (its badge), with its display name. */
export interface BookPack {
  id: string;
  name: string;
}

export type BookPart =
  | { type: "chapter"; id: string; title: string; chapter: Chapter; label: string; pack?: BookPack }
  | { type: "entries"; id: string; title: string; kind: string; entries: readonly Entry[] };

/** The mark a homebrew part carries in the book, its contents and its running heads. */
export const homebrewBadge = (pack: BookPack) => `Homebrew · ${pack.name}`;

/** A part's running head: its title, and for a pack's part its badge too, so every page of it says whose it is. */
export function runningHead(part: BookPart): string {
  const title = part.title.replace(/\n/g, " ");
  return part.type === "chapter" && part.pack ? `${title} · ${homebrewBadge(part.pack)}` : title;
}

const isAppendix = (chapter: Chapter) => /^[A-Z]$/.test(chapter.frontmatter.chapter ?? "");

/** Every part of the book in print order; every entry and chapter of the graph is in exactly one part. */
export function bookParts(graph: ContentGraph): BookPart[] {
  const parts: BookPart[] = [];
  const placed = new Set<string>();
  const chapterPart = (chapter: Chapter): BookPart => {
    const pack = packOf(graph, chapter.id);
    return {
      type: "chapter",
      id: chapter.id,
      title: chapter.frontmatter.title,
      chapter,
      label: chapter.frontmatter.chapter
        ? `${isAppendix(chapter) && !pack ? "Appendix" : "Chapter"} ${chapter.frontmatter.chapter}`
        : "Catalog",
      ...(pack ? { pack: { id: pack.id, name: pack.name } } : {}),
    };
  };
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
  // the core book is the core's chapters alone: a pack's chapter never sits among them, whatever its Moment,
  // number or catalog (a pack's catalog text never opens a core catalog)
  const core = graph.chapters.filter((chapter) => !packOf(graph, chapter.id));
  const catalogs = core.filter((chapter) => chapter.frontmatter.catalog);
  for (const chapter of core)
    if (!chapter.frontmatter.catalog && !isAppendix(chapter)) parts.push(chapterPart(chapter));
  // the source prints Appendix A (Tags) and B (Glossary) right after the Core Rules, before the catalogs
  for (const chapter of core) if (isAppendix(chapter)) parts.push(chapterPart(chapter));
  for (const chapter of catalogs) {
    parts.push(chapterPart(chapter));
    for (const kind of chapter.frontmatter.catalog?.kinds ?? [])
      if (!placed.has(kind) && graph.byKind(kind).length > 0) entriesPart(kind);
  }
  for (const definition of KINDS)
    if (!placed.has(definition.kind) && graph.byKind(definition.kind).length > 0)
      entriesPart(definition.kind);
  // then each pack's chapters, pack by pack in load order, each pack's in its own reading order
  const packChapters = graph.chapters.filter((chapter) => packOf(graph, chapter.id));
  const packIds = [...new Set(packChapters.map((chapter) => packOf(graph, chapter.id)?.id))];
  for (const id of packIds)
    for (const chapter of packChapters
      .filter((candidate) => packOf(graph, candidate.id)?.id === id)
      .sort((a, b) => a.frontmatter.order - b.frontmatter.order))
      parts.push(chapterPart(chapter));
  return parts;
}
