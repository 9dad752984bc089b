// The browser side of exact-name search: answering a name from the names index (search-rank's namesIndex) at once
// while Pagefind's engine and index are still on their way. Embedded in the wrapper module as source: no imports
import type { PagefindResponse } from "./search-rank.ts";

/** A page found by name: its normalized names, title, URL, kind, rank among same-named pages, one-line definition. */
export interface NameRow {
  n: string[];
  t: string;
  u: string;
  k: string;
  r: number;
  d: string;
}

/**
 * A Pagefind-shaped response listing the pages named exactly `key`, in rank order (what the ranked wrapper puts
 * first), or null when none is. Runs in the browser: self-contained.
 */
export function namesResponse(rows: NameRow[], key: string): PagefindResponse | null {
  const hits = rows.filter((row) => row.n.includes(key)).sort((a, b) => a.r - b.r);
  if (!hits.length) return null;
  const html = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  // the kind first, as Pagefind's text of the page begins: same-named pages ("Deflect") tell themselves apart
  const line = (row: NameRow) => html(row.d ? `${row.k} · ${row.d}` : row.k);
  return {
    results: hits.map((row) => ({
      id: `names:${row.u}`,
      score: 1,
      words: [],
      data: async () => ({
        url: row.u,
        raw_url: row.u,
        content: row.d,
        excerpt: line(row),
        word_count: row.d.split(" ").length,
        filters: { kind: [row.k] },
        meta: { title: row.t },
        anchors: [],
        weighted_locations: [],
        locations: [],
        // as Pagefind gives a page's text before its first heading: a sub-result at the title's anchor
        sub_results: [
          { title: row.t, url: `${row.u}#_top`, excerpt: line(row), locations: [], weighted_locations: [] },
        ],
      }),
    })),
    unfilteredResultCount: hits.length,
    filters: {},
    totalFilters: {},
  };
}

export interface PagefindCore {
  options: (options: Record<string, unknown>) => Promise<void>;
  init: () => Promise<void>;
  search: (term: string | null, options: Record<string, unknown>) => Promise<PagefindResponse>;
  debouncedSearch: (
    term: string | null,
    options: Record<string, unknown>,
    ms?: number,
  ) => Promise<PagefindResponse | null>;
  preload: (term: string, options: Record<string, unknown>) => Promise<void>;
  filters: () => Promise<Record<string, unknown>>;
  destroy: () => Promise<void>;
  mergeIndex: (path: string, options: Record<string, unknown>) => Promise<void>;
}

export interface RankedSearchParts {
  /** Pagefind's own module (imported only when first needed: it is the start of a chain of requests). */
  loadCore: () => Promise<PagefindCore>;
  loadNames: () => Promise<NameRow[]>;
  normalize: (text: string) => string;
  /** Puts exact-name pages first (search-rank's rerankExact bound to its filter and sort). */
  rerank: (
    core: PagefindCore,
    term: unknown,
    options: Record<string, unknown>,
    response: PagefindResponse | null,
  ) => Promise<PagefindResponse | null>;
  quick: (rows: NameRow[], key: string) => PagefindResponse | null;
  /** Options Pagefind starts with, before the UI's. */
  startOptions: Record<string, unknown>;
  /** Rows the UI shows at first: Pagefind's answer replaces the names' once these have their text. */
  firstPage: number;
  /** Called once, when Pagefind's answer has replaced an answer from the names: the UI should search again. */
  settled: () => void;
  filterName: string;
}

/**
 * Pagefind's browser API with exact-name pages first, answering a query that is exactly a name from the names
 * index while Pagefind is still loading. Runs in the browser (embedded in the wrapper module): self-contained.
 */
export function createRankedSearch(parts: RankedSearchParts) {
  let given: Record<string, unknown> = {};
  let core: Promise<PagefindCore> | undefined;
  let configured: Promise<unknown> = Promise.resolve();
  let names: Promise<NameRow[]> | undefined;
  // once Pagefind has answered (or replaced a names answer), every query goes to it alone
  let settled = false;
  const engine = () => {
    core ??= parts.loadCore().then(async (pagefind) => {
      await pagefind.options({ ...parts.startOptions, ...given });
      await pagefind.init();
      return pagefind;
    });
    return core;
  };
  const index = () => {
    names ??= parts.loadNames().catch(() => []);
    return names;
  };
  const full = async (term: string | null, options: Record<string, unknown> = {}) => {
    const pagefind = await engine();
    await configured;
    return parts.rerank(pagefind, term, options, await pagefind.search(term, options));
  };
  const settle = () => {
    if (settled) return;
    settled = true;
    parts.settled();
  };
  return {
    /** Starts the names index, and with `engine` Pagefind's module, wasm, metadata and filters, all at once. */
    warm(withEngine = true) {
      void index();
      if (withEngine) void engine().then((pagefind) => pagefind.filters().catch(() => undefined));
    },
    // never waits for the engine: the UI searches only once this returns
    async options(options: Record<string, unknown>) {
      given = { ...given, ...options };
      if (core) configured = Promise.all([configured, core.then((pagefind) => pagefind.options(options))]);
    },
    async init() {
      await engine();
    },
    /** Pagefind's ranked answer (what every caller but the search box gets). */
    search: full,
    /**
     * The search box's: a query that is exactly a name is answered from the names index when that comes before
     * Pagefind's answer; `settled` then tells the box to search again, which Pagefind answers.
     */
    async quickSearch(term: string | null, options: Record<string, unknown> = {}) {
      const answer = full(term, options);
      const key = typeof term === "string" ? parts.normalize(term) : "";
      const filtered = Object.keys((options.filters as object | undefined) ?? {}).length > 0;
      if (settled || !key || filtered) return answer;
      const first = await Promise.race([
        answer.then(
          (response) => ({ response, pagefind: true }),
          () => ({ response: null, pagefind: true }),
        ),
        index().then((rows) => ({ response: parts.quick(rows, key), pagefind: false })),
      ]);
      if (first.pagefind) {
        settled = true;
        return answer;
      }
      if (!first.response) return answer;
      // Pagefind's list (these pages first, in this order) takes over once its first rows can show their text
      void answer
        .then((response) =>
          Promise.all((response?.results ?? []).slice(0, parts.firstPage).map((result) => result.data?.())),
        )
        .catch(() => undefined)
        .then(settle);
      return first.response;
    },
    async debouncedSearch(term: string | null, options: Record<string, unknown> = {}, ms?: number) {
      const pagefind = await engine();
      await configured;
      return parts.rerank(pagefind, term, options, await pagefind.debouncedSearch(term, options, ms));
    },
    async preload(term: string, options: Record<string, unknown> = {}) {
      await (await engine()).preload(term, options);
    },
    async filters() {
      const all = await (await engine()).filters();
      delete all[parts.filterName];
      return all;
    },
    async destroy() {
      if (core) await (await core).destroy();
    },
    async mergeIndex(path: string, options: Record<string, unknown> = {}) {
      await (await engine()).mergeIndex(path, options);
    },
  };
}
