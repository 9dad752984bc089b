// Search, previews and catalog filters in a second engine: Debian's Firefox ESR over WebDriver BiDi (puppeteer-core),
// at 1366 and 390 px, read as the reader sees them (visible text and boxes), on the site the other browser tests build
// biome-ignore-all lint/performance/useDomNodeTextContent: the rendered text (CSS applied) is what a reader sees
import { load } from "@momenta/content";
import type { Page } from "puppeteer-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIST_DIR, ensureSiteBuilt, REPO_DIR } from "./support/build.ts";
import { browseSiteInFirefox, type FirefoxSite, type Viewport } from "./support/firefox.ts";
import { resultBoxesInDialog } from "./support/search-results.ts";

const WIDTHS: readonly Viewport[] = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
];
const PHONE = WIDTHS[1] as Viewport;

let site: FirefoxSite;

beforeAll(async () => {
  ensureSiteBuilt();
  site = await browseSiteInFirefox(DIST_DIR);
});

afterAll(() => site?.close());

/** Each result's own title link (not its sub-results'), as search.test.ts and reader-minute.test.ts read them. */
const TITLES =
  "#starlight__search .pagefind-ui__result-inner > .pagefind-ui__result-title > .pagefind-ui__result-link";
const INPUT = "#starlight__search input.pagefind-ui__search-input";

/** Opens the search dialog from its button, as a reader does, and types `query` into the box it focuses. */
async function search(page: Page, query: string): Promise<void> {
  // the button is disabled until Starlight's script has run; the locator waits for it to be clickable
  await page.locator("site-search button[data-open-modal]").click();
  await page.waitForFunction((input) => document.activeElement?.matches(input) === true, {}, INPUT);
  await page.keyboard.type(query);
}

/**
 * The result titles' shown text once the list holds every title in `include` (and `count` results, if given), each
 * filled in: Pagefind fills results in as their fragments arrive.
 */
async function titlesWhen(page: Page, include: string[], count?: number): Promise<string[]> {
  await page.waitForFunction(
    (selector, include, count) => {
      const shown = [...document.querySelectorAll<HTMLElement>(selector)].map((a) => a.innerText.trim());
      return (
        shown.length > 0 &&
        !shown.includes("") &&
        include.every((title) => shown.includes(title)) &&
        (count === null || shown.length === count)
      );
    },
    {},
    TITLES,
    include,
    count ?? null,
  );
  return page.$$eval(TITLES, (links) => links.map((a) => (a as HTMLElement).innerText.trim()));
}

const focusedText = (page: Page) =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText.trim() ?? "");

describe("search in Firefox", () => {
  for (const viewport of WIDTHS) {
    it(`"grab" names each result's kind, and the arrows and Enter reach the results at ${viewport.width} px`, async () => {
      const page = await site.open("/", viewport);
      await search(page, "grab");
      // a name is answered from the names index first, then Pagefind's list of ten replaces it (search-names.ts),
      // which would drop the focus a key had moved: the keys are pressed once the ten have their titles
      const titles = await titlesWhen(page, ["Grab · Maneuver", "Grab · Glossary term"], 10);
      expect(titles[0]).toBe("Grab · Maneuver");
      // ArrowDown from the box reaches the first result and moves on; ArrowUp goes back to the box
      await page.keyboard.press("ArrowDown");
      expect(await focusedText(page)).toBe("Grab · Maneuver");
      await page.keyboard.press("ArrowDown");
      expect(await focusedText(page)).toBe(titles[1]);
      await page.keyboard.press("ArrowUp");
      await page.keyboard.press("ArrowUp");
      expect(await page.evaluate((input) => document.activeElement?.matches(input), INPUT)).toBe(true);
      // Enter in the box opens the first result
      await Promise.all([page.waitForNavigation(), page.keyboard.press("Enter")]);
      expect(new URL(page.url()).pathname).toBe("/maneuver/grab/");
      expect(await page.$eval("h1", (h1) => (h1 as HTMLElement).innerText)).toBe("Grab");
      await page.close();
    });
  }

  // a laptop's 768 px and a phone's 844 px: ten results, each wholly inside the dialog's view, before any scroll
  for (const viewport of [{ width: 1366, height: 768 }, PHONE]) {
    it(`"hindered" shows ten results, all ten on the screen at once, at ${viewport.width} × ${viewport.height} px`, async () => {
      const page = await site.open("/", viewport);
      await search(page, "hindered");
      const titles = await titlesWhen(page, [], 10);
      expect(titles.slice(0, 2)).toEqual(["Hindered · Condition", "Hindered · Glossary term"]);
      const boxes = await page.$$eval("#starlight__search li.pagefind-ui__result", resultBoxesInDialog);
      expect(
        boxes.filter((box) => box.inside),
        JSON.stringify(boxes),
      ).toHaveLength(10);
      await page.close();
    });
  }
});

