// Browser tests against the built site on 127.0.0.1 with Debian's Chromium: pages, catalogs, previews, search,
// the calculator (numbers equal @momenta/rules) and axe on one page of each type; screenshots saved for review
import { load } from "@momenta/content";
import { bandProbabilitiesOf, opposedDistribution, patternProbabilities } from "@momenta/rules";
import { kindByName } from "@momenta/schema";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exactNames, normalizeSearchName, searchRank } from "../src/lib/search-rank.ts";
import { axeViolations } from "./support/axe.ts";
import { DIST_DIR, ensureSiteBuilt, REPO_DIR } from "./support/build.ts";
import { launchChromium } from "./support/chromium.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { browseSite, type SiteBrowser } from "./support/server.ts";

let site: SiteBrowser;

beforeAll(async () => {
  ensureSiteBuilt();
  site = await browseSite(DIST_DIR, { viewport: { width: 1280, height: 900 } }, "momenta-chromium-");
});

afterAll(() => site?.close());

const open = (path: string): Promise<Page> => site.open(path);

const shot = (page: Page, name: string, fullPage = false) => saveScreenshot(page, name, { fullPage });

describe("pages", () => {
  it("a chapter: title, Moment eyebrow, sidebar by Moment, TOC, prev/next and embedded stat blocks", async () => {
    const page = await open("/chapter/conditions-and-states/");
    await expect.poll(() => page.locator("h1").textContent()).toBe("Conditions and States");
    expect(await page.locator(".chapter-eyebrow").textContent()).toContain("Moment 4 · Combat · Chapter 22");
    expect(await page.locator("nav.sidebar").getByText("Moment 4 · Combat").count()).toBeGreaterThan(0);
    expect(await page.locator('starlight-toc a[href="#stacking"]').count()).toBe(1);
    expect(await page.locator(".pagination-links a[rel=prev]").count()).toBe(1);
    expect(await page.locator(".pagination-links a[rel=next]").count()).toBe(1);
    expect(await page.locator(".statblock--condition").count()).toBeGreaterThanOrEqual(18);
    expect(await page.locator("h2#stacking a.heading-anchor").getAttribute("href")).toBe("#stacking");
    await shot(page, "chapter");
    await page.close();
  });

  it("an address the rulebook does not have: the site's own 404 page, with the way back", async () => {
    const page = await site.context.newPage();
    const response = await page.goto(`${site.url}/weapon/no-such-weapon/`, { waitUntil: "load" });
    expect(response?.status()).toBe(404);
    expect(await page.title()).toBe("Page not found | Momenta Rules");
    await expect
      .poll(() => page.locator("main").innerText())
      .toContain("No page of the rulebook lives at this address");
    expect(await page.locator('main a[href="/"]').textContent()).toBe("home page");
    // not a page the search should find
    expect(await page.locator("[data-pagefind-body]").count()).toBe(0);
    await page.close();
  });

  it("an entry: the stat block at its permalink, with the ladder the book prints", async () => {
    const page = await open("/weapon/mace/");
    expect(await page.locator("h1").textContent()).toBe("Mace");
    const ladder = page.locator(".statblock .ladder");
    expect(await ladder.locator("th").allTextContents()).toEqual(["0s", "1s", "2s", "3+"]);
    expect(await ladder.locator("td").allTextContents()).toEqual([
      "2 damage",
      "7 damage",
      "13 damage",
      "20 damage",
    ]);
    await shot(page, "entry-weapon");
    await page.close();
  });

  it("Mira's sheet shows the computed stats", async () => {
    const page = await open("/character/mira/");
    expect(await page.locator('.sheet__stat[data-stat="maxVitality"] .sheet__stat-value').textContent()).toBe(
      "21",
    );
    await shot(page, "entry-character", true);
    await page.close();
  });
});

