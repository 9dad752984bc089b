// Reader pages in Chromium at 1366 and 390 px: nothing wider than its scroller without a cue, no sideways page,
// no authoring internals, navigation marks, touch previews, axe in light and dark; screenshots of each page type
import { KINDS } from "@momenta/schema";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe.ts";
import { DIST_DIR, ensureSiteBuilt } from "./support/build.ts";
import { type Chromium, launchChromium } from "./support/chromium.ts";
import { saveScreenshot } from "./support/screenshots.ts";
import { browseSite, type SiteBrowser } from "./support/server.ts";

const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

/** One page of each type a reader meets. */
const PAGE_TYPES: Array<[string, string]> = [
  ["home", "/"],
  ["chapter-odds", "/chapter/rolling-dice/"],
  ["chapter-statblocks", "/chapter/conditions-and-states/"],
  ["chapter-markdown-tables", "/chapter/narrative-actions/"],
  ["chapter-glossary", "/chapter/glossary/"],
  ["entry-weapon", "/weapon/greatsword/"],
  ["entry-condition", "/condition/hindered/"],
  ["entry-art", "/art/rend/"],
  ["entry-resonance", "/resonance/ignis/"],
  ["entry-archetype", "/archetype/warrior/"],
  ["entry-character", "/character/mira/"],
  ["entry-enemy", "/enemy/alley-blade/"],
  ["catalog-weapons", "/weapon/"],
  ["catalog-conditions", "/condition/"],
  ["glossary", "/glossary/"],
  ["grid", "/spellcasting/grid/"],
  ["calculator", "/tools/dice/"],
  ["tables", "/tools/tables/"],
  ["missing", "/missing/"],
];

let site: SiteBrowser;

beforeAll(async () => {
  ensureSiteBuilt();
  site = await browseSite(DIST_DIR, {}, "momenta-reader-");
});

afterAll(() => site?.close());

const open = (path: string, viewport: { width: number; height: number }, dark = false): Promise<Page> =>
  site.open(path, async (page) => {
    await page.setViewportSize(viewport);
    await page.addInitScript(
      (theme) => localStorage.setItem("starlight-theme", theme),
      dark ? "dark" : "light",
    );
  });

interface Fit {
  /** How far the page itself scrolls sideways. */
  pageOverflow: number;
  /** Scrollers whose content is wider than they are, with no cue shown. */
  uncued: string[];
  /** Elements reaching past the viewport's right edge outside any scroller (clipped or pushing the page). */
  outside: string[];
}

