// Catalog filters and sorts in the browser (Debian Chromium): multi-valued facets (Slashing keeps the
import { load } from "@momenta/content";
import { damageTypeNames, WEIGHT_CLASSES } from "@momenta/schema";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIST_DIR, ensureSiteBuilt, REPO_DIR } from "./support/build.ts";
import { launchChromium } from "./support/chromium.ts";
import { browseSite, type SiteBrowser } from "./support/server.ts";

interface Weapon {
  name: string;
  weightClass: string;
  damageTypes: string[];
  damage?: Record<string, number>;
}

let site: SiteBrowser;
let weapons: Weapon[];

beforeAll(async () => {
  ensureSiteBuilt();
  const { graph } = load({ root: REPO_DIR });
  weapons = [...graph.byKind("weapon")].map((entry) => ({
    ...(entry.data as unknown as Weapon),
    name: entry.name,
  }));
  site = await browseSite(DIST_DIR, { viewport: { width: 1366, height: 900 } }, "momenta-chromium-catalog-");
});

afterAll(() => site?.close());

const open = (path: string): Promise<Page> => site.open(path);

const visibleNames = (page: Page) =>
  page.locator("table.catalog__table tbody tr[data-id]:not([hidden]) th").allTextContents();
const column = (page: Page, key: string) =>
  page.locator(`table.catalog__table tbody tr:not([hidden]) td[data-column="${key}"]`).allTextContents();

describe("weapon catalog", () => {
  it("Slashing keeps every weapon whose damage types include Slashing, Slashing/Piercing ones too", async () => {
    const page = await open("/weapon/");
    const slashing = weapons
      .filter((weapon) => weapon.damageTypes.flatMap(damageTypeNames).includes("Slashing"))
      .map((weapon) => weapon.name)
      .sort();
    expect(slashing.length).toBeGreaterThanOrEqual(11);
    expect(weapons.some((weapon) => weapon.damageTypes.includes("Slashing/Piercing"))).toBe(true);
    await page.selectOption('select[data-filter-column="damageTypes"]', "Slashing");
    expect((await visibleNames(page)).sort()).toEqual(slashing);
    // the caption and the count follow the filter
    expect(await page.locator("table.catalog__table caption").textContent()).toBe(
      `Weapons: ${slashing.length} of ${weapons.length}`,
    );
    expect(await page.locator(".catalog__count").textContent()).toBe(
      `${slashing.length} of ${weapons.length} shown`,
    );
    await page.selectOption('select[data-filter-column="damageTypes"]', "");
    expect(await page.locator("table.catalog__table caption").textContent()).toBe(
      `Weapons: ${weapons.length}`,
    );
    await page.close();
  });

  it("sorts weight classes in the schema's order and damage ladders by value", async () => {
    const page = await open("/weapon/");
    await page.locator('thead th[data-column="weightClass"] button').click();
    const classes = await column(page, "weightClass");
    const ranks = classes.map((name) => WEIGHT_CLASSES.indexOf(name as (typeof WEIGHT_CLASSES)[number]));
    expect(ranks.every((rank) => rank >= 0)).toBe(true);
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(classes[0]).toBe("Light");

    // damage descending: ladders compared from the 3+ band down, as numbers
    const damage = page.locator('thead th[data-column="damage"] button');
    await damage.click();
    await damage.click();
    const shown = await visibleNames(page);
    const ladder = (name: string) => {
      const weapon = weapons.find((candidate) => candidate.name === name);
      return ["3+", "2s", "1s", "0s"].map((band) => weapon?.damage?.[band] ?? 0);
    };
    const byValue = (a: number[], b: number[]) => a.findIndex((n, i) => n !== b[i]);
    for (let i = 1; i < shown.length; i++) {
      const [before, after] = [ladder(shown[i - 1] ?? ""), ladder(shown[i] ?? "")];
      const at = byValue(before, after);
      if (at >= 0)
        expect((before[at] ?? 0) > (after[at] ?? 0), `${shown[i - 1]} before ${shown[i]}`).toBe(true);
    }
    await page.close();
  });

  it("keeps filter and sort in the URL: a reload shows the same view", async () => {
    const page = await open("/weapon/");
    await page.selectOption('select[data-filter-column="weightClass"]', "Heavy");
    const damage = page.locator('thead th[data-column="damage"] button');
    await damage.click();
    await damage.click();
    await page.fill("input[data-filter-text]", "a");
    const before = await visibleNames(page);
    expect(before.length).toBeGreaterThan(1);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      weightClass: "Heavy",
      q: "a",
      sort: "damage",
      order: "descending",
    });
    await page.reload();
    expect(await visibleNames(page)).toEqual(before);
    expect(await page.locator('select[data-filter-column="weightClass"]').inputValue()).toBe("Heavy");
    expect(await page.locator("input[data-filter-text]").inputValue()).toBe("a");
    expect(await page.locator('thead th[data-column="damage"]').getAttribute("aria-sort")).toBe("descending");
    // a shared link opens the same view in a fresh tab
    const shared = await open(`${url.pathname}${url.search}`);
    expect(await visibleNames(shared)).toEqual(before);
    await shared.close();
    await page.close();
  });

  it("without JavaScript: every row, and Slashing lists the Slashing/Piercing weapons too", async () => {
    const noJs = await launchChromium({ javaScriptEnabled: false }, "momenta-chromium-catalog-nojs-");
    try {
      const page = await noJs.context.newPage();
      await page.goto(`${site.url}/weapon/`);
      expect(await page.locator("table.catalog__table tbody tr[data-id]").count()).toBe(weapons.length);
      const byType = page.locator(".catalog__browse details", { hasText: "Browse by damage types" });
      await byType.locator("summary").click();
      const slashing = weapons.filter((weapon) =>
        weapon.damageTypes.flatMap(damageTypeNames).includes("Slashing"),
      );
      expect(await byType.locator("dt", { hasText: /^Slashing \(\d+\)$/ }).textContent()).toBe(
        `Slashing (${slashing.length})`,
      );
      // dt then its dd: the names listed under Slashing
      const listed = await byType
        .locator("dt", { hasText: /^Slashing \(/ })
        .locator("xpath=following-sibling::dd[1]//a")
        .allTextContents();
      expect(listed.sort()).toEqual(slashing.map((weapon) => weapon.name).sort());
    } finally {
      await noJs.close();
    }
  });
});