describe("catalog index", () => {
  it("sorts by a column and filters by a facet and by text", async () => {
    const page = await open("/weapon/");
    const rows = page.locator("table.catalog__table tbody tr[data-id]");
    const total = await rows.count();
    expect(total).toBeGreaterThanOrEqual(28);
    const names = () =>
      page.locator("table.catalog__table tbody tr[data-id]:not([hidden]) th").allTextContents();

    // sort by damage, descending on the second click: the top 3+ result comes first
    const damage = page.locator('thead th[data-column="damage"] button');
    await damage.click();
    await damage.click();
    expect(await page.locator('thead th[data-column="damage"]').getAttribute("aria-sort")).toBe("descending");
    const tops = await page
      .locator('table.catalog__table tbody tr td[data-column="damage"]')
      // the sort key lists the ladder's numbers from 3+ down; its first is the ceiling
      .evaluateAll((cells) =>
        cells.map((cell) => Number((cell.getAttribute("data-sort") || "0").split(" ")[0])),
      );
    expect(tops).toEqual([...tops].sort((a, b) => b - a));

    // facet: only Heavy weapons stay visible
    await page.selectOption('select[data-filter-column="weightClass"]', "Heavy");
    const heavy = await page
      .locator('table.catalog__table tbody tr:not([hidden]) td[data-column="weightClass"]')
      .allTextContents();
    expect(heavy.length).toBeGreaterThan(0);
    expect(new Set(heavy)).toEqual(new Set(["Heavy"]));
    expect(await page.locator(".catalog__count").textContent()).toBe(`${heavy.length} of ${total} shown`);

    // text filter narrows further; clearing both restores every row
    await page.fill("input[data-filter-text]", "greatsword");
    expect(await names()).toEqual(["Greatsword"]);
    await page.fill("input[data-filter-text]", "");
    await page.selectOption('select[data-filter-column="weightClass"]', "");
    expect((await names()).length).toBe(total);
    await shot(page, "index-weapons");
    await page.close();
  });

  it("is complete without JavaScript: every row, and the facets as grouped lists", async () => {
    const noJs = await launchChromium({ javaScriptEnabled: false }, "momenta-chromium-nojs-");
    try {
      const page = await noJs.context.newPage();
      await page.goto(`${site.url}/weapon/`);
      expect(await page.locator("table.catalog__table tbody tr[data-id]").count()).toBeGreaterThanOrEqual(28);
      expect(await page.locator(".catalog__controls").isVisible()).toBe(false);
      const byWeight = page.locator(".catalog__browse details", { hasText: "Browse by weight class" });
      await byWeight.locator("summary").click();
      const heavy = byWeight.locator("dt", { hasText: /^Heavy \(\d+\)$/ });
      expect(await heavy.count()).toBe(1);
      expect(await byWeight.locator("dd a", { hasText: "Greatsword" }).count()).toBe(1);
      await shot(page, "index-weapons-nojs");
    } finally {
      await noJs.close();
    }
  });
});

describe("link previews", () => {
  it("appear on hover and on keyboard focus, from cards inlined in the page, and Escape hides them", async () => {
    const page = await open("/condition/hindered/");
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    const link = page.locator('.statblock a[data-ref="reaction/dodge"]').first();
    const tooltip = page.locator("#ref-preview");

    await link.hover();
    await expect.poll(() => tooltip.isVisible()).toBe(true);
    expect(await tooltip.locator(".ref-card__title").textContent()).toBe("Dodge");
    expect(await link.getAttribute("aria-describedby")).toBe("ref-preview");
    await page.mouse.move(0, 0);
    await expect.poll(() => tooltip.isVisible()).toBe(false);

    await link.focus();
    await expect.poll(() => tooltip.isVisible()).toBe(true);
    await shot(page, "preview-focus");
    await page.keyboard.press("Escape");
    await expect.poll(() => tooltip.isVisible()).toBe(false);
    // no page or data fetch per hover (meanwhile Starlight may lazy-load its search bundle, the idle page warms
    // the search engine and names index under pagefind-ranked/, and the page registers its offline service worker)
    const pageFetches = requests.filter(
      (url) =>
        !/\/(_astro|pagefind|pagefind-ranked)\/|\/(sw\.js|manifest\.webmanifest|icon-\d+\.png|favicon\.svg)$/.test(
          url,
        ),
    );
    expect(pageFetches).toEqual([]);
    await page.close();
  });

  it("stay smooth on a page with hundreds of links: one listener, each card inlined once", async () => {
    const page = await open("/chapter/glossary/");
    const { links, cards, distinct } = await page.evaluate(() => ({
      links: document.querySelectorAll("a[data-ref]").length,
      cards: document.querySelectorAll("#ref-previews [data-preview]").length,
      distinct: new Set([...document.querySelectorAll("a[data-ref]")].map((a) => a.getAttribute("data-ref")))
        .size,
    }));
    expect(links).toBeGreaterThan(150);
    expect(cards).toBe(distinct);
    // the previews listen on the document (one listener each for focus and hover), never on each link: a page of
    // hundreds of links costs no more than one of a few. Counted from Chromium's own list of listeners, where a
    // timed loop of focus events said as much about the machine's load as about the page
    const cdp = await page.context().newCDPSession(page);
    const listenersOf = async (objectId: string) =>
      (await cdp.send("DOMDebugger.getEventListeners", { objectId })).listeners.map((found) => found.type);
    const evaluate = async (expression: string) =>
      (await cdp.send("Runtime.evaluate", { expression })).result.objectId as string;
    const onDocument = await listenersOf(await evaluate("document"));
    for (const type of ["focusin", "focusout", "mouseover", "mouseout"])
      expect(
        onDocument.filter((found) => found === type),
        type,
      ).toHaveLength(1);
    // every link at once (one array, its elements' handles, their listeners asked for together)
    const { result } = await cdp.send("Runtime.getProperties", {
      objectId: await evaluate(`[...document.querySelectorAll("a[data-ref]")]`),
      ownProperties: true,
    });
    const elements = result.filter((property) => /^\d+$/.test(property.name));
    expect(elements).toHaveLength(links);
    const onLinks = await Promise.all(
      elements.map((element) => listenersOf(element.value?.objectId as string)),
    );
    expect(onLinks.filter((types) => types.length > 0)).toEqual([]);
    await cdp.detach();
    await page.close();
  });
});