/** Measures the page as a reader sees it: what sticks out, and whether each sideways scroller says so. */
const measureFit = (page: Page): Promise<Fit> =>
  page.evaluate(() => {
    const scrolls = (element: Element) => /^(auto|scroll)$/.test(getComputedStyle(element).overflowX);
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}[${element.getAttribute("aria-label") ?? ""}]`;
    const uncued: string[] = [];
    const outside: string[] = [];
    for (const element of document.querySelectorAll("main *")) {
      if (scrolls(element) && element.scrollWidth > element.clientWidth + 1) {
        const cue = element.previousElementSibling;
        const shown = cue?.classList.contains("scroll-cue") && (cue as HTMLElement).offsetParent !== null;
        if (!element.hasAttribute("data-overflow") || !shown) uncued.push(name(element));
      }
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.right <= window.innerWidth + 1) continue;
      let ancestor = element.parentElement;
      while (ancestor && !scrolls(ancestor)) ancestor = ancestor.parentElement;
      if (!ancestor) outside.push(`${name(element)} right=${Math.round(box.right)}`);
    }
    return {
      pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
      uncued,
      outside: outside.slice(0, 5),
    };
  });

describe("every page type fits at 1366 and 390 px", () => {
  for (const viewport of WIDTHS) {
    it.each(PAGE_TYPES)(
      `%s (%s) at ${viewport.width} px: no sideways page, every scroller cued`,
      async (name, path) => {
        const page = await open(path, viewport);
        // the cue is set by a ResizeObserver after load: wait for a settled measurement
        await expect.poll(() => measureFit(page)).toEqual({ pageOverflow: 0, uncued: [], outside: [] });
        await saveScreenshot(page, `reader/${name}-${viewport.width}`);
        await page.close();
      },
    );
  }

  it("the dice-odds table is whole at 1366 px; on a phone it scrolls with a cue and a sticky first column", async () => {
    const wide = await open("/chapter/rolling-dice/", WIDTHS[0]);
    const odds = wide.locator("#table-success-probabilities .table-scroll");
    expect(await odds.evaluate((region) => region.scrollWidth - region.clientWidth)).toBeLessThanOrEqual(1);
    await wide.close();
    const phone = await open("/chapter/rolling-dice/", WIDTHS[1]);
    const region = phone.locator("#table-success-probabilities .table-scroll");
    await expect.poll(() => region.getAttribute("data-overflow")).toBe("");
    expect(await phone.locator("#table-success-probabilities .scroll-cue").textContent()).toContain(
      "Scroll sideways",
    );
    const first = region.locator("tbody tr th").first();
    const before = await first.boundingBox();
    await region.evaluate((element) => element.scrollBy(200, 0));
    await expect.poll(async () => (await first.boundingBox())?.x).toBe(before?.x);
    await phone.close();
  });

  it("stat blocks never break a word across lines (no “dama/ge” in a ladder cell at 390 px)", async () => {
    const page = await open("/weapon/greatsword/", WIDTHS[1]);
    const broken = await page.evaluate(() => {
      const out: string[] = [];
      for (const cell of document.querySelectorAll(".statblock :is(th, td)")) {
        const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          for (const match of (node.textContent ?? "").matchAll(/\S+/g)) {
            const range = document.createRange();
            range.setStart(node, match.index);
            range.setEnd(node, match.index + match[0].length);
            const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
            if (lines.size > 1) out.push(match[0]);
          }
        }
      }
      return out;
    });
    expect(broken).toEqual([]);
    await page.close();
  });

  it("“Referenced by” is smaller than anything in the stat block", async () => {
    const page = await open("/condition/hindered/", WIDTHS[0]);
    const sizes = await page.evaluate(() => {
      const px = (element: Element) => Number.parseFloat(getComputedStyle(element).fontSize);
      const block = [...document.querySelectorAll(".statblock, .statblock *")].filter(
        (element) => (element.textContent ?? "").trim() !== "",
      );
      return {
        heading: px(document.querySelector("#referenced-by") as Element),
        smallest: Math.min(...block.map(px)),
      };
    });
    expect(sizes.heading).toBeLessThan(sizes.smallest);
    await page.close();
  });
});

/** One entry page of each stat block kind, and a chapter that embeds Mira's sheet. */
const STAT_BLOCKS: Array<[string, string]> = [
  ["weapon", "/weapon/greatsword/"],
  ["armor", "/armor/chain-shirt/"],
  ["focus", "/focus/ignis-crown/"],
  ["wondrous", "/wondrous/pendant-of-the-ox/"],
  ["consumable", "/consumable/alchemists-fire/"],
  ["enemy", "/enemy/bandit-captain/"],
  ["art", "/art/rend/"],
  ["resonance", "/resonance/ignis/"],
  ["limit break", "/limit-break/arcane-overdrive/"],
  ["archetype", "/archetype/warrior/"],
  ["mastery", "/mastery/berserk/"],
  ["maneuver", "/maneuver/grab/"],
  ["reaction", "/reaction/deflect/"],
  ["condition", "/condition/hindered/"],
  ["state", "/state/crisis/"],
  ["character", "/character/mira/"],
  ["chapter embedding Mira's sheet", "/chapter/creating-a-character/"],
];

/** Scrollers inside stat blocks whose content is wider than they are, and stat blocks reaching past the screen. */
const statBlockOverflow = (page: Page): Promise<string[]> =>
  page.evaluate(() => {
    const out: string[] = [];
    for (const block of document.querySelectorAll(".statblock")) {
      if (block.getBoundingClientRect().right > window.innerWidth + 1)
        out.push(`${block.id || "statblock"} past the screen`);
      for (const element of block.querySelectorAll("*")) {
        if (!/^(auto|scroll)$/.test(getComputedStyle(element).overflowX)) continue;
        if (element.scrollWidth > element.clientWidth + 1)
          out.push(
            `${element.getAttribute("aria-label") ?? element.tagName} scrolls ${element.scrollWidth - element.clientWidth} px`,
          );
      }
    }
    return out;
  });

describe("stat blocks reflow at 390 px: one column, nothing scrolls sideways", () => {
  it.each(STAT_BLOCKS)("%s (%s)", { timeout: 60_000 }, async (_name, path) => {
    const page = await open(path, WIDTHS[1]);
    expect(await page.locator("main .statblock").count()).toBeGreaterThan(0);
    expect(await statBlockOverflow(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await page.close();
  });

  it("Mira's attributes read as labelled values three to a row; each derived stat puts its value beside its name", async () => {
    const page = await open("/character/mira/", WIDTHS[1]);
    // what a reader sees in a cell: its label (drawn by CSS, before the value) and its text
    const seen = (cells: Element[]) =>
      cells.map((cell) => {
        const label = /^"([^"]*)"/.exec(getComputedStyle(cell, "::before").content)?.[1] ?? "";
        // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader reads
        const text = `${label} ${(cell as HTMLElement).innerText}`.replace(/\s+/g, " ").trim();
        return { text, top: Math.round(cell.getBoundingClientRect().top) };
      });
    const attributes = await page.locator(".sheet__attributes td").evaluateAll(seen);
    expect(attributes.map((cell) => cell.text)).toEqual([
      "POW 0",
      "AGI 3",
      "REA 0",
      "INS 1",
      "PRE 0",
      "LUCK 0",
      "BODY 3",
      "MIND 1",
      "SOUL 0",
    ]);
    expect(new Set(attributes.map((cell) => cell.top)).size).toBe(3);
    // the book's table is one step away: unfolded, each row a card — name and computed value on one line, then the
    // calculation, then what the book prints
    await page.locator(".sheet__compare summary").click();
    const vitality = page.locator('.sheet__derived tr[data-stat="maxVitality"]');
    const card = await vitality.locator("th, td").evaluateAll(seen);
    expect(card.map((cell) => cell.text)).toEqual([
      "Max Vitality",
      "21",
      "Book prints 21",
      "(BODY + 3) x 3 +1 from R1 Half-Elf +1 from R1 Warrior +1 from R2 Warrior",
      "✓",
    ]);
    const [name, computed, book, calculation, match] = card.map((cell) => cell.top);
    expect(Math.abs((name ?? 0) - (computed ?? 0))).toBeLessThan(8);
    expect(calculation).toBeGreaterThan(name ?? 0);
    expect(book).toBeGreaterThan(calculation ?? 0);
    expect(match).toBe(book);
    const nameBox = await vitality.locator("th").boundingBox();
    const valueBox = await vitality.locator("td").first().boundingBox();
    expect((valueBox?.x ?? 0) > (nameBox?.x ?? 0) + (nameBox?.width ?? 0)).toBe(true);
    await page.close();
  });

  it.each([
    ["Mira's character rank", "/character/mira/", "characterRank", "beside"],
    ["an armor's guard bonus", "/armor/plate-armor/", "guardBonus", "beside"],
    ["a Resonance's bonus damage", "/resonance/ignis/", "bonusDamage", "beside"],
    ["Mira's concept (prose)", "/character/mira/", "concept", "below"],
    ["a dagger's special rule (prose)", "/weapon/dagger/", "special", "below"],
  ] as const)("on a phone %s (%s, %s) sits %s its label", async (_name, path, field, place) => {
    const page = await open(path, WIDTHS[1]);
    const row = page.locator(`.statblock__field[data-field="${field}"]`).first();
    const label = await row.locator(":scope > dt").boundingBox();
    const value = await row.locator(":scope > dd").boundingBox();
    if (!label || !value) throw new Error(`no ${field} label and value on ${path}`);
    if (place === "beside") {
      // one line: the value starts after the label, its first line level with it
      expect(Math.abs(value.y - label.y)).toBeLessThan(6);
      expect(value.x).toBeGreaterThan(label.x + label.width);
    } else {
      // a long value is not squeezed into the space beside the label: it starts on the next line, at the left
      expect(value.y).toBeGreaterThanOrEqual(label.y + label.height - 1);
      expect(value.x).toBeLessThan(label.x + label.width);
    }
    await page.close();
  });

  it("a ladder spans the stat block on a phone instead of sitting indented under its label", async () => {
    const page = await open("/weapon/greatsword/", WIDTHS[1]);
    const lefts = await page.evaluate(() => ({
      fields: Math.round(document.querySelector(".statblock__fields")?.getBoundingClientRect().left ?? -1),
      ladder: Math.round(
        document.querySelector(".statblock table.ladder")?.getBoundingClientRect().left ?? -2,
      ),
    }));
    expect(lefts.ladder).toBe(lefts.fields);
    await page.close();
  });

  it("Mira's fields and her build (archetypes, masteries, Bonds) share one value column at 1366 px", async () => {
    const page = await open("/character/mira/", WIDTHS[0]);
    const starts = await page
      .locator(".statblock--character .sheet > .statblock__fields dd")
      .evaluateAll((values) => [...new Set(values.map((dd) => Math.round(dd.getBoundingClientRect().left)))]);
    expect(starts).toHaveLength(1);
    expect(await page.locator(".statblock--character .sheet > .statblock__fields").count()).toBe(2);
    await page.close();
  });

  it("/print/book/ prints Mira's sheet: who she is, each stat with its working, her build", async () => {
    const page = await open("/print/book/", WIDTHS[0]);
    // biome-ignore lint/performance/useDomNodeTextContent: what a reader sees is the rendered text
    const text = await page.locator("body").innerText();
    const lines = text.split("\n").map((line) => line.trim());
    const start = lines.indexOf("The Half-Elf skirmisher");
    expect(start).toBeGreaterThanOrEqual(0);
    const sheet = lines.slice(start, start + 200).join("\n");
    for (const shown of [
      "Max Vitality\n21\n(BODY + 3) × 3 +1 from R1 Half-Elf +1 from R1 Warrior +1 from R2 Warrior",
      "Max Guard\n4\nBase Max Guard +1 from R1 Warrior +1 from R2 Warrior +2 from Chain Shirt",
      "Lightning Reflexes",
      "Kira",
      "Checked against the book’s table — all 19 stated rows match",
    ])
      expect(sheet).toContain(shown);
    await page.close();
  });

  it("/print/book/ does not scroll sideways on a phone (its text diagrams scroll in their own box)", async () => {
    const page = await open("/print/book/", WIDTHS[1]);
    const fit = await page.evaluate(() => {
      const scrolls = (element: Element) => /^(auto|scroll)$/.test(getComputedStyle(element).overflowX);
      const outside: string[] = [];
      for (const element of document.querySelectorAll("body *")) {
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.right <= window.innerWidth + 1) continue;
        let ancestor = element.parentElement;
        while (ancestor && !scrolls(ancestor)) ancestor = ancestor.parentElement;
        if (!ancestor) outside.push(`${element.tagName.toLowerCase()} in #${element.closest("[id]")?.id}`);
      }
      return {
        pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
        outside: outside.slice(0, 5),
      };
    });
    expect(fit).toEqual({ pageOverflow: 0, outside: [] });
    // Mira's sheet reflows there as on her page: her nine attributes and cores in three rows
    const rows = await page
      .locator('[id="character/mira"] .sheet__attributes td')
      .evaluateAll(
        (cells) => new Set(cells.map((cell) => Math.round(cell.getBoundingClientRect().top))).size,
      );
    expect(rows).toBe(3);
    await page.close();
  });
});

