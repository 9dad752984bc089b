// Exact-name ranking: the kind order covers the registry, names normalize alike, and the wrapper's reordering
import { KINDS } from "@momenta/schema";
import { describe, expect, it } from "vitest";
import { createRankedSearch, namesResponse } from "../src/lib/search-names.ts";
import {
  deferStubs,
  EXACT_FILTER,
  exactNames,
  NAMES_FILE,
  normalizeSearchName,
  type PagefindResponse,
  RANK_SORT,
  rankedPagefindModule,
  rerankExact,
  SEARCH_KIND_ORDER,
  searchBoxModule,
  searchRank,
} from "../src/lib/search-rank.ts";

describe("kind order", () => {
  it("places every registered kind exactly once, chapters after all of them but the glossary", () => {
    expect(new Set(SEARCH_KIND_ORDER).size).toBe(SEARCH_KIND_ORDER.length);
    expect([...SEARCH_KIND_ORDER].sort()).toEqual(KINDS.map((definition) => definition.kind).sort());
    const entryKinds = KINDS.map((definition) => definition.kind).filter((kind) => kind !== "glossary");
    const last = Math.max(...entryKinds.map((kind) => searchRank(kind)));
    expect(searchRank("chapter")).toBeGreaterThan(last);
    expect(searchRank("glossary")).toBeGreaterThan(searchRank("chapter"));
    const ranks = [...KINDS.map((definition) => searchRank(definition.kind)), searchRank("chapter")];
    expect(new Set(ranks).size).toBe(ranks.length);
  });

  it("prefers what a reader means for the book's shared names", () => {
    expect(searchRank("archetype")).toBeLessThan(searchRank("mastery-domain"));
    expect(searchRank("reaction")).toBeLessThan(searchRank("tag"));
    expect(searchRank("condition")).toBeLessThan(searchRank("glossary"));
    expect(() => searchRank("spell")).toThrow(/not in the schema registry/);
  });

  it("ranks a homebrew page after every core page, whatever their kinds", () => {
    const kinds = [...KINDS.map((definition) => definition.kind), "chapter"];
    const core = Math.max(...kinds.map((kind) => searchRank(kind)));
    for (const kind of kinds) {
      expect(searchRank(kind, { homebrew: true }), kind).toBeGreaterThan(core);
      // and among a pack's pages the kinds keep their order
      expect(searchRank(kind, { homebrew: true }) - searchRank(kind), kind).toBe(
        searchRank("chapter", { homebrew: true }) - searchRank("chapter"),
      );
    }
  });
});

describe("names", () => {
  it("ignore case, curly apostrophes and extra spaces", () => {
    expect(normalizeSearchName("  Alchemist\u2019s   Fire ")).toBe("alchemist's fire");
    expect(normalizeSearchName("HINDERED")).toBe("hindered");
    expect(normalizeSearchName("Sorrowmaw, the Grief-Drake")).toBe("sorrowmaw, the grief-drake");
  });

  it("are the name plus aliases, without old ids or duplicates", () => {
    expect(exactNames("Move, Shift", ["Move", "Shift", "move"])).toEqual(["move, shift", "move", "shift"]);
    expect(exactNames("Warrior", ["archetype/fighter"])).toEqual(["warrior"]);
  });
});

// A stand-in for Pagefind's module: the full search returns ids in its own order, the filter-only search
// returns the pages filed under the requested exact name, sorted by rank
function fakeCore(byName: Record<string, string[]>) {
  const calls: Array<{ term: string | null; options: Record<string, unknown> }> = [];
  return {
    calls,
    search: async (term: string | null, options: Record<string, unknown>): Promise<PagefindResponse> => {
      calls.push({ term, options });
      const filters = (options.filters ?? {}) as Record<string, string>;
      const ids = byName[filters[EXACT_FILTER] ?? ""] ?? [];
      return { results: ids.map((id) => ({ id, from: "exact" })) as PagefindResponse["results"] };
    },
  };
}

const response = (ids: string[]): PagefindResponse => ({
  results: ids.map((id) => ({ id, from: "full" })) as PagefindResponse["results"],
  filters: { kind: { Focus: 1 }, [EXACT_FILTER]: { ignis: 1 } },
  totalFilters: { kind: { Focus: 1 }, [EXACT_FILTER]: { ignis: 1 } },
});

