// A reader's first minute in Chromium at 1366 and 390 px: glossary terms reach their entries, a misspelled name
// finds the entry before its glossary stub, and entry pages show the book's words instead of the database's
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { load } from "@momenta/content";
import { fromHtml } from "hast-util-from-html";
import { selectAll } from "hast-util-select";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIST_DIR, ensureSiteBuilt, REPO_DIR } from "./support/build.ts";
import { type Chromium, launchChromium } from "./support/chromium.ts";
import { resultBoxesInDialog } from "./support/search-results.ts";
import { browseSite, type SiteBrowser } from "./support/server.ts";

const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

let site: SiteBrowser;

beforeAll(async () => {
  ensureSiteBuilt();
  site = await browseSite(DIST_DIR, {}, "momenta-reader-minute-");
});

afterAll(() => site?.close());

const open = (path: string, viewport: { width: number; height: number }): Promise<Page> =>
  site.open(path, (page) => page.setViewportSize(viewport));

/** The text of `selector` as the reader sees it (CSS applied), with its box. */
const seen = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    return {
      text: (element as HTMLElement).innerText.replace(/\s+/g, " ").trim(),
      left: box.left,
      right: box.right,
      top: box.top,
    };
  });

describe("glossary terms reach their entries", () => {
  for (const viewport of WIDTHS) {
    it(`/glossary/hindered/ links to the condition on screen at ${viewport.width} px, and the link opens it`, async () => {
      const page = await open("/glossary/hindered/", viewport);
      const field = await seen(page, '.statblock [data-field="entries"]');
      expect(field.text).toBe("Full entry Hindered (Condition)");
      expect(field.left).toBeGreaterThanOrEqual(0);
      expect(field.right).toBeLessThanOrEqual(viewport.width);
      expect(field.top).toBeLessThan(viewport.height);
      const link = page.locator('.statblock [data-field="entries"] a');
      expect(await link.getAttribute("href")).toBe("/condition/hindered/");
      await link.click();
      await page.waitForURL(/\/condition\/hindered\/$/);
      expect(await page.locator("h1").innerText()).toBe("Hindered");
      await page.close();
    });
  }

  it("/glossary/deflect/ names both entries called Deflect, each with its kind", async () => {
    const page = await open("/glossary/deflect/", WIDTHS[1]);
    expect((await seen(page, '.statblock [data-field="entries"]')).text).toBe(
      "Full entries Deflect (Reaction), Deflect (Tag)",
    );
    await page.close();
  });

  // the links are the built pages' own markup (the two tests above follow one on screen in Chromium), so each of the
  // 53-odd pages is read from dist/ rather than loaded in the browser one after another
  it("every glossary term the graph names like an entry links to each such entry", () => {
    const { graph } = load({ root: REPO_DIR });
    const expected = new Map<string, string[]>();
    for (const term of graph.byKind("glossary")) {
      const targets = [term.name, ...term.aliases]
        .flatMap((name) => graph.named(name))
        .filter((target) => target.kind !== "chapter" && target.kind !== "glossary")
        .map((target) => `/${target.id}/`);
      if (targets.length) expected.set(term.id, [...new Set(targets)]);
    }
    // the issue counted 53 terms named like a condition, maneuver, reaction, tag, pattern or weapon
    expect(expected.size).toBeGreaterThanOrEqual(53);
    const missing: string[] = [];
    for (const [id, targets] of expected) {
      const tree = fromHtml(readFileSync(join(DIST_DIR, id, "index.html"), "utf8"));
      const hrefs = selectAll('.statblock [data-field="entries"] a', tree).map((link) =>
        String(link.properties.href),
      );
      if (JSON.stringify(hrefs.sort()) !== JSON.stringify([...targets].sort()))
        missing.push(`${id}: ${hrefs.join(", ")} ≠ ${targets.join(", ")}`);
    }
    expect(missing).toEqual([]);
  });
});

