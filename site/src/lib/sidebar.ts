// The Starlight sidebar from the content graph: one group per Moment in reading order, then the catalogs, then one
// group per homebrew pack holding its chapters, badged
import { MOMENTS } from "@momenta/schema";
import { type Chapter, getGraph, kindsWithEntries, packOf, sitePacks, urlOf } from "./content.ts";

/** Starlight's badge beside a sidebar label. */
export interface SidebarBadge {
  text: string;
  variant: "note" | "danger" | "success" | "caution" | "tip" | "default";
}

export interface SidebarLink {
  label: string;
  link: string;
  badge?: SidebarBadge;
}

export interface SidebarGroup {
  label: string;
  collapsed?: boolean;
  badge?: SidebarBadge;
  items: Array<SidebarLink | SidebarGroup>;
}

/** The mark on a pack's sidebar group: what a reader sees beside the pack's name. */
export const HOMEBREW_BADGE: SidebarBadge = { text: "Homebrew", variant: "caution" };

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
  // a pack's chapter is never filed beside the core chapters of its Moment: it sits under its pack, below
  const core = chapters.filter((chapter) => !packOf(chapter.id));
  const link = (chapter: Chapter): SidebarLink => ({
    label: chapter.frontmatter.chapter
      ? `${chapter.frontmatter.chapter} · ${chapter.frontmatter.title}`
      : chapter.frontmatter.title,
    link: urlOf(chapter.id),
  });
  const groups: SidebarGroup[] = [];
  for (const moment of MOMENTS) {
    const items = core.filter((chapter) => chapter.frontmatter.moment?.number === moment.number).map(link);
    if (items.length > 0) groups.push({ label: moment.label, collapsed: moment.number > 1, items });
  }
  // core chapters outside every Moment (the catalogs' introductions, which have no chapter number) are not listed
  // the catalogs stay closed until the reader opens them (or reads one of their entries: src/lib/route-data.ts)
  groups.push({
    label: "Catalogs",
    collapsed: true,
    items: kindsWithEntries(graph).map((definition) => ({
      label: definition.plural,
      link: `/${definition.kind}/`,
    })),
  });
  // each homebrew pack's chapters, its catalog texts included, after the core's, in the order MOMENTA_PACKS names them
  for (const pack of await sitePacks()) {
    const items = chapters.filter((chapter) => packOf(chapter.id)?.id === pack.id).map(link);
    if (items.length > 0) groups.push({ label: pack.name, badge: HOMEBREW_BADGE, collapsed: true, items });
  }
  groups.push({ label: "Tools", items: [...TOOL_PAGES] });
  groups.push({ label: "This edition", items: [...EDITION_PAGES] });
  return groups;
}
