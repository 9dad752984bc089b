// The dice calculator in Chromium: at-least-N odds from @momenta/rules, settings kept in the URL, Overflow clear of 3+
import {
  atLeastDistributionOf,
  bandProbabilitiesOf,
  formatPercent,
  opposedDistribution,
} from "@momenta/rules";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIST_DIR, ensureSiteBuilt } from "./support/build.ts";
import { browseSite, type SiteBrowser } from "./support/server.ts";

const WIDTHS = [1366, 390] as const;

let site: SiteBrowser;

beforeAll(async () => {
  ensureSiteBuilt();
  site = await browseSite(DIST_DIR, {}, "momenta-dice-");
});

afterAll(() => site?.close());

const open = (path: string, width: number): Promise<Page> =>
  site.open(path, (page) => page.setViewportSize({ width, height: 900 }));

/** The at-least-N table as the reader sees it: label, shown text and the probability behind it. */
const atLeastRows = (page: Page) =>
  page.locator("table[data-at-least] tbody tr").evaluateAll((rows) =>
    rows.map((row) => {
      const cell = row.querySelector<HTMLElement>("td.num");
      return {
        label: row.querySelector("th")?.textContent?.trim() ?? "",
        text: cell?.textContent?.trim() ?? "",
        probability: Number(cell?.dataset.probability),
      };
    }),
  );

const settings = (page: Page) =>
  Promise.all(["pool", "modifier", "opposition"].map((name) => page.inputValue(`input[name="${name}"]`)));

describe("dice calculator", () => {
  it("shows at least N as @momenta/rules computes it, and the URL restores the settings", async () => {
    const page = await open("/tools/dice/", 1366);
    await page.fill('input[name="pool"]', "5");
    await page.fill('input[name="modifier"]', "-1");
    await page.fill('input[name="opposition"]', "2");
    await expect.poll(() => new URL(page.url()).search).toBe("?pool=5&modifier=-1&opposition=2");
    const expected = atLeastDistributionOf(opposedDistribution(4, 2)).map((p, index) => ({
      label: `${index + 1}+`,
      text: formatPercent(p),
      probability: p,
    }));
    expect(expected).toHaveLength(4);
    const shown = await atLeastRows(page);
    expect(shown.map(({ label, text }) => ({ label, text }))).toEqual(
      expected.map(({ label, text }) => ({ label, text })),
    );
    for (const [index, row] of shown.entries())
      expect(row.probability).toBeCloseTo(expected[index]?.probability ?? NaN, 12);
    expect(await page.locator("table[data-at-least] caption").textContent()).toContain("computed");

    // the four bands cover every roll: their total reads 100%; Overflow is a part of 3+, not a fifth band
    const bands = bandProbabilitiesOf(opposedDistribution(4, 2));
    expect(await page.locator('table[data-bands] tr:has([data-result="0s"]) th').textContent()).toBe(
      "0s (graze)",
    );
    const total = page.locator('table[data-bands] [data-result="total"]');
    expect(await total.textContent()).toBe("100%");
    expect(await page.locator('table[data-bands] [data-label="overflow"]').textContent()).toBe(
      "of which Overflow (4+)",
    );
    expect(
      Number(
        await page.locator('table[data-bands] [data-result="overflow"]').getAttribute("data-probability"),
      ),
    ).toBeCloseTo(bands.overflow, 12);

    for (const again of [page, await site.context.newPage()]) {
      if (again === page) await page.reload({ waitUntil: "load" });
      else await again.goto(page.url(), { waitUntil: "load" });
      expect(await settings(again)).toEqual(["5", "-1", "2"]);
      expect(await again.locator("[data-rolled]").textContent()).toBe("4 dice");
      expect((await atLeastRows(again)).map(({ label, text }) => ({ label, text }))).toEqual(
        expected.map(({ label, text }) => ({ label, text })),
      );
    }
    await page.context().pages().at(-1)?.close();
    await page.close();
  });

  for (const width of WIDTHS) {
    it(`at ${width} px the Overflow row overlaps neither its chance nor the 3+ row, and nothing scrolls sideways`, async () => {
      const page = await open("/tools/dice/?pool=6", width);
      expect(await page.inputValue('input[name="pool"]')).toBe("6");
      const box = async (selector: string) => {
        const found = await page.locator(selector).boundingBox();
        if (!found) throw new Error(`${selector} is not shown`);
        return found;
      };
      const label = await box('table[data-bands] [data-label="overflow"]');
      const neighbours = [
        await box('table[data-bands] [data-result="overflow"]'),
        await box('table[data-bands] [data-result="3+"]'),
        await box('table[data-bands] tr:has([data-result="3+"]) th'),
      ];
      for (const other of neighbours) {
        const width = Math.min(label.x + label.width, other.x + other.width) - Math.max(label.x, other.x);
        const height = Math.min(label.y + label.height, other.y + other.height) - Math.max(label.y, other.y);
        expect(width > 0.5 && height > 0.5, JSON.stringify({ label, other })).toBe(false);
      }
      const clipped = await page
        .locator("table.dice-table th, table.dice-table td")
        .evaluateAll((cells) =>
          cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent),
        );
      expect(clipped).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await page.close();
    });
  }
});
