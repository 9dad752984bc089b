// Builds the offline page bundle from the built HTML in dist: one shell page plus each page's differences from it
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { diffArrays } from "diff";
import { assemblePage, bundlePath, type PagesBundle } from "../sw/pages.ts";

/** Not pages a reader browses: the JSON API and the print source of the PDF (neither precached nor bundled). */
export const NOT_READER_FOLDERS = ["api", "print"] as const;
export const NOT_READER_PAGES = new RegExp(`^(?:${NOT_READER_FOLDERS.join("|")})/`);

/** Every reader page in dist the precache does not hold (`**∕index.html`, relative, "/"-separated). */
export function bundledPageFiles(root: string, precached: ReadonlySet<string>): string[] {
  return (readdirSync(root, { recursive: true }) as string[])
    .map((file) => file.split("\\").join("/"))
    .filter((file) => /(^|\/)index\.html$/.test(file) && !NOT_READER_PAGES.test(file) && !precached.has(file))
    .sort();
}

/** The page's URL path as a browser navigates to it: "weapon/mace/index.html" → "/weapon/mace/". */
export function pageUrl(file: string): string {
  return bundlePath(`/${file}`);
}

// tags and the text between them: the chrome differs from the shell's in a few tags (title, meta, the sidebar's
// current item), so a diff over these is small and quick
const tokens = (html: string): string[] => html.split(/(?=<)/);

/**
 * Head and sidebar before <main>, the main content, what follows it. The main content is always the page's own
 * text, so only the two chrome parts are diffed (diffing main too made the bundle 15 % smaller gzipped but the
 * build 4× slower).
 */
function regions(html: string): [string, string, string] {
  const start = html.indexOf("<main");
  const end = html.lastIndexOf("</main>");
  if (start < 0 || end < start) return [html, "", ""];
  return [html.slice(0, start), html.slice(start, end), html.slice(end)];
}

/** One page's pieces against the shell: copies of the shell's characters and literal text, merged. */
function piecesOf(
  shellRegions: Array<{ at: number; tokens: string[] }>,
  html: string,
): Array<number | string> {
  const pieces: Array<number | string> = [];
  const literal = (text: string) => {
    if (!text) return;
    const last = pieces.length - 1;
    if (typeof pieces[last] === "string") pieces[last] += text;
    else pieces.push(text);
  };
  const copy = (start: number, length: number) => {
    const last = pieces.length - 1;
    const previousStart = pieces[last - 1];
    const previousLength = pieces[last];
    if (
      typeof previousStart === "number" &&
      typeof previousLength === "number" &&
      previousStart + previousLength === start
    )
      pieces[last] = previousLength + length;
    else pieces.push(start, length);
  };
  regions(html).forEach((text, index) => {
    const shell = shellRegions[index];
    if (!shell || index === 1) {
      literal(text);
      return;
    }
    let at = shell.at;
    for (const change of diffArrays(shell.tokens, tokens(text))) {
      const length = change.value.join("").length;
      if (change.added) literal(change.value.join(""));
      else if (!change.removed) copy(at, length);
      if (!change.added) at += length;
    }
  });
  return pieces;
}

/**
 * The bundle of the given pages (dist-relative files). Every page is assembled back and compared with its file,
 * so the bundle can only ever hold exactly what the online page is; a difference throws.
 */
export function buildPagesBundle(root: string, files: string[]): PagesBundle {
  const first = files[0];
  const shell = first === undefined ? "" : readFileSync(join(root, first), "utf8");
  let at = 0;
  const shellRegions = regions(shell).map((text) => {
    const region = { at, tokens: tokens(text) };
    at += text.length;
    return region;
  });
  const bundle: PagesBundle = { shell, pages: {} };
  // each page checked as soon as it is in: holding every page's HTML until the end took GBs at 27,000 pages
  for (const file of files) {
    const text = readFileSync(join(root, file), "utf8");
    const url = pageUrl(file);
    // copied out of the page: a slice of a string keeps the whole page's HTML alive (V8's sliced strings)
    bundle.pages[url] = piecesOf(shellRegions, text).map((piece) =>
      typeof piece === "string" ? Buffer.from(piece, "utf8").toString("utf8") : piece,
    );
    if (assemblePage(bundle, url) !== text)
      throw new Error(`the offline page bundle rebuilds ${url} differently from its built HTML`);
  }
  return bundle;
}