describe("Mira's page is her character sheet, with the book's table one step away", () => {
  it.each(WIDTHS)("at $width px", async (viewport) => {
    const page = await open("/character/mira/", viewport);
    const sheet = page.locator("main .statblock--character .sheet");
    // biome-ignore lint/performance/useDomNodeTextContent: what a reader sees is the rendered text
    const lines = (await sheet.innerText()).split("\n").map((line) => line.trim());
    // a player reads who she is, her attributes, each stat with its working, then her build, in that order
    const at = (text: string) => lines.findIndex((line) => line.startsWith(text));
    expect(lines[0]).toBe("The Half-Elf skirmisher");
    const order = [
      "Concept",
      "Character rank",
      "Attributes and cores",
      "Stats",
      "Max Vitality",
      "Build",
      "Masteries",
      "Bonds",
    ];
    const places = order.map(at);
    expect(
      places.every((place) => place >= 0),
      order.filter((_, index) => places[index] === -1).join(),
    ).toBe(true);
    expect(places).toEqual([...places].sort((a, b) => a - b));
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text
    const vitality = await sheet.locator('.sheet__stat[data-stat="maxVitality"]').innerText();
    expect(vitality.split("\n")).toEqual([
      "Max Vitality",
      "21",
      "(BODY + 3) × 3 +1 from R1 Half-Elf +1 from R1 Warrior +1 from R2 Warrior",
    ]);
    // the verification is folded: one line says it, the table is not shown until it is opened
    const summary = sheet.locator(".sheet__compare summary");
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text
    expect(await summary.innerText()).toBe("Checked against the book’s table — all 19 stated rows match");
    expect(await sheet.locator(".sheet__derived").isVisible()).toBe(false);
    expect(lines.some((line) => /^(Computed|Match)\b/.test(line))).toBe(false);
    // the stat boxes tile the sheet: two to a row on a phone, at least four on a desktop, none past the screen
    const boxes = await sheet.locator(".sheet__stat").evaluateAll((items) =>
      items.map((item) => {
        const box = item.getBoundingClientRect();
        return { top: Math.round(box.top), right: box.right };
      }),
    );
    const perRow = boxes.filter((box) => box.top === boxes[0]?.top).length;
    if (viewport.width === 390) expect(perRow).toBe(2);
    else expect(perRow).toBeGreaterThanOrEqual(4);
    expect(boxes.every((box) => box.right <= viewport.width)).toBe(true);
    await saveScreenshot(page, `reader/mira-sheet-${viewport.width}`, { fullPage: true });
    await summary.click();
    expect(await sheet.locator(".sheet__derived").isVisible()).toBe(true);
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text
    const unfolded = await sheet.locator('.sheet__derived tr[data-stat="maxGuard"]').innerText();
    expect(unfolded.replace(/\s+/g, " ")).toContain(
      "+2 from Chain Shirt +1 from R1 Warrior +1 from R2 Warrior",
    );
    await saveScreenshot(page, `reader/mira-sheet-compared-${viewport.width}`, { fullPage: true });
    await page.close();
  });
});

