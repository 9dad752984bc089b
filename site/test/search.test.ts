// Search answers rules questions (browser, Debian Chromium): glossary definitions for "vigor", "guard", "POW" in the
// top three, every glossary term and tag indexed with its definition, clean page text (no ids, source lines,
// backlinks, chrome or run-together labels), and a cold first search: warmed early, a name answered before Pagefind
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { load } from "@momenta/content";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexChunks } from "../src/lib/pagefind-meta.ts";
import { axeViolations } from "./support/axe.ts";
import { DIST_DIR, ensureSiteBuilt, REPO_DIR } from "./support/build.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./support/chromium.ts";
import { type StaticServer, serveStatic } from "./support/server.ts";

let server: StaticServer;
let context: BrowserContext;
let profile: string;

beforeAll(async () => {
  ensureSiteBuilt();
  server = await serveStatic(DIST_DIR);
  profile = mkdtempSync(join(tmpdir(), "momenta-chromium-search-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: { width: 1366, height: 900 },
  });
});

afterAll(async () => {
  await context?.close();
  await server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

async function open(path: string): Promise<Page> {
  const page = await context.newPage();
  const response = await page.goto(`${server.url}${path}`, { waitUntil: "load" });
  expect(response?.status(), path).toBe(200);
  return page;
}

interface Found {
  url: string;
  title: string;
  excerpt: string;
  content: string;
}

/** Runs queries through the ranked Pagefind module the search box uses; the first `limit` results of each. */
async function searchAll(page: Page, terms: string[], limit: number): Promise<Record<string, Found[]>> {
  // a string, not a function: vitest would rewrite a dynamic import() inside the function body
  return page.evaluate(`(async (terms, limit) => {
    const pagefind = await import("/pagefind-ranked/pagefind.js");
    await pagefind.options({});
    const found = {};
    for (const term of terms) {
      const response = await pagefind.search(term, {});
      found[term] = await Promise.all(response.results.slice(0, limit).map(async (result) => {
        const data = await result.data();
        return {
          url: new URL(data.url, location.origin).pathname,
          title: data.meta.title,
          excerpt: data.excerpt.replace(/<[^>]+>/g, ""),
          content: data.content,
        };
      }));
    }
    return found;
  })(${JSON.stringify(terms)}, ${limit})`);
}

/** Prose as a reader sees it: references as their shown text, no Markdown emphasis, single spaces. */
const shown = (prose: string) =>
  prose
    .replace(/\[\[(?:[a-z-]+:)?(?:[^|\][]*\|)?([^\][]+)\]\]/g, "$1")
    .replace(/[*_`]/g, "")
    .replace(/\s+/g, " ")
    .trim();

describe("search answers rules questions", () => {
  it("puts the glossary definition in the top three for vigor, guard and POW, through the search box", {
    timeout: 120_000,
  }, async () => {
    const page = await open("/");
    await page.locator("site-search button[data-open-modal]").first().click();
    const input = page.locator("#starlight__search input.pagefind-ui__search-input");
    const links = page.locator("#starlight__search .pagefind-ui__result-link");
    const wanted: Array<[string, string]> = [
      ["vigor", "/glossary/vigor/"],
      ["guard", "/glossary/guard/"],
      // the glossary defines POW under "Attribute": "POW, AGI, REA, INS, PRE, and LUCK; …"
      ["POW", "/glossary/attribute/"],
    ];
    for (const [query, url] of wanted) {
      await input.fill(query);
      await expect
        .poll(
          async () =>
            (await links.evaluateAll((all) => all.slice(0, 3).map((a) => a.getAttribute("href")))).includes(
              url,
            ),
          { message: query },
        )
        .toBe(true);
      // the result shows the definition itself, not a metadata line
      const result = page.locator("#starlight__search .pagefind-ui__result", {
        has: page.locator(`a[href="${url}"]`),
      });
      expect(await result.locator(".pagefind-ui__result-excerpt").first().textContent(), query).not.toMatch(
        /source:|glossary\//,
      );
    }
    await page.close();
  });

  it("indexes every glossary term and tag with its definition, found by its name", {
    timeout: 180_000,
  }, async () => {
    const { graph } = load({ root: REPO_DIR });
    const terms = [...graph.entries.values()].filter(
      (entry) =>
        (entry.kind === "glossary" || entry.kind === "tag") &&
        typeof (entry.data as { definition?: unknown }).definition === "string",
    );
    expect(terms.length).toBeGreaterThan(150);
    const page = await open("/");
    const found = await searchAll(
      page,
      terms.map((entry) => entry.name),
      10,
    );
    const missing: string[] = [];
    for (const entry of terms) {
      const hit = found[entry.name]?.find((result) => result.url === `/${entry.id}/`);
      const definition = shown((entry.data as { definition: string }).definition);
      if (!hit) missing.push(`${entry.name}: /${entry.id}/ not in the first 10`);
      else if (!hit.content.replace(/\s+/g, " ").includes(definition.slice(0, 40)))
        missing.push(`${entry.name}: definition not in its indexed text`);
    }
    expect(missing).toEqual([]);
    await page.close();
  });

  it("indexes a page's own text only: no id, source line, backlinks, pager or run-together labels", {
    timeout: 60_000,
  }, async () => {
    const page = await open("/");
    const found = await searchAll(page, ["alchemist's fire", "grab", "vigor", "hindered"], 1);
    const pages = Object.values(found).map((results) => results[0] as Found);
    expect(pages.map((result) => result.url)).toEqual([
      "/consumable/alchemists-fire/",
      "/maneuver/grab/",
      "/glossary/vigor/",
      "/condition/hindered/",
    ]);
    for (const result of pages) {
      // no id (`maneuver/grab`), no "· source: …" line, no backlink section
      expect(result.content, result.url).not.toMatch(/\b[a-z-]+\/[a-z0-9-]+\b/);
      expect(result.content, result.url).not.toMatch(/· source:|Referenced by|Entries with/i);
      expect(result.excerpt, result.url).not.toMatch(/· source:/i);
    }
    // the pager under a chapter ("Previous 02 · How to Use This Book") is chrome
    const [chapter] = (await searchAll(page, ["rolling dice"], 1))["rolling dice"] as Found[];
    expect(chapter?.url).toBe("/chapter/rolling-dice/");
    const html = readFileSync(join(DIST_DIR, "chapter/rolling-dice/index.html"), "utf8");
    const pager = [...html.matchAll(/<span class="link-title[^"]*">([^<]+)<\/span>/g)].map(
      (match) => match[1] ?? "",
    );
    expect(pager.length).toBe(2);
    for (const title of pager) expect(chapter?.content).not.toContain(title.trim());
    // catalog tables repeat their entries' pages: the entry ranks, not the catalog listing it
    const pow = (await searchAll(page, ["POW"], 3)).POW as Found[];
    expect(pow.map((result) => result.url)).not.toContain("/weapon/");
    const fire = pages[0] as Found;
    expect(fire.content).toMatch(/Rarity common/);
    expect(fire.content).not.toMatch(/Raritycommon/);
    await page.close();
  });
});

describe("a first search on a cold connection", () => {
  // a browser of its own: each test starts with an empty HTTP cache and no service worker, as a first visit does
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  // DevTools' Slow 4G, so requests made one after another show as such
  const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };

  interface Logged {
    path: string;
    at: number;
    done?: number;
  }

  async function cold(
    path: string,
    { slow = false, saveData = false } = {},
  ): Promise<{ page: Page; requested: Logged[] }> {
    const fresh = await browser.newContext({
      serviceWorkers: "block",
      viewport: { width: 1366, height: 900 },
    });
    const page = await fresh.newPage();
    // a reader who asked their browser to save data (the Network Information API's saveData)
    if (saveData)
      await page.addInitScript(
        `Object.defineProperty(navigator, "connection", { value: { saveData: true } })`,
      );
    if (slow) {
      const cdp = await fresh.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", SLOW_4G);
    }
    const requested: Logged[] = [];
    fresh.on("request", (request) =>
      requested.push({ path: new URL(request.url()).pathname, at: Date.now() }),
    );
    fresh.on("requestfinished", (request) => {
      const entry = requested.find(
        (logged) => logged.path === new URL(request.url()).pathname && !logged.done,
      );
      if (entry) entry.done = Date.now();
    });
    const response = await page.goto(`${server.url}${path}`, { waitUntil: "load", timeout: 60_000 });
    expect(response?.status(), path).toBe(200);
    // Starlight builds the search UI when the page is idle
    await page.waitForFunction(() => document.querySelector("#starlight__search input") !== null, null, {
      timeout: 60_000,
    });
    return { page, requested };
  }
  const paths = (requested: Array<{ path: string }>) => requested.map((request) => request.path);

  /** The box's result titles once they stop changing; with a query, typed again into the box first. */
  async function settledList(page: Page, query: string | null): Promise<string[]> {
    const input = page.locator("#starlight__search input.pagefind-ui__search-input");
    if (query !== null) {
      await input.fill("");
      await input.fill(query);
    }
    const titles = page.locator(
      "#starlight__search li.pagefind-ui__result > .pagefind-ui__result-inner > .pagefind-ui__result-title a",
    );
    const read = () => titles.evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    let last = "";
    await expect
      .poll(
        async () => {
          const now = JSON.stringify(await read());
          const stable = now === last && now !== "[]";
          last = now;
          return stable;
        },
        { timeout: 30_000, interval: 700 },
      )
      .toBe(true);
    return read();
  }

  const ENGINE = ["/pagefind/pagefind.js", "/pagefind/wasm.en.pagefind", "/pagefind/pagefind-entry.json"];

  /** Every index chunk of the build, as Pagefind asks for them (read from the built metadata). */
  function builtIndexChunks(): string[] {
    const entry = JSON.parse(readFileSync(join(DIST_DIR, "pagefind/pagefind-entry.json"), "utf8"));
    const meta = readFileSync(join(DIST_DIR, `pagefind/pagefind.${entry.languages.en.hash}.pf_meta`));
    return indexChunks(new Uint8Array(gunzipSync(meta))).map(
      (chunk) => `/pagefind/index/${chunk.hash}.pf_index`,
    );
  }
  const chunksAsked = (requested: Array<{ path: string }>) =>
    paths(requested).filter((path) => path.startsWith("/pagefind/index/"));

  it("on a first visit, the idle page fetches the names index and Pagefind's files together, then its index", {
    timeout: 120_000,
  }, async () => {
    const { page, requested } = await cold("/chapter/rolling-dice/", { slow: true });
    await expect
      .poll(
        () => [...ENGINE, "/pagefind-ranked/names.json"].filter((path) => !paths(requested).includes(path)),
        {
          timeout: 30_000,
        },
      )
      .toEqual([]);
    const logged = (path: string) => requested.find((request) => request.path === path);
    // the wasm (the biggest file) and the entry file are asked for with Pagefind's module, not once it has run
    await expect.poll(() => logged("/pagefind/pagefind.js")?.done, { timeout: 30_000 }).toBeDefined();
    for (const path of ENGINE.slice(1))
      expect(logged(path)?.at, path).toBeLessThan(logged("/pagefind/pagefind.js")?.done ?? 0);
    // the metadata is asked for once, as soon as the entry file names it: Pagefind takes that response
    await expect
      .poll(() => paths(requested).some((path) => path.endsWith(".pf_meta")), { timeout: 30_000 })
      .toBe(true);
    // once the engine is ready, the whole index (every chunk, each once), which a query's words would ask for
    const chunks = builtIndexChunks();
    expect(chunks.length).toBeGreaterThan(1);
    await expect.poll(() => chunksAsked(requested).sort(), { timeout: 30_000 }).toEqual([...chunks].sort());
    await page.waitForTimeout(2000);
    expect(chunksAsked(requested).sort()).toEqual([...chunks].sort());
    // the metadata twice: Pagefind's (which took the early response) and the chunk list's, read once it had run
    expect(paths(requested).filter((path) => path.endsWith(".pf_meta")).length).toBe(2);
    // no interaction at all, and Pagefind runs on the page, without a worker
    expect(await page.locator("#starlight__search .pagefind-ui__result").count()).toBe(0);
    expect(paths(requested)).not.toContain("/pagefind/pagefind-worker.js");
    await page.context().close();
  });

  it("saving data, the idle page fetches only the names index; the way to the search button starts Pagefind", {
    timeout: 90_000,
  }, async () => {
    const { page, requested } = await cold("/chapter/rolling-dice/", { saveData: true });
    await expect.poll(() => paths(requested)).toContain("/pagefind-ranked/names.json");
    expect(paths(requested)).toContain("/pagefind-ranked/ui/pagefind.js");
    // time for an idle warm-up to show itself: nothing of Pagefind before the reader heads for search
    await page.waitForTimeout(1000);
    expect(paths(requested).filter((path) => path.startsWith("/pagefind/"))).toEqual([]);
    await page.locator("site-search button[data-open-modal]").first().hover();
    await expect.poll(() => ENGINE.filter((path) => !paths(requested).includes(path))).toEqual([]);
    expect(await page.locator("#starlight__search .pagefind-ui__result").count()).toBe(0);
    // heading for search starts the engine, not the whole index: a query asks for the chunks its words need
    await expect.poll(() => paths(requested).some((path) => path.endsWith(".pf_meta"))).toBe(true);
    await page.waitForTimeout(2000);
    expect(chunksAsked(requested)).toEqual([]);
    await page.context().close();
  });

  it("shows a name's page from the names index before Pagefind answers, then Pagefind's ranked list", {
    timeout: 120_000,
  }, async () => {
    const { graph } = load({ root: REPO_DIR });
    const vigor = graph.get("glossary/vigor") as unknown as { data: { definition: string } };

    const { page, requested } = await cold("/chapter/rolling-dice/");
    // Pagefind's index and page texts are held back until the names answer has been seen
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/pagefind\/(index|fragment)\//, async (route) => {
      await held;
      await route.continue();
    });
    await page.locator("site-search button[data-open-modal]").first().click();
    const input = page.locator("#starlight__search input.pagefind-ui__search-input");
    await input.fill("  VIGOR");
    const rows = page.locator("#starlight__search li.pagefind-ui__result");
    const titles = page.locator(
      "#starlight__search li.pagefind-ui__result > .pagefind-ui__result-inner > .pagefind-ui__result-title a",
    );
    await expect
      .poll(() => titles.evaluateAll((links) => links.map((a) => a.getAttribute("href"))))
      .toEqual(["/glossary/vigor/"]);
    // its one-line definition, as the reader reads it
    expect(await rows.first().textContent()).toContain(shown(vigor.data.definition).slice(0, 40));
    expect(paths(requested).some((path) => path.startsWith("/pagefind/index/"))).toBe(true);
    // the dialog with the early answer: no accessibility violation
    expect(await axeViolations(page, "#starlight__search")).toEqual([]);

    release();
    const final = () => titles.evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    // Pagefind's list replaces it: a page of ten rows (src/scripts/pagefind-ui.ts), the names answer's page first
    await expect.poll(async () => (await final()).length, { timeout: 30_000 }).toBe(10);
    const hrefs = await final();
    expect(hrefs[0]).toBe("/glossary/vigor/");
    expect(new Set(hrefs).size).toBe(hrefs.length);
    // ... and it is the list Pagefind gives the box for the query once loaded
    expect(await settledList(page, "vigor")).toEqual(hrefs);

    // keyboard: Tab from the box reaches the first result, Enter opens it
    await input.focus();
    for (let i = 0; i < 4; i++) {
      if (await page.evaluate(() => document.activeElement?.classList.contains("pagefind-ui__result-link")))
        break;
      await page.keyboard.press("Tab");
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute("href"))).toBe("/glossary/vigor/");
    await Promise.all([page.waitForURL(/\/glossary\/vigor\/$/), page.keyboard.press("Enter")]);
    await page.context().close();
  });

  it("answers a query that is no name from Pagefind alone, with the list it gives once loaded", {
    timeout: 90_000,
  }, async () => {
    const { page } = await cold("/");
    // every list of result titles the box shows, as it changes
    await page.evaluate(`(() => {
      window.__lists = [];
      const titles = () => [...document.querySelectorAll("#starlight__search li.pagefind-ui__result > .pagefind-ui__result-inner > .pagefind-ui__result-title a")].map((a) => a.getAttribute("href"));
      new MutationObserver(() => window.__lists.push(titles())).observe(document.querySelector("#starlight__search"), { subtree: true, childList: true });
    })()`);
    await page.locator("site-search button[data-open-modal]").first().click();
    await page.locator("#starlight__search input.pagefind-ui__search-input").fill("gain momentum");
    const titles = page.locator(
      "#starlight__search li.pagefind-ui__result > .pagefind-ui__result-inner > .pagefind-ui__result-title a",
    );
    await expect
      .poll(async () => (await titles.evaluateAll((links) => links.length)) > 0, { timeout: 30_000 })
      .toBe(true);
    const first = await settledList(page, null);
    // the same list as the box shows once everything is loaded
    const reference = await settledList(page, "gain momentum");
    expect(first).toEqual(reference);
    // on the way there, no row that is not one of Pagefind's
    const lists = (await page.evaluate("window.__lists")) as string[][];
    expect(lists.length).toBeGreaterThan(0);
    expect([...new Set(lists.flat())].filter((href) => !reference.includes(href))).toEqual([]);
    await page.context().close();
  });
});
