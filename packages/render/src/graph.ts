// What the render layer reads of a content graph: page addresses, chapter or entry, reading order, an item's pack
import type { Chapter, ContentGraph, Entry } from "@momenta/content";

export type { Chapter, ContentGraph, Entry };

/** Permalink of an entry or chapter: its id is its path (`/condition/hindered/`, `/chapter/combat/`). */
export function urlOf(id: string, anchor?: string): string {
  return `/${id}/${anchor ? `#${anchor}` : ""}`;
}

export function isChapter(target: Entry | Chapter): target is Chapter {
  return "frontmatter" in target;
}

export function byName<T extends { name: string }>(a: T, b: T): number {
  return a.name.localeCompare(b.name, "en", { sensitivity: "base" });
}

type PackSource = { id: string; name: string };
const PACK_SOURCES = new WeakMap<ContentGraph, Map<string, PackSource>>();

/**
 * The homebrew pack an entry or chapter was loaded from, with its display name (its badge); undefined for core.
 * Read from the graph's own packs, so every reader of a graph (site, editor) says the same.
 */
export function packOf(graph: ContentGraph, id: string): PackSource | undefined {
  let sources = PACK_SOURCES.get(graph);
  if (!sources) {
    sources = new Map();
    for (const pack of graph.packs) {
      const source = { id: pack.id, name: pack.manifest?.name ?? pack.id };
      for (const item of [...pack.entries, ...pack.chapters]) sources.set(item.id, source);
    }
    PACK_SOURCES.set(graph, sources);
  }
  return sources.get(id);
}

/** The packs whose house-rule patches change an entry, by display name, each once; empty for an unpatched entry. */
export function houseRulesOf(graph: ContentGraph, entry: Entry): string[] {
  const names = new Map(graph.packs.map((pack) => [pack.id, pack.manifest?.name ?? pack.id]));
  return [...new Set((entry.patches ?? []).map((patch) => names.get(patch.pack) ?? patch.pack))];
}
