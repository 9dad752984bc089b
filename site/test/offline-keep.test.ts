// Over the precache's budget (a small one, on the real site): the offline page lists the catalogs left out, and a
// catalog the reader keeps opens offline, its entry pages and search results included (browser, Debian Chromium)
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OfflineBuild, writeServiceWorker } from "../src/lib/offline.ts";
import { countOf, PARTS_FILE, type PartsIndex } from "../src/sw/keep.ts";
import { DIST_DIR, ensureSiteBuilt } from "./support/build.ts";
import { type Chromium, launchChromium } from "./support/chromium.ts";
import { type StaticServer, serveStatic } from "./support/server.ts";

/** The budget: 1 MB less than the whole precache, so the largest catalogs (weapons among them) do not fit. */
let budget: number;
let copy: string;
let build: OfflineBuild;
let server: StaticServer | undefined;
let browser: Chromium;

beforeAll(async () => {
  ensureSiteBuilt();
  // the built site with its worker made again under the small budget, as MOMENTA_PRECACHE_BUDGET does in a build
  copy = mkdtempSync(join(tmpdir(), "momenta-offline-keep-"));
  cpSync(DIST_DIR, copy, { recursive: true });
  budget = (await writeServiceWorker(copy, Number.MAX_SAFE_INTEGER)).size - 1024 * 1024;
  build = await writeServiceWorker(copy, budget);
  server = await serveStatic(copy);
  browser = await launchChromium({ viewport: { width: 390, height: 844 } }, "momenta-chromium-keep-");
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (copy) rmSync(copy, { recursive: true, force: true });
});

/** What the offline page lists: each part's label and whether its box is checked. */
async function listed(page: Page) {
  await page.locator("[data-offline-parts]:not([hidden])").waitFor();
  return page
    .locator("[data-offline-parts-list] li")
    .evaluateAll((items) =>
      items.map((item) => [
        item.querySelector("label")?.textContent?.trim(),
        item.querySelector("input")?.checked,
      ]),
    );
}

describe("offline, over the precache budget", () => {
  it("a catalog left out opens offline once the reader keeps it from the offline page", {
    timeout: 240_000,
  }, async () => {
    const index: PartsIndex = JSON.parse(readFileSync(join(copy, PARTS_FILE), "utf8"));
    expect(index.parts.map((part) => part.id)).toContain("weapon");
    // small catalogs are still precached, each with its own page bundle
    expect(index.parts.map((part) => part.id)).not.toContain("damage-type");
    expect(build.size).toBeLessThanOrEqual(budget);
    const base = server?.url ?? "";
    const { context } = browser;

    const page = await context.newPage();
    await page.goto(`${base}/offline/`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
    // every part left out, by its title, none kept yet; the page no longer says everything works offline
    expect(await listed(page)).toEqual(index.parts.map((part) => [part.title, false]));
    // each with its count and size as a reader reads them: "1 file", "1,234 files"
    expect(await page.locator("[data-offline-parts-list] .offline-parts__size").allTextContents()).toEqual(
      index.parts.map(
        (part) => ` — ${countOf(part.files, "file")}, ${(part.bytes / 1024 / 1024).toFixed(1)} MB`,
      ),
    );
    expect(await page.locator("[data-offline-everything]").isHidden()).toBe(true);
    // opened as itself, online, it does not say the reader is offline
    expect(await page.locator("main p").first().innerText()).toBe(
      "What this device keeps for reading without a connection.",
    );

    // offline, a weapon not kept is not there: the offline page says so; a precached catalog's entry opens
    await context.setOffline(true);
    const before = await context.newPage();
    await before.goto(`${base}/weapon/mace/`);
    expect(await before.locator("main").textContent()).toContain("has not been saved on this device yet");
    await before.goto(`${base}/damage-type/crushing/`);
    expect(await before.locator("h1").textContent()).toBe("Crushing");
    await before.close();
    await context.setOffline(false);

    // the reader keeps the weapons: the worker fetches the catalog, the page says when it is done
    await page.locator('input[data-part="weapon"]').check();
    await expect
      .poll(() => page.locator("[data-offline-parts-status]").textContent(), { timeout: 120_000 })
      .toBe("Weapons: kept on this device, it opens without a connection");

    // with no network at all, the catalog, an entry page never opened, and its search result
    await server?.close();
    server = undefined;
    await context.setOffline(true);
    const catalog = await context.newPage();
    await catalog.goto(`${base}/weapon/?weightClass=Heavy`);
    expect(await catalog.locator("h1").textContent()).toBe("Weapons");
    const entry = await context.newPage();
    await entry.goto(`${base}/weapon/mace/`);
    expect(await entry.locator("h1").textContent()).toBe("Mace");
    await entry.locator("site-search button[data-open-modal]").first().click();
    await entry.locator("#starlight__search input.pagefind-ui__search-input").fill("greataxe");
    const hit = entry.locator("#starlight__search .pagefind-ui__result-link").first();
    await expect.poll(() => hit.getAttribute("href"), { timeout: 30_000 }).toBe("/weapon/greataxe/");

    // and the offline page shows it kept
    const again = await context.newPage();
    await again.goto(`${base}/offline/`);
    expect(await listed(again)).toEqual(index.parts.map((part) => [part.title, part.id === "weapon"]));
    for (const open of [page, catalog, entry, again]) await open.close();
  });
});