describe("search", () => {
  // typing an entry's exact name lists that entry first; equal names go to the kind SEARCH_KIND_ORDER puts first
  const firstResults: Array<[string, string]> = [
    ["hindered", "/condition/hindered/"],
    ["ignis", "/resonance/ignis/"],
    ["grabbed", "/condition/grabbed/"],
    ["warrior", "/archetype/warrior/"],
    ["mace", "/weapon/mace/"],
    ["rend", "/art/rend/"],
    ["frenzy", "/condition/frenzy/"],
    ["mira", "/character/mira/"],
    ["alchemist's fire", "/consumable/alchemists-fire/"],
    ["Deflect", "/reaction/deflect/"],
  ];

  it("the search box lists the exact-name entry first", async () => {
    const page = await open("/");
    await page.locator("site-search button[data-open-modal]").first().click();
    const input = page.locator("#starlight__search input.pagefind-ui__search-input");
    const first = page.locator("#starlight__search .pagefind-ui__result-link").first();
    const seen: Array<[string, string | null]> = [];
    for (const [query, url] of firstResults) {
      await input.fill(query);
      await expect.poll(() => first.getAttribute("href"), { message: query }).toBe(url);
      seen.push([query, await first.getAttribute("href")]);
      if (query === "hindered") await shot(page, "search-hindered");
      if (query === "warrior") await shot(page, "search-warrior");
    }
    expect(seen).toEqual(firstResults);
    // the exact-name key is internal: the filter panel offers kinds, never "exact"
    const filterNames = await page.locator("#starlight__search .pagefind-ui__filter-name").allTextContents();
    expect(filterNames.map((name) => name.trim().toLowerCase())).not.toContain("exact");
    await page.close();
  });

  it("every indexed entry and chapter ranks first for its exact name and aliases", {
    timeout: 180_000,
  }, async () => {
    const { graph } = load({ root: REPO_DIR });
    // the page a reader expects for each name: among pages carrying it, the kind ranked first
    const expected = new Map<string, { url: string; rank: number }>();
    const offer = (name: string, url: string, rank: number) => {
      const current = expected.get(name);
      if (!current || rank < current.rank) expected.set(name, { url, rank });
    };
    for (const entry of graph.entries.values()) {
      // fallback kinds (glossary pointers) are left out of the index on purpose
      if (kindByName(entry.kind)?.nameResolution !== "primary") continue;
      for (const name of exactNames(entry.name, entry.aliases))
        offer(name, `/${entry.id}/`, searchRank(entry.kind));
    }
    for (const chapter of graph.chapters.values())
      offer(normalizeSearchName(chapter.frontmatter.title), `/${chapter.id}/`, searchRank("chapter"));
    expect(expected.size).toBeGreaterThan(200);

    const page = await open("/");
    const queries = [...expected.keys()];
    // a string, not a function: vitest would rewrite a dynamic import() inside the function body
    const firsts: Record<string, string | null> = await page.evaluate(`(async (terms) => {
      const pagefind = await import("/pagefind-ranked/pagefind.js");
      await pagefind.options({});
      const found = {};
      for (const term of terms) {
        const response = await pagefind.search(term, {});
        const top = response.results[0];
        found[term] = top ? new URL((await top.data()).url, location.origin).pathname : null;
      }
      return found;
    })(${JSON.stringify(queries)})`);
    const wrong = queries
      .filter((query) => firsts[query] !== expected.get(query)?.url)
      .map((query) => `${query}: got ${firsts[query]}, want ${expected.get(query)?.url}`);
    expect(wrong).toEqual([]);
    await page.close();
  });
});