describe("no authoring internals on reader pages", () => {
  const ids = new RegExp(`\\b(?:${KINDS.map((kind) => kind.kind).join("|")})/[a-z0-9]+(?:-[a-z0-9]+)*\\b`);
  it.each(PAGE_TYPES)(
    "%s (%s): no ids, schema tooltips, slugs or data-format intros",
    async (_name, path) => {
      const page = await open(path, WIDTHS[0]);
      const main = page.locator("main");
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader reads
      const text = await main.innerText();
      expect(text).not.toMatch(ids);
      expect(text).not.toMatch(/\bbasic-path\b|\bspecialist-path\b|\b1 entries\b/);
      expect(await main.locator("code.entry-id, dt[title]").count()).toBe(0);
      await page.close();
    },
  );

  it("the grid marks Compel and Impel not in the source, never “not castable”", async () => {
    const page = await open("/spellcasting/grid/", WIDTHS[0]);
    const columns = await page.locator("table.grid thead th").allTextContents();
    for (const art of ["Compel", "Impel"]) {
      const index = columns.findIndex((label) => label.trim() === art);
      expect(index, art).toBeGreaterThan(0);
      const cells = await page.locator(`table.grid tbody tr td:nth-child(${index + 1})`).allTextContents();
      expect(cells.length).toBeGreaterThan(0);
      expect(new Set(cells)).toEqual(new Set(["not in the source"]));
    }
    await page.close();
  });
});

