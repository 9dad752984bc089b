// Exact-name search ranking: which kind a reader most likely means, the name key pages are filed under, and the
// Pagefind wrapper module that puts exact-name pages first
import { KINDS } from "@momenta/schema";

/**
 * When several pages carry the same name ("Warrior" the archetype and the mastery domain, "Deflect" the
 * reaction and the tag), the one a reader most likely means comes first: rules a player looks up mid-scene,
 * then character options, then gear, then vocabulary. Chapters follow every entry kind but the glossary, whose
 * one-line definitions come last: a term the book also has a chapter or an entry for opens that first.
 */
export const SEARCH_KIND_ORDER = [
  "condition",
  "state",
  "maneuver",
  "reaction",
  "art",
  "resonance",
  "archetype",
  "limit-break",
  "pattern",
  "weapon",
  "armor",
  "focus",
  "wondrous",
  "consumable",
  "enemy",
  "character",
  "mastery-domain",
  "mastery-set",
  "mastery",
  "interlude-scene",
  "downtime-action",
  "tag",
  "damage-type",
  "glossary",
] as const;

const LAST_KIND = "glossary";
const CHAPTER_RANK = SEARCH_KIND_ORDER.indexOf(LAST_KIND);

/** Sort key among exact-name matches (lower first); throws for a kind missing from the order. */
export function searchRank(kind: string): number {
  if (kind === "chapter") return CHAPTER_RANK;
  const rank = (SEARCH_KIND_ORDER as readonly string[]).indexOf(kind);
  if (rank < 0) throw new Error(`kind "${kind}" has no place in SEARCH_KIND_ORDER`);
  return rank < CHAPTER_RANK ? rank : rank + 1;
}

/** Kinds declared in the schema registry but missing from the order (the order must cover all of them). */
export function unorderedKinds(): string[] {
  return KINDS.map((definition) => definition.kind).filter(
    (kind) => !(SEARCH_KIND_ORDER as readonly string[]).includes(kind),
  );
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

export interface PagefindResponse {
  results: Array<{ id: string }>;
  filters?: Record<string, unknown>;
  totalFilters?: Record<string, unknown>;
}

// the browser's search UI imports the folder from a module without @momenta/schema (no schema code in pages)
export { RANKED_BUNDLE_DIR } from "./search-bundle.ts";

/**
 * Source of `/pagefind-ranked/pagefind.js`: Pagefind's API re-exported unchanged except that `search`,
 * `debouncedSearch` and `filters` put exact-name pages first and hide the exact-name filter from the UI.
 * Pagefind itself stays at `/pagefind/` and finds its index from its own URL.
 */
export function rankedPagefindModule(): string {
  return `// Pagefind with exact-name pages first (generated from site/src/lib/search-rank.ts)
import * as core from "../pagefind/pagefind.js";
const normalize = ${normalizeSearchName.toString()};
const rerankExact = ${rerankExact.toString()};
const FILTER = ${JSON.stringify(EXACT_FILTER)};
const SORT = ${JSON.stringify(RANK_SORT)};
const rerank = (term, options, response) => rerankExact(core, term, options, response, normalize, FILTER, SORT);
export const { createInstance, destroy, init, mergeIndex, options, preload } = core;
export async function search(term, options) {
  return rerank(term, options, await core.search(term, options));
}
export async function debouncedSearch(term, options, ms) {
  return rerank(term, options, await core.debouncedSearch(term, options, ms));
}
export async function filters() {
  const all = await core.filters();
  delete all[FILTER];
  return all;
}
`;
}
