// The built site has no broken internal link or anchor, and every entry and chapter has its permalink
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { load } from "@momenta/content";
import { slugify } from "@momenta/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { DIST_DIR, ensureSiteBuilt, REPO_DIR } from "./support/build.ts";
import { crawl } from "./support/crawl.ts";

describe("the crawler", () => {
  it("finds exactly the broken pages and anchors in a fixture site", () => {
    const report = crawl(join(import.meta.dirname, "fixtures/crawl"));
    expect(report.pages).toBe(3);
    expect(report.broken).toEqual([
      { page: "/", href: "/nowhere/", problem: "missing page" },
      { page: "/", href: "/ok/#nothere", problem: "missing anchor" },
    ]);
    // the good links were followed, not skipped (a fragment of page state is a link to its page)
    expect(report.links).toBe(9);
  });
});

describe("the built site", () => {
  beforeAll(() => ensureSiteBuilt());

  it("has no broken internal link or anchor", () => {
    const report = crawl(DIST_DIR);
    expect(report.broken).toEqual([]);
    expect(report.links).toBeGreaterThan(report.pages);
  });

  it("has a page at /<kind>/<slug>/ for every entry and /chapter/<slug>/ for every chapter", async () => {
    const { graph } = load({ root: REPO_DIR });
    const ids = [...graph.entries.keys(), ...graph.chapters.map((chapter) => chapter.id)];
    expect(ids.length).toBeGreaterThan(100);
    const missing = ids.filter((id) => !existsSync(join(DIST_DIR, id, "index.html")));
    expect(missing).toEqual([]);
  });

  it("tag pages list every entry carrying the tag", async () => {
    const { graph } = load({ root: REPO_DIR });
    const melee = graph.byKind("tag").find((tag) => /^Melee\b/.test(tag.name));
    if (!melee) throw new Error("no Melee tag in content");
    const carriers = graph
      .byKind("weapon")
      .filter((weapon) =>
        ((weapon.data as { tags?: string[] }).tags ?? []).some((tag) => /^Melee\b/.test(tag)),
      );
    expect(carriers.length).toBeGreaterThan(10);
    const html = readFileSync(join(DIST_DIR, melee.id, "index.html"), "utf8");
    const section = html.slice(html.indexOf('id="entries-with"'));
    expect(section.length).toBeLessThan(html.length);
    for (const weapon of carriers) expect(section, weapon.id).toContain(`href="/${weapon.id}/"`);
  });

  it("redirects every alias to its entry", async () => {
    const { graph } = load({ root: REPO_DIR });
    const redirects: Array<[string, string]> = [];
    const taken = new Set(graph.entries.keys());
    for (const entry of graph.entries.values()) {
      for (const alias of entry.aliases) {
        const path = /^[a-z-]+\/[a-z0-9-]+$/.test(alias) ? alias : `${entry.kind}/${slugify(alias)}`;
        if (taken.has(path)) continue;
        taken.add(path);
        redirects.push([path, entry.id]);
      }
    }
    expect(redirects.length).toBeGreaterThan(0);
    for (const [path, id] of redirects) {
      const html = readFileSync(join(DIST_DIR, path, "index.html"), "utf8");
      expect(html, path).toContain(`url=/${id}/`);
    }
  });
});
