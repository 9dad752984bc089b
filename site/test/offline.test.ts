// The rulebook offline (browser, Debian Chromium): after one visit, with the network gone, chapters and entry pages
// never visited open as they do online and search answers; installable; every page in the bundle; under 5 MB
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEV_KILL_SWITCH, PRECACHE_LIMIT_BYTES } from "../src/lib/offline.ts";
import { assemblePage, PAGES_BUNDLE_FILE, type PagesBundle } from "../src/sw/pages.ts";
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
});

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

/** Each precached URL's revision (null: the name changes with the content). */
function revisionsOf(): Map<string, string | null> {
  const worker = readFileSync(join(DIST_DIR, "sw.js"), "utf8");
  return new Map(
    [...worker.matchAll(/url:"([^"]+)",revision:(null|"[^"]*")/g)].map((match) => [
      match[1] ?? "",
      JSON.parse(match[2] ?? "null") as string | null,
    ]),
  );
}

/** The page bundle as the worker reads it. */
function pagesBundle(): PagesBundle {
  return JSON.parse(gunzipSync(readFileSync(join(DIST_DIR, PAGES_BUNDLE_FILE))).toString("utf8"));
}

/** What a reader sees of a page: its title, the visible text of <main>, the sidebar links marked current. */
async function readerView(page: Page) {
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a reader sees
  const main = await page.locator("main").innerText();
  return {
    title: await page.title(),
    main,
    marked: await page
      .locator('nav.sidebar a[aria-current="page"], nav.sidebar a[data-current-catalog]')
      .evaluateAll((links) => links.map((link) => link.getAttribute("href"))),
  };
}

/** Entry pages the offline test opens without having visited them: a weapon (with previews) and a glossary term. */
const NEVER_VISITED = ["/weapon/mace/", "/glossary/vigor/"];

