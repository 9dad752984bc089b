// The reader's way out of the browser and the tools, in Chromium at 1366 and 390 px: the Downloads page links only
// what the built site serves and names the command for each file it does not
import { existsSync } from "node:fs";
import { join } from "node:path";
import { cardDecks } from "@momenta/render";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getGraph } from "../src/lib/content.ts";
import { axeViolations } from "./support/axe.ts";
import { DIST_DIR, ensureSiteBuilt } from "./support/build.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { browseSite, type SiteBrowser } from "./support/server.ts";

const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

let site: SiteBrowser;

beforeAll(async () => {
  ensureSiteBuilt();
  site = await browseSite(DIST_DIR, {}, "momenta-reader-tools-");
});

afterAll(() => site?.close());

const open = (path: string, viewport: { width: number; height: number }): Promise<Page> =>
  site.open(path, (page) => page.setViewportSize(viewport));

const visibleText = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) =>
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
    (element as HTMLElement).innerText.replace(/\s+/g, " ").trim(),
  );

/** Nothing on the page is wider than the window: no sideways scrolling. */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe("the Downloads page", () => {
  for (const viewport of WIDTHS) {
    it(`every link on /downloads/ opens a file the built site serves, at ${viewport.width} px`, async () => {
      const page = await open("/downloads/", viewport);
      const hrefs = await page
        .locator("main a[href]")
        .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
      const own = hrefs.filter((href) => href.startsWith(site.url));
      // the book, five decks, four API documents at least
      expect(own.length).toBeGreaterThanOrEqual(10);
      const failed: string[] = [];
      for (const href of own) {
        const response = await page.request.get(href);
        const path = new URL(href).pathname;
        const file = path.endsWith("/") ? join(DIST_DIR, path, "index.html") : join(DIST_DIR, path);
        if (response.status() !== 200 || !existsSync(file)) failed.push(`${path}: ${response.status()}`);
      }
      expect(failed).toEqual([]);
      // no PDF is linked: the site build publishes none
      expect(own.filter((href) => href.endsWith(".pdf"))).toEqual([]);
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `downloads-${viewport.width}`, { fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    });
  }

  it("names the book, each card deck with its card count, the API and the commands for the PDFs and exports", async () => {
    const page = await open("/downloads/", WIDTHS[1]);
    const text = await visibleText(page, "main");
    expect(text).toContain("The whole book on one page");
    expect(text).toContain("run npm run pdf in the repository");
    expect(text).toContain("run npm run cards in the repository");
    expect(text).toContain("/api/v1/index.json lists every entry");
    expect(text).toContain("momenta export --format obsidian <dir>");
    expect(text).toContain("momenta export --format foundry <dir>");
    const decks = cardDecks(await getGraph()).filter((deck) => deck.cards.length > 0);
    expect(decks.length).toBeGreaterThanOrEqual(5);
    const shown = await page.locator(".downloads-decks li").evaluateAll((items) =>
      items.map((item) => [
        item.querySelector("a")?.getAttribute("href"),
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
        (item as HTMLElement).innerText.trim(),
      ]),
    );
    expect(shown).toEqual(
      decks.map((deck) => [
        `/print/cards/${deck.id}/`,
        `${deck.title} — ${deck.cards.length} ${deck.cards.length === 1 ? "card" : "cards"}`,
      ]),
    );
    await page.close();
  });

  for (const viewport of WIDTHS) {
    it(`the home page and the site navigation lead to it at ${viewport.width} px`, async () => {
      const page = await open("/", viewport);
      const home = page.locator("main a[href='/downloads/']");
      expect(await home.isVisible()).toBe(true);
      await home.click();
      await page.waitForURL(/\/downloads\/$/);
      expect(await visibleText(page, "h1")).toBe("Downloads");
      // the sidebar (behind the menu button on a phone) names it under "This edition"
      if (viewport.width < 800) await page.locator("starlight-menu-button button").click();
      const nav = page.locator("nav.sidebar a[href='/downloads/']");
      expect(await nav.isVisible()).toBe(true);
      expect(await nav.getAttribute("aria-current")).toBe("page");
      await page.close();
    });
  }
});

type Combination = { art?: string; supported?: boolean; ladders?: string[] };

describe("the Art × Resonance grid shows spells", () => {
  for (const viewport of WIDTHS) {
    it(`each castable cell names its spell with cost, range and ladder, linked, at ${viewport.width} px`, async () => {
      const graph = await getGraph();
      const expected = graph.byKind("resonance").flatMap((resonance) =>
        ((resonance.data as { entries?: Combination[] }).entries ?? [])
          .filter((item) => item.art && item.supported !== false)
          .map((item) => {
            const art = graph.byKind("art").find((candidate) => candidate.id === item.art);
            const data = art?.data as { baseCost: number; basicShape: { range: { value: string } } };
            return {
              href: `/${resonance.id}/#with-${item.art?.slice("art/".length)}`,
              name: `${art?.name} · ${resonance.name}`,
              facts: [`${data.baseCost} Vigor`, `Range ${data.basicShape.range.value}`]
                // two ladders are the caster's choice, as the book words Lux's Mend
                .concat(
                  item.ladders?.length === 2
                    ? [`${item.ladders.join(" or ")} (caster choice)`]
                    : item.ladders?.length
                      ? [item.ladders.join(", ")]
                      : [],
                )
                .join(" · "),
            };
          }),
      );
      expect(expected.length).toBeGreaterThanOrEqual(19);
      const page = await open("/spellcasting/grid/", viewport);
      const shown = await page.locator("table.grid td[data-combination='supported']").evaluateAll((cells) =>
        cells.map((cell) => {
          const link = cell.querySelector("a.grid__spell");
          return {
            href: link?.getAttribute("href"),
            // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
            name: (link as HTMLElement | null)?.innerText.trim(),
            // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
            facts: (cell.querySelector(".grid__facts") as HTMLElement | null)?.innerText
              .replace(/\s+/g, " ")
              .trim(),
          };
        }),
      );
      const byHref = (a: { href?: string | null }, b: { href?: string | null }) =>
        String(a.href).localeCompare(String(b.href));
      expect(shown.sort(byHref)).toEqual(expected.sort(byHref));
      expect(await visibleText(page, "table.grid")).not.toMatch(/\bcastable\b(?! with)/);
      // the sample cell as the book gives it: Rend through Ignis costs 2 Vigor at range SEN on the Vitality ladder
      expect(await visibleText(page, "td:has(> a[href='/resonance/ignis/#with-rend'])")).toBe(
        "Rend · Ignis 2 Vigor · Range SEN · Vitality Wracked (Fire) +2 damage",
      );
      // the grid scrolls inside its own region on a phone; the page itself does not
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `grid-${viewport.width}`, { fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      const link = page.locator("a[href='/resonance/lux/#with-mend']");
      await link.scrollIntoViewIfNeeded();
      await link.click();
      await page.waitForURL(/\/resonance\/lux\/#with-mend$/);
      expect(await page.locator("#with-mend").isVisible()).toBe(true);
      await page.close();
    });
  }

  it("lists the Arts in the book's order, then those whose stat block is lost, marked not in the source", async () => {
    const page = await open("/spellcasting/grid/", WIDTHS[1]);
    const columns = (await page.locator("table.grid thead th").allInnerTexts()).map((label) => label.trim());
    expect(columns).toEqual(["Resonance \\ Art", "Rend", "Afflict", "Bolster", "Mend", "Compel", "Impel"]);
    for (const index of [6, 7]) {
      const marks = page.locator(`table.grid tbody tr td:nth-child(${index}) .grid__lost`);
      expect(await marks.count()).toBe(5);
      expect(await marks.allInnerTexts()).toEqual(Array(5).fill("not in the source"));
      // a mark the eye finds: a dashed box, not only grey words
      expect(await marks.first().evaluate((mark) => getComputedStyle(mark).borderTopStyle)).toBe("dashed");
    }
    await page.close();
  });
});

describe("the dice calculator says when it limits a pool", () => {
  for (const viewport of WIDTHS) {
    it(`a pool past 30 dice is named, with what was computed instead, at ${viewport.width} px`, async () => {
      const page = await open("/tools/dice/", viewport);
      const limit = page.locator("[data-dice-limit]");
      expect(await limit.isVisible()).toBe(false);
      await page.fill('input[name="pool"]', "45");
      await expect.poll(() => limit.isVisible()).toBe(true);
      expect(await visibleText(page, "[data-dice-limit]")).toBe(
        "This calculator rolls at most 30 dice: a pool of 45 dice is computed as 30.",
      );
      expect(await visibleText(page, "[data-rolled]")).toBe("30 dice");
      // said where the reader reads the roll: on screen, above the results, within the window's width
      const box = await limit.boundingBox();
      const results = await page.locator(".dice-results").boundingBox();
      if (!box || !results) throw new Error("the limit or the results are not shown");
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      expect(box.y + box.height).toBeLessThanOrEqual(results.y);
      await saveScreenshot(page, `dice-limit-${viewport.width}`, { fullPage: true });
      expect(await axeViolations(page)).toEqual([]);

      // within the pool, the modifiers can still push the roll past it
      await page.fill('input[name="pool"]', "25");
      await page.fill('input[name="modifier"]', "10");
      await expect
        .poll(() => visibleText(page, "[data-dice-limit]"))
        .toBe("This calculator rolls at most 30 dice: 25 dice with +10 make 35, computed as 30.");
      await page.fill('input[name="modifier"]', "2");
      await expect.poll(() => limit.isVisible()).toBe(false);
      expect(await visibleText(page, "[data-rolled]")).toBe("27 dice");
      await page.close();
    });
  }

  it("a shared address past the limit keeps the reader's number and says what was computed", async () => {
    const page = await open("/tools/dice/?pool=3&opposition=40", WIDTHS[1]);
    expect(await page.inputValue('input[name="opposition"]')).toBe("40");
    await expect
      .poll(() => visibleText(page, "[data-dice-limit]"))
      .toBe("This calculator rolls at most 30 dice: an opposition pool of 40 dice is computed as 30.");
    await page.close();
  });
});

describe("catalogs offer only filters that narrow", () => {
  for (const viewport of WIDTHS) {
    it(`/enemy/ says its shared tier once, its status in the notice, and filters by challenge class only, at ${viewport.width} px`, async () => {
      const page = await open("/enemy/", viewport);
      expect(await visibleText(page, ".catalog__shared")).toBe("Every enemy: Tier Novice");
      // every enemy is incomplete: the notice says so once, and points at no Status column
      expect(await visibleText(page, ".catalog__missing")).toBe(
        "Incomplete in the source: 11 of 11 enemies; each entry's page says what is missing.",
      );
      const headers = (await page.locator("table.catalog__table thead th").allInnerTexts()).map((text) =>
        text.trim(),
      );
      expect(headers.slice(0, 2)).toEqual(["Name", "Challenge class"]);
      expect(headers).not.toContain("Tier");
      expect(headers).not.toContain("Status");
      const filters = await page
        .locator(".catalog__controls select")
        .evaluateAll((selects) => selects.map((select) => select.getAttribute("data-filter-column")));
      expect(filters).toEqual(["challengeClass"]);
      // the one filter left still narrows: Elite leaves the two Elite enemies
      await page.locator(".catalog__controls select").selectOption("Elite");
      await expect.poll(() => page.locator("table.catalog__table tbody tr[data-id]:visible").count()).toBe(2);
      await saveScreenshot(page, `enemy-${viewport.width}`, { fullPage: true });
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    });
  }

  it("every filter on every catalog page has at least two values to choose from", async () => {
    const graph = await getGraph();
    const kinds = [...new Set([...graph.entries.values()].map((entry) => entry.kind))];
    const page = await open("/", WIDTHS[0]);
    const thin: string[] = [];
    let offered = 0;
    for (const kind of kinds) {
      await page.goto(`${site.url}/${kind}/`);
      const options = await page
        .locator(".catalog__controls select")
        .evaluateAll((selects) =>
          selects.map((select) => [
            select.getAttribute("data-filter-column"),
            [...(select as HTMLSelectElement).options].filter((option) => option.value !== "").length,
          ]),
        );
      offered += options.length;
      for (const [column, count] of options)
        if (Number(count) < 2) thin.push(`${kind}: ${column} (${count})`);
    }
    expect(offered).toBeGreaterThan(5);
    expect(thin).toEqual([]);
    await page.close();
  }, 120_000);
});

describe("the book's own order and groups", () => {
  for (const viewport of WIDTHS) {
    it(`/limit-break/ and /focus/ list their entries under the book's groups, in its order, at ${viewport.width} px`, async () => {
      const graph = await getGraph();
      const books = [
        ["limit-break", ["General Limit Breaks", "Archetype Limit Breaks"]],
        ["focus", ["Basic Spell Focus", "Exotic Spell Focus"]],
      ] as const;
      for (const [kind, headings] of books) {
        const page = await open(`/${kind}/`, viewport);
        const groups = await page.locator(".entry-list h2.entry-list__group").evaluateAll((all) =>
          all.map((heading) => ({
            // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
            heading: (heading as HTMLElement).innerText.trim(),
            names: [...(heading.nextElementSibling?.querySelectorAll("dt a") ?? [])].map((link) =>
              // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
              (link as HTMLElement).innerText.trim(),
            ),
          })),
        );
        expect(groups.map((group) => group.heading)).toEqual(headings);
        // each entry sits under the section of the book its source names
        const expected = headings.map((heading) =>
          graph
            .byKind(kind)
            .filter((entry) => (entry.data as { source?: { section?: string } }).source?.section === heading)
            .map((entry) => entry.name)
            .sort(),
        );
        expect(groups.map((group) => [...group.names].sort())).toEqual(expected);
        expect(expected.flat().length).toBe(graph.byKind(kind).length);
        expect(await overflow(page)).toBeLessThanOrEqual(0);
        await saveScreenshot(page, `${kind}-${viewport.width}`, { fullPage: true });
        expect(await axeViolations(page)).toEqual([]);
        await page.close();
      }
    });
  }

  it("the printed book puts the appendices after the Core Rules and before the catalogs, as the source does", async () => {
    const page = await open("/print/book/", WIDTHS[0]);
    const labels = (
      await page.locator("nav.book-toc .book-toc__label").evaluateAll((all) =>
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
        all.map((label) => (label as HTMLElement).innerText.trim()),
      )
    ).map((label) => label.replace(/ \d+$/, " N"));
    const kinds = [...new Set(labels)];
    expect(kinds).toEqual(["Chapter N", "Appendix A", "Appendix B", "Catalog"]);
    const lastChapter = labels.lastIndexOf("Chapter N");
    expect(labels.slice(lastChapter + 1, lastChapter + 3)).toEqual(["Appendix A", "Appendix B"]);
    // the parts print in the contents' order
    const parts = await page
      .locator("section.book-part .book-part__label")
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
      .evaluateAll((all) => all.map((label) => (label as HTMLElement).innerText.trim().split("\n")[0] ?? ""));
    // the part labels are set in capitals (text-transform), the contents' are not
    expect(parts.map((label) => label.replace(/ \d+$/, " N").toLowerCase())).toEqual(
      labels.map((label) => label.toLowerCase()),
    );
    await page.close();
  });
});
