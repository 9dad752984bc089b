// The rulebook offline (browser, Debian Chromium): after one visit, with the network gone, a chapter never visited
// opens and search answers; an unsaved entry page shows the offline page; installable; precache under 5 MB
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_KILL_SWITCH, PRECACHE_LIMIT_BYTES } from "../src/lib/offline.ts";
import { DIST_DIR, ensureSiteBuilt } from "./support/build.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./support/chromium.ts";
import { type StaticServer, serveStatic } from "./support/server.ts";

let server: StaticServer | undefined;
let base: string;
let context: BrowserContext;
let profile: string;

beforeAll(async () => {
  ensureSiteBuilt();
  server = await serveStatic(DIST_DIR);
  base = server.url;
  profile = mkdtempSync(join(tmpdir(), "momenta-chromium-offline-"));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    viewport: { width: 390, height: 844 },
  });
}, 240_000);

afterAll(async () => {
  await context?.close();
  await server?.close();
  if (profile) rmSync(profile, { recursive: true, force: true });
});

/** The precache list the build wrote into the service worker: `{url, revision}` entries. */
function precached(): string[] {
  const worker = readFileSync(join(DIST_DIR, "sw.js"), "utf8");
  return [...worker.matchAll(/url:"([^"]+)"/g)].map((match) => match[1] ?? "");
}

describe("offline", () => {
  it("precaches chapters, catalogs and the whole search index, under 5 MB", () => {
    const urls = precached();
    expect(urls).toContain("chapter/rolling-dice/index.html");
    expect(urls).toContain("weapon/index.html");
    expect(urls).toContain("offline/index.html");
    expect(urls).toContain("pagefind/pagefind.js");
    expect(urls.filter((url) => url.startsWith("pagefind/fragment/")).length).toBeGreaterThan(400);
    expect(urls.some((url) => url.startsWith("api/") || url.startsWith("print/"))).toBe(false);
    const bytes = urls.reduce((sum, url) => sum + statSync(join(DIST_DIR, url)).size, 0);
    console.log(`precache: ${urls.length} files, ${(bytes / 1024 / 1024).toFixed(2)} MB`);
    expect(bytes).toBeLessThan(PRECACHE_LIMIT_BYTES);
  });

  it("is installable: a manifest with 192 and 512 px icons, no installability errors", async () => {
    const page = await context.newPage();
    await page.goto(`${base}/`);
    const manifest = await page.evaluate(async () => {
      const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
      return link ? (await fetch(link.href)).json() : null;
    });
    expect(manifest).toMatchObject({ name: "Momenta Rules", display: "standalone", start_url: "./" });
    const sizes = (manifest.icons as Array<{ src: string; sizes: string }>).map((icon) => icon.sizes);
    expect(sizes).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    // the PNGs really are that size (width and height from the IHDR chunk)
    for (const size of [192, 512]) {
      const png = readFileSync(join(DIST_DIR, `icon-${size}.png`));
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
    }
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    await page.close();
  });

  it("after one visit, with no network: a chapter never visited opens and search answers", {
    timeout: 120_000,
  }, async () => {
    const page = await context.newPage();
    await page.goto(`${base}/condition/hindered/`);
    // the service worker has installed (its precache complete) and controls the page
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });

    // the network is gone: the server stops and the browser is offline
    await server?.close();
    server = undefined;
    await context.setOffline(true);

    const chapter = await context.newPage();
    await chapter.goto(`${base}/chapter/rolling-dice/`);
    expect(await chapter.locator("h1").textContent()).toBe("Rolling Dice");
    expect(await chapter.locator("main").textContent()).toContain("dice");

    await chapter.locator("site-search button[data-open-modal]").first().click();
    await chapter.locator("#starlight__search input.pagefind-ui__search-input").fill("hindered");
    const first = chapter.locator("#starlight__search .pagefind-ui__result-link").first();
    await expect.poll(() => first.getAttribute("href"), { timeout: 20_000 }).toBe("/condition/hindered/");

    // a catalog view from a shared link, offline: the filter in the URL applies
    const catalog = await context.newPage();
    await catalog.goto(`${base}/weapon/?weightClass=Heavy`);
    const classes = await catalog
      .locator('table.catalog__table tbody tr:not([hidden]) td[data-column="weightClass"]')
      .allTextContents();
    expect(classes.length).toBeGreaterThan(0);
    expect(new Set(classes)).toEqual(new Set(["Heavy"]));

    // the entry opened before is saved; one never opened says so instead of failing
    const saved = await context.newPage();
    await saved.goto(`${base}/condition/hindered/`);
    expect(await saved.locator("h1").textContent()).toBe("Hindered");
    const unsaved = await context.newPage();
    await unsaved.goto(`${base}/weapon/mace/`);
    expect(await unsaved.locator("main").textContent()).toContain("has not been saved on this device yet");
    for (const open of [chapter, catalog, saved, unsaved, page]) await open.close();
  });

  it("astro dev's /sw.js removes a worker left by `npm start` on the same address: caches gone, unregistered", {
    timeout: 120_000,
  }, async () => {
    // the previous test left the browser offline
    await context.setOffline(false);
    // the built site, except that /sw.js becomes what `astro dev` serves once `dev` is set
    let dev = false;
    const site = await serveStatic(DIST_DIR);
    const proxy = createServer(async (request, response) => {
      if (dev && request.url?.startsWith("/sw.js")) {
        response.writeHead(200, { "content-type": "text/javascript", "cache-control": "no-store" });
        response.end(DEV_KILL_SWITCH);
        return;
      }
      // the page (and its worker's precache) may still be fetching when the test closes both servers: a
      // request cut off then ends as a dropped connection, not as an unhandled rejection of the whole run
      try {
        const upstream = await fetch(`${site.url}${request.url}`);
        const body = Buffer.from(await upstream.arrayBuffer());
        response.writeHead(upstream.status, { "content-type": upstream.headers.get("content-type") ?? "" });
        response.end(body);
      } catch {
        response.destroy();
      }
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    const page = await context.newPage();
    try {
      await page.goto(`${origin}/`);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
        timeout: 60_000,
      });
      expect(await page.evaluate(async () => (await caches.keys()).length)).toBeGreaterThan(0);
      // the kill switch reloads every page it controlled once it has cleaned up: wait for that navigation rather
      // than racing it with a reload of our own (which it aborted: net::ERR_ABORTED in CI)
      const reloadedByWorker = page.waitForEvent("framenavigated", {
        predicate: (frame) => frame === page.mainFrame(),
        timeout: 60_000,
      });
      dev = true;
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
      await page.waitForFunction(
        async () => (await navigator.serviceWorker.getRegistrations()).length === 0,
        null,
        { timeout: 60_000, polling: 200 },
      );
      await expect
        .poll(() => page.evaluate(async () => await caches.keys()), { timeout: 20_000 })
        .toEqual([]);
      // and the page it reloaded, like the next one, comes from the server, not from a worker
      await reloadedByWorker;
      await page.waitForLoadState("load");
      expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
      await page.goto(`${origin}/chapter/rolling-dice/`);
      expect(await page.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    } finally {
      await page.close();
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
      await site.close();
    }
  });
});
