// The offline build: which pages go in the bundle, exact rebuilds from a shell plus differences, the worker and 5 MB
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { writeServiceWorker } from "../src/lib/offline.ts";
import { buildPagesBundle, bundledPageFiles, pageUrl } from "../src/lib/offline-pages.ts";
import { assemblePage, bundlePath, PAGES_BUNDLE_FILE, type PagesBundle } from "../src/sw/pages.ts";

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

/** A dist folder holding these files. */
function dist(files: Record<string, string>): string {
  root = mkdtempSync(join(tmpdir(), "momenta-offline-pages-"));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  return root;
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
    const worker = readFileSync(join(folder, "sw.js"), "utf8");
    const urls = [...worker.matchAll(/url:"([^"]+)"/g)].map((match) => match[1]);
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

  it("fails the build past 5 MB, saying how large and what to do", async () => {
    // four scripts of 1.5 MB (Workbox leaves out any one file over 2 MB, with a warning)
    const scripts = Object.fromEntries(
      [1, 2, 3, 4].map((n) => [`_astro/big-${n}.js`, "x".repeat(1.5 * 1024 * 1024)]),
    );
    const folder = dist({ ...site(), ...scripts });
    await expect(writeServiceWorker(folder)).rejects.toThrow(
      /^the offline precache is 6\.00 MB, over the 5 MB limit \(9 files, the page bundle \d+ KB\)\nhelp: precache fewer files/,
    );
  });
});
