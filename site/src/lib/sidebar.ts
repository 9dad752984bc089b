// The Starlight sidebar from the content graph: one group per Moment in reading order, then the catalogs
import { MOMENTS } from "@momenta/schema";
import { getGraph, kindsWithEntries, urlOf } from "./content.ts";

export interface SidebarLink {
  label: string;
  link: string;
}

export interface SidebarGroup {
  label: string;
  collapsed?: boolean;
  items: Array<SidebarLink | SidebarGroup>;
}

/** Site pages that are not entries or chapters (src/pages/*). */
export const TOOL_PAGES: readonly SidebarLink[] = [
  { label: "Art × Resonance grid", link: "/spellcasting/grid/" },
  { label: "Dice pool calculator", link: "/tools/dice/" },
  { label: "Character builder", link: "/builder/" },
  { label: "Computed tables", link: "/tools/tables/" },
  { label: "What's missing", link: "/missing/" },
];

/** Pages about the edition itself: installed homebrew packs, what changed since the last release, the rules as files. */
export const EDITION_PAGES: readonly SidebarLink[] = [
  { label: "Homebrew", link: "/homebrew/" },
  { label: "Changes", link: "/changes/" },
  { label: "Downloads", link: "/downloads/" },
];

export async function siteSidebar(): Promise<SidebarGroup[]> {
  const graph = await getGraph();
  const chapters = [...graph.chapters].sort((a, b) => a.frontmatter.order - b.frontmatter.order);
  const groups: SidebarGroup[] = [];
  for (const moment of MOMENTS) {
    const items = chapters
      .filter((chapter) => chapter.frontmatter.moment?.number === moment.number)
      .map((chapter) => ({
        label: `${chapter.frontmatter.chapter} · ${chapter.frontmatter.title}`,
        link: urlOf(chapter.id),
      }));
    if (items.length > 0) groups.push({ label: moment.label, collapsed: moment.number > 1, items });
  }
  // chapters outside every Moment (the catalogs' introductions, which have no chapter number) are not listed
  // the catalogs stay closed until the reader opens them (or reads one of their entries: src/lib/route-data.ts)
  groups.push({
    label: "Catalogs",
    collapsed: true,
    items: kindsWithEntries(graph).map((definition) => ({
      label: definition.plural,
      link: `/${definition.kind}/`,
    })),
  });
  groups.push({ label: "Tools", items: [...TOOL_PAGES] });
  groups.push({ label: "This edition", items: [...EDITION_PAGES] });
  return groups;
}