describe("rerankExact", () => {
  it("moves the exact-name pages to the front in rank order and keeps the rest in Pagefind's order", async () => {
    const core = fakeCore({ warrior: ["archetype", "domain"] });
    const reranked = await rerankExact(
      core,
      "  Warrior ",
      { filters: { kind: ["Archetype", "Mastery domain"] } },
      response(["domain", "essay", "archetype", "other"]),
      normalizeSearchName,
      EXACT_FILTER,
      RANK_SORT,
    );
    expect(reranked?.results.map((result) => result.id)).toEqual(["archetype", "domain", "essay", "other"]);
    // the full search's result objects are kept (they carry the matched words for highlighting)
    expect(reranked?.results.map((result) => (result as { from?: string }).from)).toEqual([
      "full",
      "full",
      "full",
      "full",
    ]);
    // the user's filters still apply, and the exact name is the lookup key
    expect(core.calls).toEqual([
      {
        term: null,
        options: {
          filters: { kind: ["Archetype", "Mastery domain"], [EXACT_FILTER]: "warrior" },
          sort: { [RANK_SORT]: "asc" },
        },
      },
    ]);
    expect(Object.keys(reranked?.filters ?? {})).toEqual(["kind"]);
    expect(Object.keys(reranked?.totalFilters ?? {})).toEqual(["kind"]);
  });

  it("adds an exact-name page the full search left out", async () => {
    const core = fakeCore({ ignis: ["resonance"] });
    const reranked = await rerankExact(
      core,
      "ignis",
      {},
      response(["crown"]),
      normalizeSearchName,
      EXACT_FILTER,
      RANK_SORT,
    );
    expect(reranked?.results.map((result) => result.id)).toEqual(["resonance", "crown"]);
  });

  it("leaves responses alone when no name matches, and passes a superseded search (null) through", async () => {
    const core = fakeCore({});
    const reranked = await rerankExact(
      core,
      "ign",
      {},
      response(["crown", "resonance"]),
      normalizeSearchName,
      EXACT_FILTER,
      RANK_SORT,
    );
    expect(reranked?.results.map((result) => result.id)).toEqual(["crown", "resonance"]);
    expect(
      await rerankExact(core, "ignis", {}, null, normalizeSearchName, EXACT_FILTER, RANK_SORT),
    ).toBeNull();
    expect(core.calls.map((call) => call.term)).toEqual([null]);
  });
});

describe("deferStubs", () => {
  const result = (id: string, title: string, kind: string) => ({
    id,
    data: async () => ({ meta: { title }, filters: { kind: [kind] } }),
  });
  it("lists a glossary stub right after the same-titled page it stubs, and leaves other results in place", async () => {
    const reranked = await deferStubs(
      {
        results: [
          result("g-hindered", "Hindered", "Glossary term"),
          result("g-edge", "Edge", "Glossary term"),
          result("c-hindered", "Hindered", "Condition"),
          result("shake", "Shake It Off", "Maneuver"),
          result("later", "Hindered", "Condition"),
        ],
      },
      3,
      "Glossary term",
      normalizeSearchName,
    );
    // a stub with no full page among the first three stays; the fifth result is past the limit and untouched
    expect(reranked?.results.map((row) => row.id)).toEqual([
      "g-edge",
      "c-hindered",
      "g-hindered",
      "shake",
      "later",
    ]);
  });

  it("keeps a stub whose full page is not among the first results, and passes null through", async () => {
    const reranked = await deferStubs(
      { results: [result("g", "Dodge", "Glossary term"), result("r", "Brace", "Reaction")] },
      5,
      "Glossary term",
      normalizeSearchName,
    );
    expect(reranked?.results.map((row) => row.id)).toEqual(["g", "r"]);
    expect(await deferStubs(null, 5, "Glossary term", normalizeSearchName)).toBeNull();
  });
});

describe("the browser modules", () => {
  it("import Pagefind from /pagefind/ on first use and embed the tested functions as standalone code", () => {
    const source = rankedPagefindModule();
    // no static import: Pagefind's module starts a chain of requests, and a name is answered without it
    expect(source).not.toMatch(/^import /m);
    expect(source).toContain('import("../pagefind/pagefind.js")');
    expect(source).toContain(`new URL(${JSON.stringify(NAMES_FILE)}, import.meta.url)`);
    expect(source).toMatch(/export const \{[^}]*\bsearch\b[^}]*\bquickSearch\b[^}]*\} =\s*ranked;/);
    expect(source).toContain(`const FILTER = "${EXACT_FILTER}";`);
    // the embedded functions are standalone JavaScript: rebuilt from their source alone, they still work
    const normalize = new Function(`return ${normalizeSearchName.toString()}`)() as (text: string) => string;
    expect(normalize(" Alchemist\u2019s  FIRE")).toBe("alchemist's fire");
    for (const embedded of [rerankExact, deferStubs, namesResponse, createRankedSearch])
      expect(typeof new Function(`return ${embedded.toString()}`)()).toBe("function");
    // the search box's module is the same instance with the names-first search
    const box = searchBoxModule();
    expect(box).toContain('import * as ranked from "../pagefind.js";');
    expect(box).toContain("export const search = ranked.quickSearch;");
  });
});