describe("navigation", () => {
  it("catalogs start closed; an entry page opens them and marks its own catalog", async () => {
    const chapter = await open("/chapter/attacking/", WIDTHS[0]);
    const catalogs = chapter.locator("nav.sidebar details", {
      has: chapter.locator("summary", { hasText: "Catalogs" }),
    });
    expect(await catalogs.getAttribute("open")).toBeNull();
    await chapter.close();
    const entry = await open("/weapon/mace/", WIDTHS[0]);
    const marked = entry.locator("nav.sidebar a[data-current-catalog]");
    expect(await marked.count()).toBe(1);
    expect(await marked.getAttribute("href")).toBe("/weapon/");
    expect(await marked.isVisible()).toBe(true);
    await entry.close();
  });

  it("no “On this page” panel on entries, backlinks or not, at either width; chapters keep theirs", async () => {
    // Greatsword has no sections; Rend and Hindered have "Referenced by" (and a tag its "Entries with" list)
    for (const path of ["/weapon/greatsword/", "/art/rend/", "/condition/hindered/", "/tag/cumbersome/"])
      for (const width of WIDTHS) {
        const entry = await open(path, width);
        expect(
          await entry.locator("starlight-toc, mobile-starlight-toc").count(),
          `${path} at ${width.width}`,
        ).toBe(0);
        await entry.close();
      }
    const chapter = await open("/chapter/rolling-dice/", WIDTHS[0]);
    expect(await chapter.locator("starlight-toc a").count()).toBeGreaterThan(1);
    await chapter.close();
  });

  it("the glossary's A–Z bar jumps to its letter", async () => {
    const page = await open("/glossary/", WIDTHS[1]);
    const bar = page.locator("nav.az-bar");
    expect(await bar.locator("a").count()).toBeGreaterThanOrEqual(15);
    await bar.locator("a", { hasText: /^M$/ }).click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#letter-m");
    const heading = await page.locator("#letter-m").boundingBox();
    expect(heading && heading.y >= 0 && heading.y < 844 / 2).toBe(true);
    // the bar stays in view while reading, and takes at most a tenth of a phone screen
    const box = await bar.boundingBox();
    expect(box && box.y >= 0 && box.height <= 844 / 10).toBe(true);
    await page.close();
  });
});

