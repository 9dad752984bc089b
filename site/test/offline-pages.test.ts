// The offline page bundle: which files go in, their URLs, and pages rebuilt exactly from a shell plus differences
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildPagesBundle, bundledPageFiles, pageUrl } from "../src/lib/offline-pages.ts";
import { assemblePage, bundlePath } from "../src/sw/pages.ts";

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
