// Document symbols (a chapter's headings as a tree, an entry's fields) and workspace symbols (any entry by name)

import type { Chapter, ContentGraph, Entry, SourceFile } from "@momenta/content";
import { normalizeName } from "@momenta/schema";
import { type DocumentSymbol, type Range, type SymbolInformation, SymbolKind } from "vscode-languageserver";

/** Most workspace symbols one answer carries (the client asks again as the query grows). */
export const MAX_SYMBOLS = 200;

type RangeOf = (start: number, end: number) => Range;

/** A chapter's headings, nested by depth: each spans to the next heading of its depth or higher. */
export function chapterSymbols(chapter: Chapter, textLength: number, rangeOf: RangeOf): DocumentSymbol[] {
  const roots: DocumentSymbol[] = [];
  const open: { depth: number; symbol: DocumentSymbol; start: number }[] = [];
  const close = (until: number, depth: number) => {
    while (open.length > 0 && (open.at(-1) as { depth: number }).depth >= depth) {
      const done = open.pop() as { symbol: DocumentSymbol; start: number };
      done.symbol.range = rangeOf(done.start, until);
    }
  };
  chapter.headings.forEach((heading, index) => {
    const [start, end] = chapter.headingRanges[index] ?? [0, 0];
    close(start, heading.depth);
    const symbol: DocumentSymbol = {
      name: heading.text || heading.slug,
      detail: `#${heading.slug}`,
      kind: SymbolKind.String,
      range: rangeOf(start, end),
      selectionRange: rangeOf(start, end),
      children: [],
    };
    const parent = open.at(-1);
    if (parent) parent.symbol.children?.push(symbol);
    else roots.push(symbol);
    open.push({ depth: heading.depth, symbol, start });
  });
  close(textLength, 0);
  return roots;
}

interface JsonNode {
  type: string;
  offset: number;
  length: number;
  value?: unknown;
  children?: JsonNode[];
}

/** An entry's fields as the file writes them, in order; nested objects' fields below them. */
export function entrySymbols(source: SourceFile, rangeOf: RangeOf): DocumentSymbol[] {
  const fields = (node: JsonNode | undefined, depth: number): DocumentSymbol[] => {
    if (node?.type !== "object" || depth > 3) return [];
    const out: DocumentSymbol[] = [];
    for (const property of node.children ?? []) {
      const [key, value] = property.children ?? [];
      if (!key || typeof key.value !== "string") continue;
      const detail =
        value?.type === "string" || value?.type === "number" || value?.type === "boolean"
          ? String(value.value).slice(0, 60)
          : value?.type === "array"
            ? `${value.children?.length ?? 0} items`
            : "";
      out.push({
        name: key.value,
        detail,
        kind:
          value?.type === "object"
            ? SymbolKind.Object
            : value?.type === "array"
              ? SymbolKind.Array
              : SymbolKind.Field,
        range: rangeOf(property.offset, property.offset + property.length),
        selectionRange: rangeOf(key.offset, key.offset + key.length),
        children: fields(value, depth + 1),
      });
    }
    return out;
  };
  return fields(source.jsonTree as JsonNode | undefined, 0);
}

/** Entries and chapters whose name or alias holds the query (all words, any case), names first, then aliases. */
export function workspaceSymbols(
  graph: ContentGraph,
  query: string,
  locate: (target: Entry | Chapter) => SymbolInformation["location"],
): SymbolInformation[] {
  const words = normalizeName(query).split(" ").filter(Boolean);
  const matches = (name: string) => {
    const key = normalizeName(name);
    return words.every((word) => key.includes(word));
  };
  const found: { target: Entry | Chapter; name: string; rank: number }[] = [];
  const consider = (target: Entry | Chapter, names: readonly string[]) => {
    const name = names.find(matches);
    if (name === undefined) return;
    const key = normalizeName(name);
    // exact name, then names that start with the query, then the rest
    const joined = words.join(" ");
    const rank = (key === joined ? 0 : key.startsWith(joined) ? 1 : 2) + (name === names[0] ? 0 : 3);
    found.push({ target, name, rank });
  };
  for (const entry of graph.entries.values()) consider(entry, [entry.name, ...entry.aliases]);
  for (const chapter of graph.chapters)
    consider(chapter, [chapter.frontmatter.title, ...(chapter.frontmatter.aliases ?? [])]);
  found.sort(
    (a, b) => a.rank - b.rank || a.name.localeCompare(b.name) || a.target.id.localeCompare(b.target.id),
  );
  return found.slice(0, MAX_SYMBOLS).map(({ target, name }) => ({
    name,
    kind: target.kind === "chapter" ? SymbolKind.File : SymbolKind.Object,
    containerName: target.kind === "chapter" ? target.id : `${target.kind} · ${target.id}`,
    location: locate(target),
  }));
}
