// The offline page bundle's format and its assembler, shared by the service worker, the build and the tests
/**
 * Every reader page the precache does not hold, as one shell page plus, per page, the pieces that rebuild its
 * exact HTML: a number pair copies `length` characters of the shell from `start`, a string is the page's own
 * text (its title and meta, sidebar marking, table of contents, main content). Gzipped into one file.
 */
export interface PagesBundle {
  shell: string;
  /** Page path as the browser asks for it ("/weapon/mace/") → pieces: [start, length, "text", start, length …]. */
  pages: Record<string, Array<number | string>>;
}

/** Where the build writes the bundle (under dist) and the worker finds it in its precache. */
export const PAGES_BUNDLE_FILE = "offline/pages.json.gz";
/** What the worker serves for a page it has neither saved nor bundled while there is no connection. */
export const OFFLINE_PAGE_FILE = "offline/index.html";

/** The page's HTML from its pieces; undefined when the bundle does not hold that path. */
export function assemblePage(bundle: PagesBundle, path: string): string | undefined {
  const pieces = bundle.pages[path];
  if (!pieces) return undefined;
  const parts: string[] = [];
  for (let index = 0; index < pieces.length; index++) {
    const piece = pieces[index];
    if (typeof piece === "string") parts.push(piece);
    else if (piece !== undefined) {
      const length = pieces[index + 1] as number;
      parts.push(bundle.shell.slice(piece, piece + length));
      index++;
    }
  }
  return parts.join("");
}

/** The bundle's key for a navigation's URL path: "/weapon/mace", "/weapon/mace/index.html" → "/weapon/mace/". */
export function bundlePath(pathname: string): string {
  const path = pathname.replace(/index\.html$/, "");
  return path.endsWith("/") ? path : `${path}/`;
}