describe("dice pool calculator", () => {
  it("shows the numbers @momenta/rules computes", async () => {
    const page = await open("/tools/dice/");
    await page.fill('input[name="pool"]', "5");
    await page.fill('input[name="modifier"]', "-1");
    await page.fill('input[name="opposition"]', "2");
    const read = (table: string, key: string) =>
      page.locator(`table[${table}] [data-result="${key}"]`).getAttribute("data-probability").then(Number);
    const bands = bandProbabilitiesOf(opposedDistribution(4, 2));
    await expect.poll(() => read("data-bands", "1s")).toBeCloseTo(bands["1s"], 12);
    for (const key of ["0s", "1s", "2s", "3+", "overflow"] as const)
      expect(await read("data-bands", key)).toBeCloseTo(bands[key], 12);
    const patterns = patternProbabilities(4);
    for (const key of ["double", "twoDoubles", "triple", "quad", "doubleOfGivenValue"] as const) {
      expect(await read("data-patterns", key)).toBeCloseTo(patterns[key], 12);
    }
    expect(await page.locator("[data-rolled]").textContent()).toBe("4 dice");
    await shot(page, "calculator");
    await page.close();
  });
});

describe("reading comfort", () => {
  it("mobile: the sidebar folds into a menu and stat blocks fit the width", async () => {
    const page = await site.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${site.url}/archetype/warrior/`);
    expect(await page.locator("starlight-menu-button button").isVisible()).toBe(true);
    expect(await page.locator("nav.sidebar").isVisible()).toBe(false);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, "mobile-archetype", true);
    await page.close();
  });

  it("dark mode: the theme switch applies and stat blocks follow it", async () => {
    const page = await open("/condition/hindered/");
    await page.locator("starlight-theme-select select").first().selectOption("dark");
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    const background = await page
      .locator(".statblock")
      .evaluate((node) => getComputedStyle(node).backgroundColor);
    expect(background).not.toBe("rgb(255, 255, 255)");
    await shot(page, "dark-condition");
    await page.close();
  });

  it("print: navigation, search and previews are hidden; the stat block stays", async () => {
    const page = await open("/chapter/conditions-and-states/");
    await page.emulateMedia({ media: "print" });
    const shown = (selector: string) => page.locator(selector).first().isVisible();
    expect(await shown("nav.sidebar")).toBe(false);
    expect(await shown("header.header")).toBe(false);
    expect(await shown(".pagination-links")).toBe(false);
    expect(await shown(".statblock")).toBe(true);
    await shot(page, "print-chapter");
    await page.close();
  });
});

describe("accessibility (axe)", () => {
  const pages: Array<[string, string]> = [
    ["home", "/"],
    ["chapter", "/chapter/conditions-and-states/"],
    ["entry-condition", "/condition/hindered/"],
    ["entry-art", "/art/rend/"],
    ["entry-resonance", "/resonance/ignis/"],
    ["entry-archetype", "/archetype/warrior/"],
    ["entry-character", "/character/mira/"],
    ["index", "/weapon/"],
    ["glossary", "/glossary/"],
    ["grid", "/spellcasting/grid/"],
    ["calculator", "/tools/dice/"],
    ["tables", "/tools/tables/"],
    ["missing", "/missing/"],
  ];
  it.each(pages)("%s (%s) has no violations", async (name, path) => {
    const page = await open(path);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `axe-${name}`);
    await page.close();
  });
});
