// The exact-names index (every named page, from the graph) and the search box's names-first answer while Pagefind loads
import { load } from "@momenta/content";
import { describe, expect, it } from "vitest";
import {
  createRankedSearch,
  type NameRow,
  namesResponse,
  type PagefindCore,
} from "../src/lib/search-names.ts";
import {
  exactNames,
  namesIndex,
  normalizeSearchName,
  type PagefindResponse,
  searchRank,
} from "../src/lib/search-rank.ts";
import { REPO_DIR } from "./support/build.ts";

describe("the names index", () => {
  it("lists every entry and chapter once, by the names, URL and rank its page is filed under", async () => {
    const { graph } = load({ root: REPO_DIR });
    const rows = namesIndex(graph);
    expect(rows.length).toBe(graph.entries.size + graph.chapters.length);
    expect(new Set(rows.map((row) => row.u)).size).toBe(rows.length);
    for (const entry of graph.entries.values()) {
      const row = rows.find((candidate) => candidate.u === `/${entry.id}/`);
      expect(row?.n, entry.id).toEqual(exactNames(entry.name, entry.aliases));
      expect(row?.r, entry.id).toBe(searchRank(entry.kind));
    }
    const vigor = rows.find((row) => row.u === "/glossary/vigor/");
    expect(vigor).toMatchObject({ t: "Vigor", k: "Glossary term", n: ["vigor"] });
    expect(vigor?.d.length).toBeGreaterThan(20);
    // one line: no definition runs past the length a phone shows in a row
    expect(Math.max(...rows.map((row) => row.d.length))).toBeLessThanOrEqual(112);
    const chapter = rows.find((row) => row.u === "/chapter/rolling-dice/");
    expect(chapter?.k).toBe("Chapter");
  });
});

const row = (name: string, url: string, rank: number, definition = `${name} defined`): NameRow => ({
  n: [normalizeSearchName(name)],
  t: name,
  u: url,
  k: "Kind",
  r: rank,
  d: definition,
});

describe("namesResponse", () => {
  it("answers pages named exactly the key in rank order, with their definition as the excerpt, escaped", async () => {
    const rows = [row("Deflect", "/tag/deflect/", 21), row("Deflect", "/reaction/deflect/", 3, "a <b> & c")];
    const response = namesResponse(rows, "deflect") as PagefindResponse;
    expect(response.results.map((result) => result.id)).toEqual([
      "names:/reaction/deflect/",
      "names:/tag/deflect/",
    ]);
    const data = (await response.results[0]?.data?.()) as {
      url: string;
      meta: { title: string };
      sub_results: Array<{ url: string; excerpt: string }>;
    };
    expect(data.url).toBe("/reaction/deflect/");
    expect(data.meta.title).toBe("Deflect");
    expect(data.sub_results[0]?.excerpt).toBe("Kind · a &#60;b&#62; &#38; c");
    expect(namesResponse(rows, "defl")).toBeNull();
  });
});

interface Gate {
  open: () => void;
  wait: Promise<void>;
}
function gate(): Gate {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, wait };
}

/** A stand-in Pagefind whose answers wait for `engine`; it records what it was asked. */
function fakeCore(engine: Gate) {
  const calls: string[] = [];
  const loaded: string[] = [];
  const core: PagefindCore = {
    options: async (options) => void calls.push(`options ${JSON.stringify(options)}`),
    init: async () => void calls.push("init"),
    search: async (term) => {
      await engine.wait;
      calls.push(`search ${term}`);
      return {
        results: ["/glossary/vigor/", "/glossary/surge/"].map((id) => ({
          id,
          data: async () => void loaded.push(id),
        })),
      };
    },
    debouncedSearch: async () => null,
    preload: async (term) => void calls.push(`preload ${term}`),
    filters: async () => ({ kind: {}, exact: {} }),
    destroy: async () => {},
    mergeIndex: async () => {},
  };
  return { core, calls, loaded };
}

function ranked(core: PagefindCore, rows: NameRow[], settled: () => void) {
  return createRankedSearch({
    loadCore: async () => core,
    loadNames: async () => rows,
    normalize: normalizeSearchName,
    rerank: async (_core, _term, _options, response) => response,
    quick: namesResponse,
    startOptions: { noWorker: true },
    firstPage: 5,
    settled,
    filterName: "exact",
  });
}

const ids = (response: PagefindResponse | null) => response?.results.map((result) => result.id);

describe("the search box's quick search", () => {
  it("answers a name from the index while Pagefind loads, then tells the box once Pagefind's rows can show", async () => {
    const engine = gate();
    const { core, loaded } = fakeCore(engine);
    let settled = 0;
    const search = ranked(core, [row("Vigor", "/glossary/vigor/", 24)], () => settled++);
    expect(ids(await search.quickSearch("  VIGOR "))).toEqual(["names:/glossary/vigor/"]);
    expect(settled).toBe(0);
    engine.open();
    await expect.poll(() => settled).toBe(1);
    // Pagefind's first rows had their text loaded before the box was told, so its list shows at once
    expect(loaded).toEqual(["/glossary/vigor/", "/glossary/surge/"]);
    // from then on Pagefind answers, and the callback is not repeated
    expect(ids(await search.quickSearch("vigor"))).toEqual(["/glossary/vigor/", "/glossary/surge/"]);
    expect(settled).toBe(1);
  });

  it("waits for Pagefind when no page has the name, when filters are chosen, and in the plain search", async () => {
    for (const ask of [
      (search: ReturnType<typeof ranked>) => search.quickSearch("gain momentum"),
      (search: ReturnType<typeof ranked>) =>
        search.quickSearch("vigor", { filters: { kind: ["Glossary term"] } }),
      (search: ReturnType<typeof ranked>) => search.search("vigor"),
    ]) {
      const engine = gate();
      const { core } = fakeCore(engine);
      const search = ranked(core, [row("Vigor", "/glossary/vigor/", 24)], () => {});
      let answered = false;
      const answer = ask(search).then((response) => {
        answered = true;
        return response;
      });
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(answered).toBe(false);
      engine.open();
      expect(ids(await answer)).toEqual(["/glossary/vigor/", "/glossary/surge/"]);
    }
  });

  it("takes Pagefind's answer when it comes first, and never waits for the engine to take options", async () => {
    const engine = gate();
    engine.open();
    const { core, calls } = fakeCore(engine);
    // the names index never arrives in this test
    const names = gate();
    const search = createRankedSearch({
      loadCore: async () => core,
      loadNames: () => names.wait.then(() => [row("Vigor", "/glossary/vigor/", 24)]),
      normalize: normalizeSearchName,
      rerank: async (_core, _term, _options, response) => response,
      quick: namesResponse,
      startOptions: { noWorker: true },
      firstPage: 5,
      settled: () => {},
      filterName: "exact",
    });
    await search.options({ excerptLength: 12 });
    expect(calls).toEqual([]);
    expect(ids(await search.quickSearch("vigor"))).toEqual(["/glossary/vigor/", "/glossary/surge/"]);
    // Pagefind started with the module's options and the UI's, and the exact-name filter stays hidden
    expect(calls.slice(0, 2)).toEqual(['options {"noWorker":true,"excerptLength":12}', "init"]);
    expect(Object.keys(await search.filters())).toEqual(["kind"]);
  });
});
