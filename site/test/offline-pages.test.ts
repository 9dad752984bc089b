// The offline build: which pages go in the bundle, exact rebuilds from a shell plus differences, the worker, its budget
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gunzipSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PRECACHE_LIMIT_BYTES, writeServiceWorker } from "../src/lib/offline.ts";
import { leftOutLine } from "../src/lib/offline-budget.ts";
import { buildPagesBundle, bundledPageFiles, pageUrl } from "../src/lib/offline-pages.ts";
import { PARTS_FILE, type PartList, type PartsIndex, partBundleFile, partListFile } from "../src/sw/keep.ts";
import { assemblePage, bundlePath, PAGES_BUNDLE_FILE, type PagesBundle } from "../src/sw/pages.ts";

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** A dist folder holding these files. */
function dist(files: Record<string, string | Buffer>): string {
  root = mkdtempSync(join(tmpdir(), "momenta-offline-pages-"));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
}

/** The precache list the build wrote into the service worker. */
function precachedUrls(folder: string): string[] {
  const worker = readFileSync(join(folder, "sw.js"), "utf8");
  return [...worker.matchAll(/url:"([^"]+)"/g)].map((match) => match[1] ?? "");
}

/** A page in the site's shape: head, a sidebar marking one catalog, then its main content. */
function page(title: string, catalog: string, main: string): string {
  const sidebar = ["weapon", "glossary", "condition"]
    .map((name) => `<a href="/${name}/"${name === catalog ? " data-current-catalog" : ""}>${name}</a>`)
    .join("");
  return `<!DOCTYPE html><html><head><title>${title} | Momenta Rules</title><meta name="description" content="${title}"/></head><body><nav class="sidebar">${sidebar}${"<p>the same chrome</p>".repeat(50)}</nav><main><h1>${title}</h1>${main}</main><footer>same</footer></body></html>`;
}

describe("offline page bundle", () => {
  it("takes every index.html the precache does not hold, except print/ and api/", () => {
    const folder = dist({
      "index.html": "home",
      "404.html": "not found",
      "weapon/index.html": "catalog",
      "weapon/mace/index.html": "mace",
      "glossary/vigor/index.html": "vigor",
      "print/book/index.html": "print",
      "api/v1/index.json": "{}",
      "api/v1/weapon/mace/index.html": "api",
      "offline/pages.json.gz": "",
    });
    const precached = new Set(["index.html", "404.html", "weapon/index.html"]);
    expect(bundledPageFiles(folder, precached)).toEqual([
      "glossary/vigor/index.html",
      "weapon/mace/index.html",
    ]);
    expect(pageUrl("weapon/mace/index.html")).toBe("/weapon/mace/");
  });

  it("maps a navigation's path to its page: with or without the slash or index.html", () => {
    expect(bundlePath("/weapon/mace/")).toBe("/weapon/mace/");
    expect(bundlePath("/weapon/mace")).toBe("/weapon/mace/");
    expect(bundlePath("/weapon/mace/index.html")).toBe("/weapon/mace/");
  });

  it("rebuilds each page exactly, storing the chrome once and per page only what differs", () => {
    const pages = {
      "condition/hindered/index.html": page("Hindered", "condition", "<p>Slowed.</p>"),
      "glossary/vigor/index.html": page(
        "Vigor",
        "glossary",
        "<p>The action currency.</p><ul><li>a</li></ul>",
      ),
      "weapon/mace/index.html": page("Mace", "weapon", "<table><tr><td>2 damage</td></tr></table>"),
    };
    const folder = dist(pages);
    const bundle = buildPagesBundle(folder, Object.keys(pages));
    for (const [file, html] of Object.entries(pages)) {
      expect(assemblePage(bundle, pageUrl(file))).toBe(html);
      // the repeated chrome is copied from the shell, not stored again
      const own = (bundle.pages[pageUrl(file)] ?? []).filter((piece) => typeof piece === "string").join("");
      expect(own).not.toContain("the same chrome");
      expect(own.length).toBeLessThan(html.length / 3);
    }
    const mace = (bundle.pages["/weapon/mace/"] ?? []).filter((piece) => typeof piece === "string").join("");
    expect(mace).toContain("Mace | Momenta Rules");
    expect(mace).toContain("data-current-catalog");
    expect(mace).toContain("2 damage");
    expect(assemblePage(bundle, "/weapon/greataxe/")).toBeUndefined();
  });
});