describe("touch previews", () => {
  let phone: Chromium;
  let touch: BrowserContext;
  beforeAll(async () => {
    phone = await launchChromium({ hasTouch: true, isMobile: true, viewport: WIDTHS[1] }, "momenta-touch-");
    touch = phone.context;
  });
  afterAll(async () => {
    await phone?.close();
  });

  async function openTouch(path: string, dark = false): Promise<Page> {
    const page = await touch.newPage();
    await page.addInitScript(
      (theme) => localStorage.setItem("starlight-theme", theme),
      dark ? "dark" : "light",
    );
    const response = await page.goto(`${site.url}${path}`, { waitUntil: "load" });
    expect(response?.status(), path).toBe(200);
    return page;
  }

  /** Where keyboard focus is: the reference (by data-ref), the preview's open link, or another element. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return "body";
      if (active.closest("#ref-preview")) return `preview: ${active.textContent}`;
      return active.getAttribute("data-ref") ?? `${active.tagName.toLowerCase()}: ${active.textContent}`;
    });

  it("a tap shows the preview with the kind's key numbers and an open link; open follows it", async () => {
    const page = await openTouch("/chapter/attacking/");
    const link = page.locator('main a[data-ref="weapon/mace"]').first();
    await link.scrollIntoViewIfNeeded();
    await link.tap();
    const preview = page.locator("#ref-preview");
    await expect.poll(() => preview.isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/chapter/attacking/");
    expect(await preview.locator(".ref-card__title").textContent()).toBe("Mace");
    expect(await preview.locator(".ref-card__facts").textContent()).toMatch(
      /^Damage \(0s–3\+\): \d+ · \d+ · \d+ · \d+$/,
    );
    const openLink = preview.locator("a.ref-card__open-link");
    expect(await openLink.textContent()).toBe("Open Mace →");
    await saveScreenshot(page, "reader/touch-preview-390");
    // a tap elsewhere closes it; the open link follows the reference
    await page.locator("h1").tap();
    await expect.poll(() => preview.isVisible()).toBe(false);
    await link.tap();
    await expect.poll(() => preview.isVisible()).toBe(true);
    await openLink.tap();
    await page.waitForURL(/\/weapon\/mace\/$/);
    await page.close();
  });

  it("the touch preview is a labelled dialog that takes focus and gives it back: Escape, a tap outside, Tab, Shift+Tab", async () => {
    const page = await openTouch("/chapter/attacking/");
    const link = page.locator('main a[data-ref="weapon/mace"]').first();
    const preview = page.locator("#ref-preview");
    await link.scrollIntoViewIfNeeded();

    // a tap opens it as a non-modal dialog named after the entry, with focus on its open link
    await link.tap();
    await expect.poll(() => preview.isVisible()).toBe(true);
    expect(await preview.getAttribute("role")).toBe("dialog");
    expect(await preview.getAttribute("aria-label")).toBe("Preview: Mace");
    expect(await link.getAttribute("aria-expanded")).toBe("true");
    expect(await link.getAttribute("aria-controls")).toBe("ref-preview");
    expect(await focused(page)).toBe("preview: Open Mace →");

    // Escape closes it and focus is back on the reference, with no tooltip reopening there
    await page.keyboard.press("Escape");
    await expect.poll(() => preview.isVisible()).toBe(false);
    expect(await focused(page)).toBe("weapon/mace");
    expect(await link.getAttribute("aria-expanded")).toBeNull();

    // a tap on plain text outside closes it and returns focus to the reference
    await link.tap();
    await expect.poll(() => focused(page)).toBe("preview: Open Mace →");
    await page.locator("main p").first().tap();
    await expect.poll(() => preview.isVisible()).toBe(false);
    expect(await focused(page)).toBe("weapon/mace");

    // Tab past the open link closes it and goes on to what follows the reference (the Crushing tag beside it)
    await link.tap();
    await expect.poll(() => focused(page)).toBe("preview: Open Mace →");
    await page.keyboard.press("Tab");
    await expect.poll(() => preview.isVisible()).toBe(false);
    expect(await focused(page)).toBe("damage-type/crushing");

    // Shift+Tab from the open link closes it and goes back to the reference
    await link.tap();
    await expect.poll(() => focused(page)).toBe("preview: Open Mace →");
    await page.keyboard.press("Shift+Tab");
    await expect.poll(() => preview.isVisible()).toBe(false);
    expect(await focused(page)).toBe("weapon/mace");
    await page.close();
  });

  it("keyboard focus shows a tooltip and keeps focus on the reference; Escape dismisses it, Tab moves on", async () => {
    const page = await openTouch("/chapter/attacking/");
    const link = page.locator('main a[data-ref="weapon/mace"]').first();
    const preview = page.locator("#ref-preview");
    // Tab from the element just before the reference
    await page.evaluate(() => {
      const target = document.querySelector('main a[data-ref="weapon/mace"]');
      const all = [
        ...document.querySelectorAll<HTMLElement>("a[href], button, input, summary, [tabindex='0']"),
      ];
      const before = all[all.findIndex((element) => element === target) - 1];
      before?.focus();
    });
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("weapon/mace");
    await expect.poll(() => preview.isVisible()).toBe(true);
    expect(await preview.getAttribute("role")).toBe("tooltip");
    expect(await link.getAttribute("aria-describedby")).toBe("ref-preview");
    expect(await preview.locator("a").count()).toBe(0);
    await page.keyboard.press("Escape");
    await expect.poll(() => preview.isVisible()).toBe(false);
    expect(await focused(page)).toBe("weapon/mace");
    expect(await link.getAttribute("aria-describedby")).toBeNull();
    // the next reference previews in turn, and leaving it closes its tooltip
    await page.keyboard.press("Tab");
    expect(await focused(page)).toBe("damage-type/crushing");
    await expect.poll(() => preview.locator(".ref-card__title").textContent()).toBe("Crushing");
    // Enter on a reference follows it, as any link
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/weapon\/mace\/$/);
    await page.close();
  });

  it.each(["light", "dark"] as const)("an open touch preview has no axe violations (%s)", async (theme) => {
    const page = await openTouch("/chapter/attacking/", theme === "dark");
    const link = page.locator('main a[data-ref="weapon/mace"]').first();
    await link.scrollIntoViewIfNeeded();
    await link.tap();
    await expect.poll(() => page.locator("#ref-preview").isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });
});

describe("accessibility (axe) on every page type", () => {
  const cases = PAGE_TYPES.flatMap(([name, path]) => [
    [name, path, "dark", 1366] as const,
    [name, path, "light", 390] as const,
  ]);
  it.each(cases)(
    "%s (%s), %s at %i px: no violations",
    { timeout: 120_000 },
    async (_name, path, theme, width) => {
      const viewport = WIDTHS.find((candidate) => candidate.width === width) ?? WIDTHS[0];
      const page = await open(path, viewport, theme === "dark");
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    },
  );
});
