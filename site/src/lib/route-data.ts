// Starlight route middleware: an entry page marks its catalog in the sidebar; a one-item "On this page" is dropped
import { defineRouteMiddleware, type StarlightRouteData } from "@astrojs/starlight/route-data";

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

export const onRequest = defineRouteMiddleware((context) => {
  const route = context.locals.starlightRoute;
  const catalog = catalogOf(context.url.pathname);
  if (catalog) markCatalog(route.sidebar, catalog);
  if (onlyOverview(route.toc)) route.toc = undefined;
});