describe("offline", () => {
  it("precaches chapters, catalogs, the whole search index and the page bundle, under 5 MB", () => {
    const urls = precached();
    expect(urls).toContain("chapter/rolling-dice/index.html");
    expect(urls).toContain("weapon/index.html");
    expect(urls).toContain("offline/index.html");
    expect(urls).toContain(PAGES_BUNDLE_FILE);
    expect(urls).toContain("pagefind/pagefind.js");
    expect(urls.filter((url) => url.startsWith("pagefind/fragment/")).length).toBeGreaterThan(400);
    expect(urls.some((url) => url.startsWith("api/") || url.startsWith("print/"))).toBe(false);
    // Pagefind's files named by their hash have no revision, so the worker may take the copy the page already
    // fetched from the HTTP cache; a file whose name stays (Pagefind's module) is revisioned and fetched afresh
    const revisions = revisionsOf();
    const pagefind = [...revisions].filter(([url]) => /^pagefind\/(index|filter|fragment)\//.test(url));
    expect(pagefind.length).toBeGreaterThan(400);
    expect(pagefind.filter(([, revision]) => revision !== null)).toEqual([]);
    expect(
      [...revisions].filter(([url]) => url.endsWith(".pf_meta")).map(([, revision]) => revision),
    ).toEqual([null]);
    expect(revisions.get("pagefind/pagefind.js")).toMatch(/^[0-9a-f]{32}$/);
    // what the browser downloads and stores: each precached file as built (the bundle stays gzipped)
    const bytes = urls.reduce((sum, url) => sum + statSync(join(DIST_DIR, url)).size, 0);
    console.log(`precache: ${urls.length} files, ${(bytes / 1024 / 1024).toFixed(2)} MB`);
    expect(bytes).toBeLessThan(PRECACHE_LIMIT_BYTES);
  });

  it("every built reader page is precached or in the page bundle, each bundled one rebuilt byte for byte", () => {
    const precachedFiles = new Set(precached());
    const bundle = pagesBundle();
    // every page the build wrote, listed here on its own (not with the build's list), except print and the API
    const built = (readdirSync(DIST_DIR, { recursive: true }) as string[])
      .map((file) => file.split("\\").join("/"))
      .filter((file) => file.endsWith("index.html") && !/^(api|print)\//.test(file));
    const missing = built.filter(
      (file) => !precachedFiles.has(file) && !(`/${file.replace(/index\.html$/, "")}` in bundle.pages),
    );
    expect(missing).toEqual([]);
    // every entry page by the JSON API's own lists, a source apart from the build's
    const index = JSON.parse(readFileSync(join(DIST_DIR, "api/v1/index.json"), "utf8"));
    const entryUrls = (index.kinds as Array<{ document: string }>).flatMap((kind) =>
      (JSON.parse(readFileSync(join(DIST_DIR, kind.document), "utf8")).entries as Array<{ url: string }>).map(
        (entry) => entry.url,
      ),
    );
    expect(entryUrls.length).toBeGreaterThan(370);
    expect(entryUrls.filter((url) => !(url in bundle.pages))).toEqual([]);
    // and it holds them exactly as built, nothing for print or the API
    for (const url of Object.keys(bundle.pages))
      expect(assemblePage(bundle, url), url).toBe(readFileSync(join(DIST_DIR, url, "index.html"), "utf8"));
    expect(Object.keys(bundle.pages).some((url) => /^\/(api|print)\//.test(url))).toBe(false);
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

  it("after one visit, with no network: a chapter and entry pages never visited open as online, search answers", {
    timeout: 180_000,
  }, async () => {
    // what those pages show online, from a browser that runs no service worker
    const online = new Map<string, Awaited<ReturnType<typeof readerView>>>();
    const reference = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const plain = await reference.newContext({
        serviceWorkers: "block",
        viewport: { width: 390, height: 844 },
      });
      const view = await plain.newPage();
      for (const path of NEVER_VISITED) {
        expect((await view.goto(`${base}${path}`))?.status()).toBe(200);
        online.set(path, await readerView(view));
      }
    } finally {
      await reference.close();
    }

    const page = await context.newPage();
    await page.goto(`${base}/condition/hindered/`);
    // the service worker has installed (its precache complete) and controls the page
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
    // a page opened while the worker controls the tab is saved as it came from the network
    await page.goto(`${base}/condition/hindered/`);
    const saved = await page.evaluate(async () =>
      (await (await caches.open("momenta-pages")).keys()).map((request) => new URL(request.url).pathname),
    );
    expect(saved).toContain("/condition/hindered/");

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
    await expect.poll(() => first.getAttribute("href")).toBe("/condition/hindered/");

    // a catalog view from a shared link, offline: the filter in the URL applies
    const catalog = await context.newPage();
    await catalog.goto(`${base}/weapon/?weightClass=Heavy`);
    const classes = await catalog
      .locator('table.catalog__table tbody tr:not([hidden]) td[data-column="weightClass"]')
      .allTextContents();
    expect(classes.length).toBeGreaterThan(0);
    expect(new Set(classes)).toEqual(new Set(["Heavy"]));

    // the entry opened before comes as saved
    const again = await context.newPage();
    await again.goto(`${base}/condition/hindered/`);
    expect(await again.locator("h1").textContent()).toBe("Hindered");

    // entry pages never opened come from the page bundle: the same title, text and sidebar marking as online
    const opened: Page[] = [];
    for (const path of NEVER_VISITED) {
      const entry = await context.newPage();
      opened.push(entry);
      await entry.goto(`${base}${path}`);
      const offlineView = await readerView(entry);
      expect(offlineView).toEqual(online.get(path));
      expect(offlineView.main).not.toContain("has not been saved on this device yet");
    }
    expect(online.get("/weapon/mace/")?.marked).toEqual(["/weapon/"]);
    expect(online.get("/glossary/vigor/")?.marked).toEqual(["/glossary/"]);
    // its previews work, and a search result opens its page
    const [weapon] = opened;
    if (!weapon) throw new Error("the weapon page was not opened");
    await weapon.locator('main a[data-ref="damage-type/crushing"]').first().hover();
    await expect.poll(() => weapon.locator("#ref-preview").isVisible()).toBe(true);
    expect(await weapon.locator("#ref-preview .ref-card__title").textContent()).toBe("Crushing");
    await weapon.locator("site-search button[data-open-modal]").first().click();
    await weapon.locator("#starlight__search input.pagefind-ui__search-input").fill("greataxe");
    const hit = weapon.locator("#starlight__search .pagefind-ui__result-link").first();
    await expect.poll(() => hit.getAttribute("href")).toBe("/weapon/greataxe/");
    await hit.click();
    await weapon.waitForURL(`${base}/weapon/greataxe/`);
    expect(await weapon.locator("h1").textContent()).toBe("Greataxe");

    // a page that is neither saved nor bundled says so instead of failing
    const unknown = await context.newPage();
    await unknown.goto(`${base}/weapon/no-such-weapon/`);
    expect(await unknown.locator("main").textContent()).toContain("has not been saved on this device yet");
    for (const open of [chapter, catalog, again, unknown, page, ...opened]) await open.close();
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
      await expect.poll(() => page.evaluate(async () => await caches.keys())).toEqual([]);
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