/** The preview box's state: shown, its role, its text and whether it lies within the viewport's width. */
const preview = (page: Page) =>
  page.$eval("#ref-preview", (box) => {
    const rect = box.getBoundingClientRect();
    return {
      role: box.getAttribute("role"),
      text: (box as HTMLElement).innerText.replace(/\s+/g, " ").trim(),
      within: rect.left >= 0 && rect.right <= window.innerWidth && rect.width > 0,
    };
  });
const MACE = 'main a[data-ref="weapon/mace"]';
const shownPreview = "#ref-preview:not([hidden])";

describe("previews in Firefox", () => {
  for (const viewport of WIDTHS) {
    it(`hovering a reference shows its card beside it at ${viewport.width} px`, async () => {
      const page = await site.open("/chapter/attacking/", viewport);
      const link = await page.waitForSelector(MACE);
      await link?.hover();
      await page.waitForSelector(shownPreview, { visible: true });
      const card = await preview(page);
      expect(card.role).toBe("tooltip");
      expect(card.text).toMatch(/^Mace\b/);
      expect(card.within).toBe(true);
      expect(await link?.evaluate((a) => a.getAttribute("aria-describedby"))).toBe("ref-preview");
      await page.close();
    });

    it(`Tab onto a reference shows its card, Escape hides it at ${viewport.width} px`, async () => {
      const page = await site.open("/chapter/attacking/", viewport);
      // focus the element Tab reaches just before the reference, so the reference itself is reached by the key
      await page.$eval(MACE, (link) => {
        const all = [...document.querySelectorAll<HTMLElement>("a[href], button, input, summary")];
        const before = all
          .slice(0, all.indexOf(link as HTMLElement))
          .filter((element) => element.tabIndex >= 0);
        before.at(-1)?.focus();
      });
      await page.keyboard.press("Tab");
      expect(await page.evaluate((selector) => document.activeElement?.matches(selector), MACE)).toBe(true);
      await page.waitForSelector(shownPreview, { visible: true });
      expect((await preview(page)).text).toMatch(/^Mace\b/);
      await page.keyboard.press("Escape");
      await page.waitForSelector("#ref-preview", { hidden: true });
      await page.close();
    });
  }

  it("on a phone, one tap on a catalog row or a “Referenced by” link opens its page", async () => {
    for (const [path, selector, target, heading] of [
      ["/weapon/", 'table.catalog__table a[data-ref="weapon/dagger"]', "/weapon/dagger/", "Dagger"],
      ["/reaction/dodge/", '.referrers a[data-ref="condition/hindered"]', "/condition/hindered/", "Hindered"],
    ] as const) {
      const page = await site.open(path, PHONE);
      const link = await page.waitForSelector(selector);
      await Promise.all([page.waitForNavigation(), link?.tap()]);
      expect(new URL(page.url()).pathname, path).toBe(target);
      expect(await page.$eval("h1", (h1) => (h1 as HTMLElement).innerText)).toBe(heading);
      await page.close();
    }
  });

  it("on a phone, a tap on a reference in prose previews it, with a link that opens it", async () => {
    const page = await site.open("/chapter/attacking/", PHONE);
    const link = await page.waitForSelector(MACE);
    await link?.tap();
    await page.waitForSelector(shownPreview, { visible: true });
    const card = await preview(page);
    expect(card.role).toBe("dialog");
    expect(card.text).toMatch(/Open Mace →$/);
    expect(card.within).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/chapter/attacking/");
    const open = await page.waitForSelector("#ref-preview .ref-card__open-link");
    await Promise.all([page.waitForNavigation(), open?.tap()]);
    expect(new URL(page.url()).pathname).toBe("/weapon/mace/");
    await page.close();
  });
});