describe("the service worker build", () => {
  const site = () => ({
    "index.html": page("Home", "", "<p>Welcome.</p>"),
    "offline/index.html": page("Offline", "", "<p>Not saved.</p>"),
    "weapon/index.html": page("Weapons", "weapon", "<p>The catalog.</p>"),
    "weapon/mace/index.html": page("Mace", "weapon", "<p>2 damage</p>"),
    "_astro/page.js": "console.log(1)",
  });

  it("writes sw.js precaching the pages and the bundle, which holds the pages left out", async () => {
    const folder = dist(site());
    const result = await writeServiceWorker(folder);
    const urls = precachedUrls(folder);
    expect(urls).toEqual(
      expect.arrayContaining(["index.html", "offline/index.html", "weapon/index.html", "_astro/page.js"]),
    );
    expect(urls).toContain(PAGES_BUNDLE_FILE);
    expect(urls).not.toContain("weapon/mace/index.html");
    const bundle: PagesBundle = JSON.parse(
      gunzipSync(readFileSync(join(folder, PAGES_BUNDLE_FILE))).toString(),
    );
    expect(assemblePage(bundle, "/weapon/mace/")).toBe(site()["weapon/mace/index.html"]);
    expect(result).toMatchObject({ count: urls.length, pagesCount: 1 });
  });

  it("precaches everything in one bundle when it fits, and writes no list of parts left out", async () => {
    const folder = dist(site());
    const result = await writeServiceWorker(folder);
    expect(result).toMatchObject({ budget: PRECACHE_LIMIT_BYTES, leftOut: [] });
    expect(existsSync(join(folder, PARTS_FILE))).toBe(false);
  });

  /** A fragment as Pagefind writes it: gzipped `pagefind_dcd` and JSON, the page's URL first. */
  const fragment = (url: string) => gzipSync(`pagefind_dcd${JSON.stringify({ url, content: "text" })}`);

  /** The small site plus a big weapon catalog, a glossary, a chapter and Pagefind's files. */
  const bigSite = () => ({
    ...site(),
    // 200 KB: over the 100 KB budget by itself
    "weapon/index.html": page(
      "Weapons",
      "weapon",
      `<table>${"<tr><td>a weapon</td></tr>".repeat(8000)}</table>`,
    ),
    "weapon/greataxe/index.html": page("Greataxe", "weapon", "<p>3 damage</p>"),
    "glossary/index.html": page("Glossary", "glossary", "<dl><dt>Vigor</dt></dl>"),
    "glossary/vigor/index.html": page("Vigor", "glossary", "<p>The action currency.</p>"),
    "chapter/rolling-dice/index.html": page("Rolling Dice", "", "<p>dice</p>"),
    "pagefind/pagefind.js": "export {}",
    "pagefind/fragment/en_mace.pf_fragment": fragment("/weapon/mace/"),
    "pagefind/fragment/en_vigor.pf_fragment": fragment("/glossary/vigor/"),
    "pagefind/fragment/en_dice.pf_fragment": fragment("/chapter/rolling-dice/"),
    "pagefind/fragment/en_home.pf_fragment": fragment("/"),
  });
  const BUDGET = 100 * 1024;

  it("stays within a small budget: leaves out what does not fit, whole, and lists it for the offline page", async () => {
    const folder = dist(bigSite());
    const result = await writeServiceWorker(folder, BUDGET);
    const urls = precachedUrls(folder);
    // the shell, search, the chapter and the glossary fit; the weapon catalog does not, none of its files is in
    expect(urls).toEqual(
      expect.arrayContaining([
        "index.html",
        "offline/index.html",
        "_astro/page.js",
        "pagefind/pagefind.js",
        "pagefind/fragment/en_home.pf_fragment",
        "chapter/rolling-dice/index.html",
        "pagefind/fragment/en_dice.pf_fragment",
        "glossary/index.html",
        "pagefind/fragment/en_vigor.pf_fragment",
        partBundleFile("glossary"),
        PARTS_FILE,
      ]),
    );
    for (const url of [
      "weapon/index.html",
      "pagefind/fragment/en_mace.pf_fragment",
      partBundleFile("weapon"),
    ])
      expect(urls).not.toContain(url);
    const bytes = urls.reduce((sum, url) => sum + statSync(join(folder, url ?? "")).size, 0);
    expect(bytes).toBeLessThanOrEqual(BUDGET);
    expect(result.size).toBe(bytes);
    expect(result.count).toBe(urls.length);
    expect(result.leftOut.map((part) => [part.id, part.title, part.files.length])).toEqual([
      ["weapon", "Weapons", 3],
    ]);
    // what the offline page reads: the part, its size and revision; its files as the browser asks for them
    const index: PartsIndex = JSON.parse(readFileSync(join(folder, PARTS_FILE), "utf8"));
    expect(index.budget).toBe(BUDGET);
    expect(index.parts).toEqual([
      {
        id: "weapon",
        title: "Weapons",
        files: 3,
        bytes: result.leftOut[0]?.bytes,
        revision: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ]);
    const list: PartList = JSON.parse(readFileSync(join(folder, partListFile("weapon")), "utf8"));
    expect(list.urls.sort()).toEqual(
      ["/weapon/", "/pagefind/fragment/en_mace.pf_fragment", `/${partBundleFile("weapon")}`].sort(),
    );
    // the catalog's own bundle rebuilds its entry pages; the precached glossary's bundle its own
    const weapons: PagesBundle = JSON.parse(
      gunzipSync(readFileSync(join(folder, partBundleFile("weapon")))).toString(),
    );
    expect(Object.keys(weapons.pages).sort()).toEqual(["/weapon/greataxe/", "/weapon/mace/"]);
    expect(assemblePage(weapons, "/weapon/mace/")).toBe(bigSite()["weapon/mace/index.html"]);
    const glossary: PagesBundle = JSON.parse(
      gunzipSync(readFileSync(join(folder, partBundleFile("glossary")))).toString(),
    );
    expect(assemblePage(glossary, "/glossary/vigor/")).toBe(bigSite()["glossary/vigor/index.html"]);
    expect(result.pagesCount).toBe(1);
    // the build's line says what was left out, how many files and MB
    expect(leftOutLine(result.leftOut, result.budget)).toMatch(
      /^offline: left out of the precache to stay within its 0\.10 MB budget: 1 part, 3 files, 0\.\d\d MB — Weapons \(3 files, 0\.\d\d MB\); a reader keeps them offline from \/offline\/$/,
    );
  });

  it("takes its budget from MOMENTA_PRECACHE_BUDGET", async () => {
    vi.stubEnv("MOMENTA_PRECACHE_BUDGET", String(BUDGET));
    try {
      const result = await writeServiceWorker(dist(bigSite()));
      expect(result.budget).toBe(BUDGET);
      expect(result.leftOut.map((part) => part.id)).toEqual(["weapon"]);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it("fails only when the shell alone is over the budget, saying how large and what to do", async () => {
    // scripts every page loads are the shell's: no content makes them that large
    const folder = dist({ ...site(), "_astro/big.js": "x".repeat(200 * 1024) });
    await expect(writeServiceWorker(folder, BUDGET)).rejects.toThrow(
      /^the offline precache's shell is 0\.\d\d MB, over the 0\.10 MB budget \(\d+ files\)\nhelp: the shell .* raise `MOMENTA_PRECACHE_BUDGET`$/s,
    );
  });
});