describe("a misspelled name finds the entry before its glossary stub", () => {
  for (const viewport of WIDTHS) {
    it(`"hinderd" lists the condition above the glossary term at ${viewport.width} px`, async () => {
      const page = await open("/", viewport);
      await page.locator("site-search button[data-open-modal]").first().click();
      await page.locator("#starlight__search input.pagefind-ui__search-input").fill("hinderd");
      // each result's own link, not its sub-results'
      const links = page.locator(
        "#starlight__search .pagefind-ui__result-inner > .pagefind-ui__result-title > .pagefind-ui__result-link",
      );
      await expect
        .poll(() => links.evaluateAll((all) => all.slice(0, 2).map((link) => link.getAttribute("href"))))
        .toEqual(["/condition/hindered/", "/glossary/hindered/"]);
      const [condition, glossary] = await links.evaluateAll((all) =>
        all.slice(0, 2).map((link) => link.getBoundingClientRect().top),
      );
      expect(condition).toBeLessThan(glossary as number);
      await page.close();
    });
  }
});

describe("entry pages show the book's words, not the database's", () => {
  for (const viewport of WIDTHS) {
    it(`a maneuver's passages read as quotations with their place in the book at ${viewport.width} px`, async () => {
      const page = await open("/maneuver/grab/", viewport);
      const field = await seen(page, '.statblock [data-field="mentions"]');
      expect(field.text).toMatch(/^In the rules text To take the Grab maneuver, make one Unarmed Attack/);
      expect(field.text).toContain("Chapter 19 · Grab");
      expect(field.text).not.toMatch(/Source|Book|core-rules|Text/);
      expect(field.right).toBeLessThanOrEqual(viewport.width);
      const cite = page.locator('.statblock [data-field="mentions"] figcaption a').first();
      expect(await cite.getAttribute("href")).toMatch(/^\/chapter\/[a-z-]+\/#grab$/);
      await page.close();
    });

    it(`/reaction/dodge/ names its family in words at ${viewport.width} px`, async () => {
      const page = await open("/reaction/dodge/", viewport);
      expect((await seen(page, '.statblock [data-field="family"]')).text).toBe("Family Reactive defense");
      await page.close();
    });

    it(`a tag's missing note reads as prose, without backticks, at ${viewport.width} px`, async () => {
      const page = await open("/tag/combo/", viewport);
      const notice = await seen(page, ".statblock .missing-notice");
      expect(notice.text).toBe(
        "Incomplete — missing from the source: its Appendix A entry (the tag list was lost); the definition given here is the passage of ch. 11 that explains the tag",
      );
      await page.close();
    });

    it(`/homebrew/ speaks to readers, not to whoever builds the site, at ${viewport.width} px`, async () => {
      const page = await open("/homebrew/", viewport);
      const text = await page.locator("main").innerText();
      expect(text).toContain("This rulebook was published without homebrew packs");
      expect(text).not.toContain("MOMENTA_PACKS");
      await page.close();
    });
  }
});

describe("catalog pages lead with their table, in the book's groups", () => {
  for (const viewport of WIDTHS) {
    it(`/weapon/ opens on its table, grouped by weight class, the catalog's text folded below, at ${viewport.width} px`, async () => {
      const page = await open("/weapon/", viewport);
      const caption = await seen(page, "table.catalog__table caption");
      expect(caption.text).toBe("Weapons: 28");
      expect(caption.top).toBeLessThan(viewport.height);
      const groups = await page
        .locator("table.catalog__table tr.catalog__group th")
        .evaluateAll((cells) => cells.map((cell) => (cell as HTMLElement).innerText.trim()));
      expect(groups).toEqual(["Light Weapons", "Medium Weapons", "Heavy Weapons", "Superheavy Weapons"]);
      const intro = page.locator("details.catalog-text");
      expect(await intro.evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
      expect(await intro.locator("summary").innerText()).toBe("The Equipment Catalog's introduction");
      const tableBottom = await page
        .locator("table.catalog__table")
        .evaluate((table) => table.getBoundingClientRect().bottom);
      expect((await intro.boundingBox())?.y).toBeGreaterThan(tableBottom - 1);
      await intro.locator("summary").click();
      expect(await intro.innerText()).toContain("Weapons occupy gear slots by weight class");
      await page.close();
    });
  }

  for (const viewport of WIDTHS)
    it(`/art/ lists the Arts in the book's order, as the Resonances list them, at ${viewport.width} px`, async () => {
      const page = await open("/art/", viewport);
      const names = await page
        .locator(
          "table.catalog__table tbody tr[data-id] th a, table.catalog__table tbody tr[data-id] td:first-child a",
        )
        .allInnerTexts();
      // Rend, Afflict, Bolster, Mend as the book; then the Arts whose stat blocks the source lost, by name
      expect(names.map((name) => name.trim())).toEqual([
        "Rend",
        "Afflict",
        "Bolster",
        "Mend",
        "Compel",
        "Impel",
      ]);
      await page.close();
    });

  it("/enemy/ and /armor/ take their groups from the schema's vocabulary, in its order", async () => {
    const page = await open("/enemy/", WIDTHS[0]);
    expect(await page.locator("tr.catalog__group th").allInnerTexts()).toEqual([
      "Challenge Class — Regular",
      "Challenge Class — Elite",
      "Challenge Class — Champion",
      "Challenge Class — Nemesis",
    ]);
    await page.goto(`${site.url}/armor/`);
    expect(await page.locator("tr.catalog__group th").allInnerTexts()).toEqual([
      "Standard Armor",
      "Martial Armor",
    ]);
    await page.close();
  });

  it("sorting by a column keeps the header row's geometry and lists every row outside the groups", async () => {
    const page = await open("/weapon/", WIDTHS[0]);
    const header = () =>
      page
        .locator("table.catalog__table thead th")
        .evaluateAll((cells) => cells.map((cell) => JSON.stringify(cell.getBoundingClientRect())));
    const before = await header();
    await page.locator('thead th[data-column="damage"] button').click();
    expect(await header()).toEqual(before);
    expect(await page.locator("tr.catalog__group:not([hidden])").count()).toBe(0);
    expect(await page.locator("tbody tr[data-id]:not([hidden])").count()).toBe(28);
    await page.close();
  });
});

describe("search results say what they are and work from the keyboard", () => {
  for (const viewport of WIDTHS) {
    it(`"grab" names each result's kind, repeats no title, and Enter and the arrows reach the results at ${viewport.width} px`, async () => {
      const page = await open("/", viewport);
      await page.locator("site-search button[data-open-modal]").first().click();
      const input = page.locator("#starlight__search input.pagefind-ui__search-input");
      await input.fill("grab");
      const titles = page.locator(
        "#starlight__search .pagefind-ui__result-inner > .pagefind-ui__result-title > .pagefind-ui__result-link",
      );
      await expect
        .poll(() => titles.allInnerTexts())
        .toEqual(expect.arrayContaining(["Grab · Maneuver", "Grab · Glossary term"]));
      // an entry's text sits under its title, not in a nested card repeating it
      const first = page.locator("#starlight__search .pagefind-ui__result").first();
      expect(await first.locator(".pagefind-ui__result-nested").count()).toBe(0);
      expect(await first.locator(".pagefind-ui__result-excerpt").innerText()).not.toBe("");
      // Pagefind may still re-render a result as its fragment arrives, dropping the focus a key just moved; each
      // step starts again from where its key is pressed until the focus lands
      const focused = () => page.evaluate(() => document.activeElement?.textContent);
      const link = (text: string) => titles.filter({ hasText: text }).first();
      await expect
        .poll(async () => {
          await input.focus();
          await input.press("ArrowDown");
          return focused();
        })
        .toBe("Grab · Maneuver");
      await expect
        .poll(async () => {
          await link("Grab · Maneuver").focus();
          await page.keyboard.press("ArrowDown");
          return focused();
        })
        .toBe("Grab · Glossary term");
      await expect
        .poll(async () => {
          await link("Grab · Glossary term").focus();
          await page.keyboard.press("ArrowUp");
          await page.keyboard.press("ArrowUp");
          return page.evaluate(() => document.activeElement?.className);
        })
        .toContain("pagefind-ui__search-input");
      await input.press("Enter");
      await page.waitForURL(/\/maneuver\/grab\/$/);
      await page.close();
    });
  }

  // a laptop's 768 px and a phone's 844 px: ten results (or all, if fewer match), each wholly inside the dialog's
  // view, before any scroll; "momentum" and "fire" have the long titles ("Momentous Feat, Momentous Fortune · Glossary
  // term") and the chapters with a heading under them, "strike" matches nine pages
  for (const viewport of [{ width: 1366, height: 768 }, WIDTHS[1]])
    for (const [query, shown] of [
      ["hindered", 10],
      ["momentum", 10],
      ["fire", 10],
      ["strike", 9],
    ] as const)
      it(`"${query}" shows ten results (or all, if fewer match), all on the screen at once, at ${viewport.width} × ${viewport.height} px`, async () => {
        const page = await open("/", viewport);
        await page.locator("site-search button[data-open-modal]").first().click();
        await page.locator("#starlight__search input.pagefind-ui__search-input").fill(query);
        // Pagefind counts while its index chunks arrive: wait for the final count, then for that many results
        const message = page.locator("#starlight__search .pagefind-ui__message");
        await expect
          .poll(async () => Math.min(10, Number.parseInt(await message.innerText(), 10) || 0))
          .toBe(shown);
        const results = page.locator("#starlight__search li.pagefind-ui__result");
        await expect.poll(() => results.count()).toBe(shown);
        // Pagefind fills each result in as its fragment arrives: measure once every title has its text
        await expect
          .poll(() =>
            results.locator(".pagefind-ui__result-inner > .pagefind-ui__result-title").allInnerTexts(),
          )
          .not.toContain("");
        const boxes = await results.evaluateAll(resultBoxesInDialog);
        expect(
          boxes.filter((box) => box.inside),
          JSON.stringify(boxes),
        ).toHaveLength(shown);
        await page.close();
      });

  it("/ opens the search dialog, as the 404 page says", async () => {
    const page = await site.context.newPage();
    await page.setViewportSize(WIDTHS[0]);
    await page.goto(`${site.url}/no-such-page/`);
    expect(await page.locator("main").innerText()).toContain("press /");
    await page.keyboard.press("/");
    await expect
      .poll(() => page.locator("dialog[aria-label='Search']").evaluate((d) => (d as HTMLDialogElement).open))
      .toBe(true);
    await page.close();
  });
});

describe("chapters list their stat blocks in “On this page”", () => {
  for (const viewport of WIDTHS) {
    it(`chapter 22's conditions are anchors, and Wracked's link lands on its block, at ${viewport.width} px`, async () => {
      const page = await open("/chapter/conditions-and-states/", viewport);
      const listed = await page
        .locator("starlight-toc a, mobile-starlight-toc a")
        .evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href")))]);
      for (const anchor of ["#affliction", "#hindered", "#wracked", "#crisis", "#stressed"])
        expect(listed).toContain(anchor);
      await page.goto(`${site.url}/chapter/conditions-and-states/#wracked`);
      const heading = await seen(page, "#wracked");
      expect(heading.text).toBe("Wracked");
      expect(heading.top).toBeGreaterThanOrEqual(0);
      expect(heading.top).toBeLessThan(viewport.height / 2);
      await page.close();
    });
  }
});

describe("smaller things a reader notices", () => {
  it("the home page is titled once, and a weapon's share line says what it is", async () => {
    const page = await open("/", WIDTHS[0]);
    expect(await page.title()).toBe("Momenta Rules");
    await page.goto(`${site.url}/weapon/longsword/`);
    expect(await page.locator('meta[name="description"]').getAttribute("content")).toBe(
      "Weapon · Medium · POW · (Slashing/Piercing, Melee 1, Deflect) · Damage (0s–3+): 2 · 6 · 11 · 17",
    );
    await page.close();
  });

  it("the printed book requests no missing file and prints no “000” page numbers from a browser", async () => {
    const page = await site.context.newPage();
    const missing: string[] = [];
    page.on("response", (response) => {
      if (response.status() >= 400) missing.push(response.url());
    });
    await page.goto(`${site.url}/print/book/`, { waitUntil: "load" });
    await page.emulateMedia({ media: "print" });
    const numbers = await page
      .locator(".book-toc__page")
      .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell).visibility));
    expect(numbers.length).toBeGreaterThan(30);
    expect(new Set(numbers)).toEqual(new Set(["hidden"]));
    expect(missing).toEqual([]);
    await page.close();
  });

  it("a catalog page's two preview containers have ids of their own", async () => {
    const page = await open("/weapon/", WIDTHS[0]);
    const ids = await page.evaluate(() =>
      [...document.querySelectorAll("[id]")].map((element) => element.id),
    );
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(ids).toEqual(expect.arrayContaining(["ref-previews", "ref-previews-table"]));
    await page.close();
  });
});