/** The rows shown (a hidden row has no box): each one's name, weight class and whole text as shown. */
const shownRows = (page: Page) =>
  page.$$eval("table.catalog__table tbody tr[data-id]", (rows) =>
    rows
      .filter((row) => row.getBoundingClientRect().height > 0)
      .map((row) => ({
        name: (row.querySelector("th") as HTMLElement).innerText.trim(),
        weightClass: (row.querySelector('[data-column="weightClass"]') as HTMLElement).innerText.trim(),
        text: (row as HTMLElement).innerText.toLowerCase(),
      })),
  );

describe("catalog filters in Firefox", () => {
  const { graph } = load({ root: REPO_DIR });
  const weapons = [...graph.byKind("weapon")].map((entry) => ({
    name: entry.name,
    weightClass: (entry.data as { weightClass: string }).weightClass,
  }));
  const heavy = weapons.filter((weapon) => weapon.weightClass === "Heavy").map((weapon) => weapon.name);

  for (const viewport of WIDTHS) {
    it(`/weapon/: a weight class and a typed word narrow the rows, and the URL keeps them, at ${viewport.width} px`, async () => {
      expect(heavy.length).toBeGreaterThan(1);
      expect(heavy.length).toBeLessThan(weapons.length);
      const page = await site.open("/weapon/", viewport);
      expect((await shownRows(page)).length).toBe(weapons.length);
      // the controls are on screen at this width, not pushed out of it
      const select = await page.waitForSelector('select[data-filter-column="weightClass"]', {
        visible: true,
      });
      const box = await select?.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      await select?.select("Heavy");
      await page.waitForFunction(() => new URL(location.href).searchParams.get("weightClass") === "Heavy");
      const rows = await shownRows(page);
      expect(rows.map((row) => row.name).sort()).toEqual([...heavy].sort());
      expect(new Set(rows.map((row) => row.weightClass))).toEqual(new Set(["Heavy"]));
      expect(await page.$eval("table.catalog__table caption", (c) => (c as HTMLElement).innerText)).toBe(
        `Weapons: ${heavy.length} of ${weapons.length}`,
      );
      // a heavy weapon's name typed into the box, key by key, leaves the heavy rows whose text holds it
      const word = heavy[0] as string;
      await page.click("input[data-filter-text]");
      await page.keyboard.type(word);
      await page.waitForFunction((q) => new URL(location.href).searchParams.get("q") === q, {}, word);
      const narrowed = (await shownRows(page)).map((row) => row.name);
      const expected = rows.filter((row) => row.text.includes(word.toLowerCase())).map((row) => row.name);
      expect(expected).toContain(word);
      expect(narrowed.sort()).toEqual(expected.sort());
      // a reload shows the same view
      await page.reload({ waitUntil: "load" });
      await page.waitForFunction(
        (n) =>
          [...document.querySelectorAll("table.catalog__table tbody tr[data-id]")].filter(
            (row) => row.getBoundingClientRect().height > 0,
          ).length === n,
        {},
        expected.length,
      );
      expect((await shownRows(page)).map((row) => row.name).sort()).toEqual(expected.sort());
      expect(
        await page.$eval('select[data-filter-column="weightClass"]', (s) => (s as HTMLSelectElement).value),
      ).toBe("Heavy");
      await page.close();
    });
  }
});
