// Exact-name search ranking: which kind a reader most likely means, the name key pages are filed under, and the
// Pagefind wrapper module that puts exact-name pages first

import { entryExcerpt, proseExcerpt } from "@momenta/render";
import { KINDS } from "@momenta/schema";
import { type ContentGraph, kindLabel, packOf, urlOf } from "./content.ts";
import { NAMES_FILE, SETTLED_EVENT } from "./search-bundle.ts";
import { createRankedSearch, type NameRow, namesResponse } from "./search-names.ts";

/**
 * When several pages carry the same name ("Warrior" the archetype and the mastery domain, "Deflect" the
 * reaction and the tag), the one a reader most likely means comes first, in the order of each kind's `searchRank`
 * (packages/schema). Chapters follow every primary kind; the fallback kinds (the glossary, whose one-line
 * definitions come last) follow chapters: a term the book also has a chapter or an entry for opens that first.
 */
const ORDER = [...KINDS].sort(
  (a, b) =>
    Number(a.nameResolution === "fallback") - Number(b.nameResolution === "fallback") ||
    a.searchRank - b.searchRank,
);
export const SEARCH_KIND_ORDER: readonly string[] = ORDER.map((definition) => definition.kind);

const FALLBACK = ORDER.findIndex((definition) => definition.nameResolution === "fallback");
const CHAPTER_RANK = FALLBACK < 0 ? ORDER.length : FALLBACK;
/** The kind whose pages are one-line stubs of pages of other kinds with the same name: the fallback kind. */
const STUB_KIND = ORDER.find((definition) => definition.nameResolution === "fallback")?.kind ?? "";

/** The search results' kind (Pagefind's `kind` filter and the names index) of a chapter page. */
export const CHAPTER_KIND_LABEL = "Chapter";

/** Ranks of core pages run from 0 to this; a homebrew page's rank is its kind's plus this, so it follows them all. */
const HOMEBREW_RANK_OFFSET = SEARCH_KIND_ORDER.length + 1;

/**
 * Sort key among exact-name matches (lower first); throws for a kind the registry does not declare. A homebrew
 * pack's page ranks after every core page of the same name, whatever its kind: a pack never answers a core name first.
 */
export function searchRank(kind: string, page: { homebrew?: boolean } = {}): number {
  const offset = page.homebrew === true ? HOMEBREW_RANK_OFFSET : 0;
  if (kind === "chapter") return CHAPTER_RANK + offset;
  const rank = SEARCH_KIND_ORDER.indexOf(kind);
  if (rank < 0) throw new Error(`kind "${kind}" is not in the schema registry, so it has no search rank`);
  return (rank < CHAPTER_RANK ? rank : rank + 1) + offset;
}

/** A search result's title: a homebrew page's carries its badge, as the builder's options do (`Name (Homebrew · <pack>)`). */
export function searchTitle(title: string, pack?: { name: string }): string {
  return pack ? `${title} (Homebrew · ${pack.name})` : title;
}

/**
 * The key a name and a typed query are compared by: case, curly apostrophes and runs of spaces don't matter.
 * Self-contained on purpose: its source is embedded in the browser module below.
 */
export function normalizeSearchName(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\s+/g, " ")
    .trim();
}

/** Pagefind filter holding a page's normalized names, and the sort key ordering exact matches. */
export const EXACT_FILTER = "exact";
export const RANK_SORT = "rank";

/** The names a page is found by exactly: its name and its aliases, except aliases that are old ids. */
export function exactNames(name: string, aliases: readonly string[] = []): string[] {
  const keys = [name, ...aliases.filter((alias) => !/^[a-z][a-z-]*\/[a-z0-9-]+$/.test(alias))].map(
    normalizeSearchName,
  );
  return [...new Set(keys)].filter(Boolean);
}

/**
 * Reorders a Pagefind response so that pages whose exact name equals the query come first, in rank order.
 * Runs in the browser inside the wrapper module: `core` is Pagefind's own module. Plain JS-compatible code.
 */
