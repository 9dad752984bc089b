// The sidebar from the real content: every chapter under its own Moment in reading order, catalogs closed, edition pages
import { MOMENTS } from "@momenta/schema";
import { beforeAll, describe, expect, it } from "vitest";
import { getGraph, urlOf } from "../src/lib/content.ts";
import { type SidebarGroup, type SidebarLink, siteSidebar } from "../src/lib/sidebar.ts";

let groups: SidebarGroup[];
beforeAll(async () => {
  groups = await siteSidebar();
}, 120_000);

const links = (group: SidebarGroup | undefined): SidebarLink[] =>
  (group?.items ?? []).filter((item): item is SidebarLink => "link" in item);

describe("site sidebar", () => {
  it("lists each Moment's chapters under it, in reading order, only the first Moment open", async () => {
    const graph = await getGraph();
    const chapters = [...graph.chapters].sort((a, b) => a.frontmatter.order - b.frontmatter.order);
    expect(chapters.length).toBeGreaterThan(0);
    for (const moment of MOMENTS) {
      const own = chapters.filter((chapter) => chapter.frontmatter.moment?.number === moment.number);
      if (own.length === 0) continue;
      const group = groups.find((candidate) => candidate.label === moment.label);
      expect(
        links(group).map((link) => link.link),
        moment.label,
      ).toEqual(own.map((chapter) => urlOf(chapter.id)));
      expect(group?.collapsed, moment.label).toBe(moment.number > 1);
    }
    const labels = groups.flatMap((group) => links(group).map((link) => link.label));
    expect(labels.filter((label) => /undefined|null/.test(label))).toEqual([]);
  });

  it("keeps the catalogs closed and links the homebrew, changes and downloads pages", () => {
    expect(groups.find((group) => group.label === "Catalogs")?.collapsed).toBe(true);
    const edition = links(groups.find((group) => group.label === "This edition"));
    expect(edition).toEqual([
      { label: "Homebrew", link: "/homebrew/" },
      { label: "Changes", link: "/changes/" },
      { label: "Downloads", link: "/downloads/" },
    ]);
  });
});
