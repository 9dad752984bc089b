// Who links to whom, for "Referenced by" and tag pages: the graph's referrers, plus ids held in fields, embedded stat
// blocks and vocabulary names (resolved by the graph too)
import { ENTRY_ID_PATTERN } from "@momenta/schema";
import type { ContentGraph } from "./content.ts";

type Graph = ContentGraph;

export interface Backlinks {
  /** target id → entries and chapters whose fields or embedded stat blocks name it (references: see `referrers`). */
  referencedBy: Map<string, Set<string>>;
  /** target id → entries that list it by name in a vocabulary field (the weapons carrying a tag). */
  listedBy: Map<string, Set<string>>;
}

const CACHE = new WeakMap<Graph, Backlinks>();

function adder(index: Map<string, Set<string>>) {
  return (target: string, from: string) => {
    if (target === from) return;
    const set = index.get(target) ?? new Set<string>();
    index.set(target, set);
    set.add(from);
  };
}

/** Ids of the entries and chapters that point at `id`: their references (the graph's reverse index) and fields. */
export function referrersOf(graph: Graph, id: string): Set<string> {
  const ids = new Set<string>();
  for (const referrer of graph.referrers(id)) if (referrer.from.id !== id) ids.add(referrer.from.id);
  for (const from of backlinks(graph).referencedBy.get(id) ?? []) ids.add(from);
  return ids;
}

export function backlinks(graph: Graph): Backlinks {
  const cached = CACHE.get(graph);
  if (cached) return cached;
  const result: Backlinks = { referencedBy: new Map(), listedBy: new Map() };
  const add = adder(result.referencedBy);
  const list = adder(result.listedBy);
  for (const entry of graph.entries.values()) {
    // ids held in fields (a character's gear, a resonance's Arts) are links too
    const ids: string[] = [];
    collectIds(entry.data, ids);
    for (const id of ids) if (graph.get(id)) add(id, entry.id);
    // vocabulary lists (tags, damage types) hold names: they link where a primary entry has the name
    for (const name of shortNames(entry.data)) {
      const resolution = graph.resolve(name, entry.id);
      if (
        resolution?.ok &&
        "definition" in resolution.target &&
        resolution.target.definition.nameResolution === "primary"
      ) {
        list(resolution.target.id, entry.id);
      }
    }
  }
  for (const chapter of graph.chapters) {
    for (const use of chapter.components) {
      const id = use.name === "StatBlock" ? use.attributes.id : undefined;
      if (id) add(id, chapter.id);
    }
  }
  CACHE.set(graph, result);
  return result;
}

function collectIds(value: unknown, out: string[]): void {
  if (typeof value === "string") {
    if (ENTRY_ID_PATTERN.test(value)) out.push(value);
  } else if (Array.isArray(value)) for (const item of value) collectIds(item, out);
  else if (value && typeof value === "object") {
    for (const [key, item] of Object.entries(value))
      if (key !== "id" && key !== "$schema" && key !== "aliases") collectIds(item, out);
  }
}

/** Top-level arrays of short names (`"tags": ["Melee 1"]`, `"damageTypes": ["Fire"]`). */
function shortNames(data: Record<string, unknown>): string[] {
  const names: string[] = [];
  for (const [key, value] of Object.entries(data)) {
    if (!Array.isArray(value) || key === "aliases" || key === "missing") continue;
    for (const item of value) {
      if (
        typeof item === "string" &&
        item.length <= 40 &&
        !item.includes("[[") &&
        !ENTRY_ID_PATTERN.test(item)
      )
        names.push(item);
    }
  }
  return names;
}