describe("one tap follows a link in a list on a phone", () => {
  let phone: Chromium;
  beforeAll(async () => {
    phone = await launchChromium({ hasTouch: true, isMobile: true, viewport: WIDTHS[1] }, "momenta-tap-");
  }, 60_000);
  afterAll(() => phone?.close());

  const tapOpen = async (path: string) => {
    const page = await phone.context.newPage();
    await page.goto(`${site.url}${path}`, { waitUntil: "load" });
    return page;
  };

  it("a catalog row's name, a “Referenced by” link and an entry list's term each open their page at once", async () => {
    for (const [path, selector, target] of [
      ["/weapon/", 'table.catalog__table a[data-ref="weapon/dagger"]', /\/weapon\/dagger\/$/],
      ["/reaction/dodge/", '.referrers a[data-ref="condition/hindered"]', /\/condition\/hindered\/$/],
      ["/tag/", ".entry-list a[data-ref]", /\/tag\/[a-z-]+\/$/],
    ] as const) {
      const page = await tapOpen(path);
      const link = page.locator(selector).first();
      await link.scrollIntoViewIfNeeded();
      await link.tap();
      await page.waitForURL(target);
      expect(await page.locator("#ref-preview:not([hidden])").count()).toBe(0);
      await page.close();
    }
  });

  it("a link in prose still previews first", async () => {
    const page = await tapOpen("/chapter/attacking/");
    const link = page.locator('main a[data-ref="weapon/mace"]').first();
    await link.scrollIntoViewIfNeeded();
    await link.tap();
    await expect.poll(() => page.locator("#ref-preview").isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe("/chapter/attacking/");
    await page.close();
  });

  it("the phone menu opens with the current page in view", async () => {
    const page = await tapOpen("/weapon/greatsword/");
    await page.locator("starlight-menu-button button").tap();
    const current = page
      .locator('#starlight__sidebar [aria-current="page"], #starlight__sidebar [data-current-catalog]')
      .first();
    await expect
      .poll(async () => {
        const box = await current.boundingBox();
        return box !== null && box.y >= 0 && box.y + box.height <= WIDTHS[1].height;
      })
      .toBe(true);
    await page.close();
  });
});

describe("the Art × Resonance grid reads in one casing", () => {
  for (const viewport of WIDTHS) {
    it(`every cell that is not a spell is lower case at ${viewport.width} px`, async () => {
      const page = await open("/spellcasting/grid/", viewport);
      // a spell's cell starts with its name (reader-tools.test.ts); the others name why there is no spell
      const cells = await page
        .locator("table.grid tbody td:not([data-combination='supported'])")
        .allInnerTexts();
      const words = new Set(cells.map((cell) => cell.split("\n")[0]?.trim()));
      expect(words).toContain("not supported");
      expect([...words].filter((word) => word && word !== word.toLowerCase())).toEqual([]);
      await page.close();
    });
  }
});
