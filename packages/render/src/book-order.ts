// The order a kind's entries are read in, the book's where the content states it (the Arts), else by name
import { entryOfKind } from "@momenta/content";
import type { ContentGraph, Entry } from "./graph.ts";
import { byName } from "./graph.ts";

/**
 * The Arts in the book's order: as the Resonance stat blocks list them (Rend, Afflict, Bolster, Mend), each at its
 * first listing, then the Arts no Resonance lists (those whose stat block the source lost) by name. The content
 * states the order once, in those lists; nothing here restates it.
 */
function artsInBookOrder(graph: ContentGraph): Entry[] {
  const listed: string[] = [];
  for (const resonance of graph.byKind("resonance")) {
    for (const { art } of entryOfKind(resonance, "resonance")?.data.entries ?? [])
      if (!listed.includes(art)) listed.push(art);
  }
  const rank = (entry: Entry) => {
    const index = listed.indexOf(entry.id);
    return index < 0 ? listed.length : index;
  };
  return [...graph.byKind("art")].sort((a, b) => rank(a) - rank(b) || byName(a, b));
}

/** A kind's entries in reading order: the book's for the Arts, by name for every other kind. */
export function entriesInBookOrder(graph: ContentGraph, kind: string): Entry[] {
  return kind === "art" ? artsInBookOrder(graph) : [...graph.byKind(kind)].sort(byName);
}
