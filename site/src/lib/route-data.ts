// Starlight route middleware: an entry page marks its catalog in the sidebar; a one-item "On this page" is dropped;
// a previous/next link into a homebrew pack names the pack
import { defineRouteMiddleware, type StarlightRouteData } from "@astrojs/starlight/route-data";
import { packOf } from "./content.ts";

type Entry = StarlightRouteData["sidebar"][number];

/** The catalog index an entry page (`/weapon/mace/`) belongs to (`/weapon/`), if the path is one. */
export function catalogOf(pathname: string): string | undefined {
  const match = /^\/([a-z][a-z-]*)\/[^/]+\/$/.exec(pathname);
  return match && match[1] !== "chapter" ? `/${match[1]}/` : undefined;
}

/** Marks the link to `href` (data-current-catalog) and opens the groups holding it; true when found. */
export function markCatalog(entries: Entry[], href: string): boolean {
  let found = false;
  for (const entry of entries) {
    if (entry.type === "link" && entry.href === href) {
      entry.attrs = { ...entry.attrs, "data-current-catalog": "" };
      found = true;
    } else if (entry.type === "group" && markCatalog(entry.entries, href)) {
      entry.collapsed = false;
      found = true;
    }
  }
  return found;
}

/** A table of contents with nothing but "Overview" says nothing: the page gets its width back. */
export function onlyOverview(toc: StarlightRouteData["toc"]): boolean {
  return toc !== undefined && toc.items.length <= 1 && (toc.items[0]?.children.length ?? 0) === 0;
}

/**
 * A previous or next link to a homebrew pack's page names its pack ("Official Errata (Homebrew · <pack>)"): the
 * last core catalog's "Next" leads into the first pack's chapters, and must not read as the book's next chapter.
 */
export function badgePackPagination(
  pagination: StarlightRouteData["pagination"],
  packOfPath: (pathname: string) => { name: string } | undefined,
): void {
  for (const link of [pagination.prev, pagination.next]) {
    const pack = link && packOfPath(new URL(link.href, "http://site.invalid").pathname);
    if (link && pack) link.label = `${link.label} (Homebrew · ${pack.name})`;
  }
}

/** The pack of the entry or chapter a site path (`/chapter/my-pack.rites/`) shows; undefined for core pages. */
const packOfPath = (pathname: string) => {
  const id = pathname.replace(/^\/|\/$/g, "");
  return /^[a-z][a-z-]*\/[^/]+$/.test(id) ? packOf(decodeURIComponent(id)) : undefined;
};

export const onRequest = defineRouteMiddleware((context) => {
  const route = context.locals.starlightRoute;
  const catalog = catalogOf(context.url.pathname);
  if (catalog) markCatalog(route.sidebar, catalog);
  if (onlyOverview(route.toc)) route.toc = undefined;
  badgePackPagination(route.pagination, packOfPath);
});
