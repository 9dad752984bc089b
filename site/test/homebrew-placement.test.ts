// Where a homebrew pack's chapters go (MOMENTA_PACKS, in process): under their pack after the core groups in the
// sidebar, after the whole core book in print, after every core page in search, never beside or before core ones
import { join } from "node:path";
import { bookParts, runningHead } from "@momenta/render";
import { beforeAll, describe, expect, it } from "vitest";
import { type ContentGraph, getGraph, packOf } from "../src/lib/content.ts";
import { namesIndex, normalizeSearchName } from "../src/lib/search-rank.ts";
import { HOMEBREW_BADGE, type SidebarGroup, siteSidebar } from "../src/lib/sidebar.ts";
import { REPO_DIR } from "./support/build.ts";

const PACK = "Impersonation (site test fixture)";
const CHAPTER = "chapter/impersonation.official-errata";
const CATALOG_TEXT = "chapter/impersonation.catalog-weapon-errata";
let graph: ContentGraph;
let groups: SidebarGroup[];
beforeAll(async () => {
  // each test file runs in its own process, so this pack set stays local to this file: a pack whose chapter files
  // itself first in the Prologue (order 0, chapter "40") and whose catalog text opens the weapons' catalog, beside a
  // house-rules pack with no chapter
  process.env.MOMENTA_PACKS = [
    join(REPO_DIR, "site/test/fixtures/hostile-packs/impersonation"),
    join(REPO_DIR, "packages/lint/test/fixtures/patch-packs/house-rules"),
  ].join(":");
  graph = await getGraph();
  groups = await siteSidebar();
}, 120_000);

const links = (group: SidebarGroup | undefined) =>
  (group?.items ?? []).flatMap((item) => ("link" in item ? [item.link] : []));

describe("a pack's chapters in the sidebar", () => {
  it("sit in a group of their own, labelled with the pack's name and a Homebrew badge, after the core groups", () => {
    expect(packOf(CHAPTER)?.name).toBe(PACK);
    const labels = groups.map((group) => group.label);
    const own = groups.find((group) => group.label === PACK);
    expect(own?.badge).toEqual(HOMEBREW_BADGE);
    expect(own?.badge?.text).toBe("Homebrew");
    expect(links(own)).toEqual([
      "/chapter/impersonation.official-errata/",
      "/chapter/impersonation.catalog-weapon-errata/",
    ]);
    // after the Moments and the catalogs, before the site's own pages
    expect(labels.indexOf(PACK)).toBe(labels.indexOf("Catalogs") + 1);
    expect(labels.slice(labels.indexOf(PACK) + 1)).toEqual(["Tools", "This edition"]);
    // a pack without chapters has no group
    expect(labels).not.toContain("house-rules (test fixture)");
  });

  it("are in no core group, and every core group lists only core chapters", () => {
    for (const group of groups.filter((candidate) => candidate.label !== PACK))
      for (const link of links(group)) expect(link, group.label).not.toContain("impersonation");
    const prologue = groups.find((group) => group.label === "Prologue · Welcome");
    expect(links(prologue)[0]).toBe("/chapter/what-is-momenta/");
  });
});

describe("a pack's chapters in the print book", () => {
  it("follow the whole core book, each marked with its pack, its running head too", () => {
    const parts = bookParts(graph);
    const ids = parts.map((part) => part.id);
    const first = ids.findIndex((id) => packOf(id));
    expect(ids.slice(first)).toEqual([CHAPTER, CATALOG_TEXT]);
    // every entry and core chapter comes before it, each in exactly one part
    expect(ids.slice(0, first).some((id) => packOf(id))).toBe(false);
    const placed = parts.flatMap((part) =>
      part.type === "entries" ? part.entries.map((entry) => entry.id) : [part.id],
    );
    expect(new Set(placed).size).toBe(graph.entries.size + graph.chapters.length);
    for (const part of parts.slice(first)) {
      expect(part.type === "chapter" && part.pack).toEqual({ id: "impersonation", name: PACK });
      expect(runningHead(part)).toBe(`${part.title} · Homebrew · ${PACK}`);
    }
    // the core's catalog of weapons opens with its own text, not the pack's
    const weapons = ids.indexOf("catalog/weapon");
    expect(ids[weapons - 1]).toBe("chapter/catalog-equipment");
    expect(runningHead(parts[0] as (typeof parts)[number])).toBe(parts[0]?.title);
  });
});

describe("a pack's pages in search", () => {
  it("rank after every core page of a name they share, and carry their badge in their title", () => {
    const rows = namesIndex(graph);
    const coreRanks = rows.filter((row) => !row.t.includes("(Homebrew ·")).map((row) => row.r);
    const pack = rows.filter((row) => row.u.includes("impersonation."));
    expect(pack.map((row) => row.t).sort()).toEqual([
      `Official Errata for Hindered (Homebrew · ${PACK})`,
      `Weapon Errata (Homebrew · ${PACK})`,
    ]);
    for (const row of pack) expect(row.r).toBeGreaterThan(Math.max(...coreRanks));
    // a name the core holds is answered by the core first (the index is in rank order)
    const hindered = rows.filter((row) => row.n.includes(normalizeSearchName("Hindered")));
    expect(hindered[0]?.u).toBe("/condition/hindered/");
  });
});