export async function rerankExact(
  core: {
    search: (term: string | null, options: Record<string, unknown>) => Promise<PagefindResponse>;
  },
  term: unknown,
  options: { filters?: Record<string, unknown> } | undefined,
  response: PagefindResponse | null,
  normalize: (text: string) => string,
  filterName: string,
  sortName: string,
): Promise<PagefindResponse | null> {
  if (!response) return response;
  const hide = (filters: Record<string, unknown> | undefined) => {
    if (filters) delete filters[filterName];
  };
  hide(response.filters);
  hide(response.totalFilters);
  const key = typeof term === "string" ? normalize(term) : "";
  if (!key) return response;
  const exact = await core.search(null, {
    filters: { ...(options?.filters ?? {}), [filterName]: key },
    sort: { [sortName]: "asc" },
  });
  if (!exact.results.length) return response;
  // keep the full search's result objects where there are any: they carry the matched words for highlighting
  const byId = new Map(response.results.map((result) => [result.id, result]));
  const first = exact.results.map((result) => byId.get(result.id) ?? result);
  const firstIds = new Set(first.map((result) => result.id));
  response.results = [...first, ...response.results.filter((result) => !firstIds.has(result.id))];
  return response;
}

/**
 * Moves a glossary stub below the page it stubs: among the first `limit` results (the rows the UI shows first,
 * whose text it loads anyway), a result of kind `stubKind` waits until the same-titled page of another kind has
 * been listed. An exact name is already in rank order; this is for the near misses Pagefind's typo tolerance
 * finds ("hinderd"), where a one-line definition outscores the condition it defines. Plain JS-compatible code.
 */
export async function deferStubs(
  response: PagefindResponse | null,
  limit: number,
  stubKind: string,
  normalize: (text: string) => string,
): Promise<PagefindResponse | null> {
  if (!response) return response;
  const head = response.results.slice(0, limit);
  const data = (await Promise.all(
    head.map((result) => (result.data ? result.data().catch(() => undefined) : undefined)),
  )) as Array<{ meta?: { title?: unknown }; filters?: { kind?: unknown } } | undefined>;
  const rows = head.map((result, index) => {
    const kinds = data[index]?.filters?.kind;
    return {
      result,
      title: normalize(String(data[index]?.meta?.title ?? "")),
      stub: Array.isArray(kinds) && kinds.includes(stubKind),
    };
  });
  const full = new Set(rows.filter((row) => !row.stub && row.title).map((row) => row.title));
  const listed = new Set<string>();
  const waiting = new Map<string, typeof rows>();
  const ordered: typeof head = [];
  for (const row of rows) {
    if (row.stub && full.has(row.title) && !listed.has(row.title)) {
      waiting.set(row.title, [...(waiting.get(row.title) ?? []), row]);
      continue;
    }
    ordered.push(row.result);
    if (row.stub) continue;
    listed.add(row.title);
    for (const stub of waiting.get(row.title) ?? []) ordered.push(stub.result);
    waiting.delete(row.title);
  }
  response.results = [...ordered, ...response.results.slice(limit)];
  return response;
}

export interface PagefindResponse {
  results: Array<{ id: string; data?: () => Promise<unknown> }>;
  unfilteredResultCount?: number;
  filters?: Record<string, unknown>;
  totalFilters?: Record<string, unknown>;
}

/** One short line: the index answers on a slow phone connection, where every kilobyte is ~6 ms (Slow 4G). */
const DEFINITION_LENGTH = 110;

/**
 * The exact-names index: every page Pagefind files under an exact name (PageTitle's `exact` filter), from the
 * same graph, `exactNames` and `searchRank` the pages use, so a name answered from it is one Pagefind ranks first.
 */
