// Anchors of the stat blocks a chapter embeds (<StatBlock id>): one id per block, in "On this page" with the headings
import type { Chapter, ContentGraph, Entry } from "./content.ts";

export interface StatBlockAnchor {
  /** The embedded entry's id (`condition/wracked`). */
  entry: string;
  /** The element id of its name heading: the entry's slug, or `<kind>-<slug>` where a heading already has it. */
  anchor: string;
  name: string;
  /** Offset of the <StatBlock> in the chapter file. */
  start: number;
}

/** Every stat block a chapter embeds, in reading order, with an id no heading of the chapter takes. */
export function statBlockAnchors(graph: ContentGraph, chapter: Chapter): StatBlockAnchor[] {
  const taken = new Set(chapter.headings.map((heading) => heading.slug));
  const out: StatBlockAnchor[] = [];
  for (const use of chapter.components) {
    const id = use.name === "StatBlock" ? use.attributes.id : undefined;
    const entry = id ? (graph.get(id) as Entry | undefined) : undefined;
    if (!id || !entry || !("kind" in entry) || out.some((block) => block.entry === id)) continue;
    const slug = id.slice(id.indexOf("/") + 1);
    const anchor = taken.has(slug) ? `${entry.kind}-${slug}` : slug;
    taken.add(anchor);
    out.push({ entry: id, anchor, name: entry.name, start: use.start });
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * The chapter's "On this page" headings with its stat blocks among them: each block after the last heading that
 * starts before it, one level below that heading's section (as the block's name is rendered).
 */
export function headingsWithStatBlocks<H extends { depth: number; slug: string; text: string }>(
  headings: readonly H[],
  chapter: Chapter,
  graph: ContentGraph,
): Array<{ depth: number; slug: string; text: string }> {
  const starts = new Map(
    chapter.headings.map((heading, index) => [heading.slug, chapter.headingRanges[index]?.[0] ?? 0]),
  );
  const blocks = statBlockAnchors(graph, chapter);
  const out: Array<{ depth: number; slug: string; text: string }> = [];
  let next = 0;
  let section = 1;
  const flush = (before: number) => {
    while (next < blocks.length && (blocks[next] as StatBlockAnchor).start < before) {
      const block = blocks[next++] as StatBlockAnchor;
      out.push({ depth: section < 2 ? 2 : 3, slug: block.anchor, text: block.name });
    }
  };
  for (const heading of headings) {
    flush(starts.get(heading.slug) ?? Number.POSITIVE_INFINITY);
    out.push({ depth: heading.depth, slug: heading.slug, text: heading.text });
    section = heading.depth;
  }
  flush(Number.POSITIVE_INFINITY);
  return out;
}
