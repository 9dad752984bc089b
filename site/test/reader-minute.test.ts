// A reader's first minute in Chromium at 1366 and 390 px: glossary terms reach their entries, a misspelled name
// finds the entry before its glossary stub, and entry pages show the book's words instead of the database's
import { loadContent } from "@momenta/validator";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIST_DIR, ensureSiteBuilt, REPO_DIR } from "./support/build.ts";
import { browseSite, type SiteBrowser } from "./support/server.ts";

const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

let site: SiteBrowser;

beforeAll(async () => {
  ensureSiteBuilt();
  site = await browseSite(DIST_DIR, {}, "momenta-reader-minute-");
}, 240_000);

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

  it("every glossary term the graph names like an entry links to each such entry", async () => {
    const { graph } = await loadContent({ root: REPO_DIR });
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
    const page = await open("/", WIDTHS[0]);
    const missing: string[] = [];
    for (const [id, targets] of expected) {
      await page.goto(`${site.url}/${id}/`);
      const hrefs = await page
        .locator('.statblock [data-field="entries"] a')
        .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
      if (JSON.stringify(hrefs.sort()) !== JSON.stringify([...targets].sort()))
        missing.push(`${id}: ${hrefs.join(", ")} ≠ ${targets.join(", ")}`);
    }
    expect(missing).toEqual([]);
    await page.close();
  }, 120_000);
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
        .poll(() => links.evaluateAll((all) => all.slice(0, 2).map((link) => link.getAttribute("href"))), {
          timeout: 15_000,
        })
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