export function namesIndex(graph: ContentGraph): NameRow[] {
  const rows: NameRow[] = [];
  for (const entry of graph.entries.values()) {
    const pack = packOf(entry.id);
    rows.push({
      n: exactNames(entry.name, entry.aliases),
      t: searchTitle(entry.name, pack),
      u: urlOf(entry.id),
      k: kindLabel(entry.kind),
      r: searchRank(entry.kind, { homebrew: pack !== undefined }),
      d: proseExcerpt(entryExcerpt(entry), DEFINITION_LENGTH),
    });
  }
  for (const chapter of graph.chapters) {
    const { title, summary } = chapter.frontmatter as { title: string; summary?: string };
    const pack = packOf(chapter.id);
    rows.push({
      n: exactNames(title),
      t: searchTitle(title, pack),
      u: urlOf(chapter.id),
      k: CHAPTER_KIND_LABEL,
      r: searchRank("chapter", { homebrew: pack !== undefined }),
      d: proseExcerpt(summary ?? "", DEFINITION_LENGTH),
    });
  }
  return rows.sort((a, b) => a.r - b.r || a.u.localeCompare(b.u));
}

// the browser's search UI imports the folder from a module without @momenta/schema (no schema code in pages)
export { NAMES_FILE, RANKED_BUNDLE_DIR, SEARCH_BOX_DIR, SETTLED_EVENT } from "./search-bundle.ts";

/** Rows Pagefind's UI shows before "load more" (its default page size; Starlight keeps it). */
const UI_PAGE_SIZE = 5;

/**
 * Source of `/pagefind-ranked/pagefind.js`: Pagefind's API with exact-name pages first and the exact-name filter
 * hidden from the UI, plus `quickSearch` (a name answered from `names.json` while Pagefind still loads) and `warm`.
 * Pagefind itself stays at `/pagefind/`, imported on first use, and finds its index from its own URL.
 */
export function rankedPagefindModule(): string {
  return `// Pagefind with exact-name pages first (generated from site/src/lib/search-rank.ts and search-names.ts)
const normalize = ${normalizeSearchName.toString()};
const rerankExact = ${rerankExact.toString()};
const deferStubs = ${deferStubs.toString()};
const namesResponse = ${namesResponse.toString()};
const createRankedSearch = ${createRankedSearch.toString()};
const FILTER = ${JSON.stringify(EXACT_FILTER)};
const SORT = ${JSON.stringify(RANK_SORT)};
const ranked = createRankedSearch({
  loadCore: () => import("../pagefind/pagefind.js"),
  loadNames: () =>
    fetch(new URL(${JSON.stringify(NAMES_FILE)}, import.meta.url)).then((response) => {
      if (!response.ok) throw new Error(\`\${response.status} fetching the names index\`);
      return response.json();
    }),
  normalize,
  rerank: async (core, term, options, response) =>
    deferStubs(
      await rerankExact(core, term, options, response, normalize, FILTER, SORT),
      ${UI_PAGE_SIZE},
      ${JSON.stringify(kindLabel(STUB_KIND))},
      normalize,
    ),
  quick: namesResponse,
  // on the page's thread: a worker is one more request in the chain, and 450 pages search in a few ms
  startOptions: { noWorker: true },
  firstPage: ${UI_PAGE_SIZE},
  settled: () => dispatchEvent(new CustomEvent(${JSON.stringify(SETTLED_EVENT)})),
  filterName: FILTER,
});
export const { warm, options, init, search, quickSearch, debouncedSearch, preload, filters, destroy, mergeIndex } =
  ranked;
`;
}

/** Source of `/pagefind-ranked/ui/pagefind.js`, the search box's module: the same instance, names answered early. */
export function searchBoxModule(): string {
  return `// The search box's Pagefind: the ranked API whose search answers a name early (generated from site/src/lib/search-rank.ts)
import * as ranked from "../pagefind.js";
export const { warm, options, init, debouncedSearch, preload, filters, destroy, mergeIndex } = ranked;
export const search = ranked.quickSearch;
`;
}
