// The precache within its budget: the site's files in parts (shell, search, chapters, each catalog), taken in
// priority order while they fit; what does not fit is left for the reader to keep offline from /offline/
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { kindByName } from "@momenta/schema";
import { countOf } from "../sw/keep.ts";

/** The precache may not grow past this by default: a first visit on a phone downloads all of it in the background. */
export const PRECACHE_LIMIT_BYTES = 5 * 1024 * 1024;
export const BUDGET_VARIABLE = "MOMENTA_PRECACHE_BUDGET";

/** The precache's budget in bytes: `MOMENTA_PRECACHE_BUDGET` when set (tests use a small one), else 5 MB. */
export function precacheBudget(env: NodeJS.ProcessEnv = process.env): number {
  const value = env[BUDGET_VARIABLE]?.trim();
  if (!value) return PRECACHE_LIMIT_BYTES;
  if (!/^\d+$/.test(value) || Number(value) <= 0)
    throw new Error(
      `\`${BUDGET_VARIABLE}\` is \`${value}\`, not a number of bytes\nhelp: set it to a whole number of bytes, such as \`${PRECACHE_LIMIT_BYTES}\` (5 MB), or unset it`,
    );
  return Number(value);
}

/** One file of the precache as Workbox lists it, with its size on disk. */
export interface PrecacheFile {
  url: string;
  revision: string | null;
  bytes: number;
}

/** Files that are precached together or not at all. */
export interface Part {
  id: string;
  title: string;
  files: PrecacheFile[];
  bytes: number;
}

/** The part that is always precached: pages, scripts and styles every other part needs, the offline page. */
export const SHELL = "shell";
const SEARCH = "search";
const CHAPTERS = "chapters";
/** The names index answers a name before Pagefind has loaded; offline, Pagefind answers it without. */
const SEARCH_NAMES = "search-names";
const TITLES: Record<string, string> = {
  [SHELL]: "The site's pages and scripts",
  [SEARCH]: "Search",
  [CHAPTERS]: "Chapters",
  [SEARCH_NAMES]: "Search's instant name answers",
  builder: "Character builder",
  tools: "Dice calculator and computed tables",
  spellcasting: "Art × Resonance grid",
};
/** Tool pages, each folder a part: the character builder holds every option of the content (MBs at 27,000 entries). */
const TOOL_FOLDERS = new Set(["builder", "tools", "spellcasting"]);

/** Whether the site's top-level folder is a catalog's (a kind of the registry). */
export const isCatalog = (folder: string): boolean => kindByName(folder) !== undefined;

/** The part of a reader page by its URL path ("/weapon/mace/" → `weapon`). */
export function partOfPage(path: string): string {
  const folder = path.split("/")[1] ?? "";
  if (folder === "chapter") return CHAPTERS;
  return isCatalog(folder) || TOOL_FOLDERS.has(folder) ? folder : SHELL;
}

/** The page a Pagefind fragment shows as a search result: it is gzipped `pagefind_dcd` and JSON, `url` first. */
function fragmentPage(root: string, url: string): string | undefined {
  try {
    const text = gunzipSync(readFileSync(join(root, url)))
      .subarray(0, 2048)
      .toString("utf8");
    return /"url":"([^"]*)"/.exec(text)?.[1];
  } catch {
    return undefined;
  }
}

/**
 * The part of a precached file (dist-relative URL): a catalog holds its index page and its pages' search results
 * (fragments), so a catalog left out is left out whole; the search index itself serves every part.
 */
export function partOfFile(root: string, url: string): string {
  if (url === "pagefind-ranked/names.json") return SEARCH_NAMES;
  if (url.startsWith("pagefind/fragment/")) {
    const page = fragmentPage(root, url);
    const part = page === undefined ? SHELL : partOfPage(page);
    return part === SHELL ? SEARCH : part;
  }
  if (url.startsWith("pagefind/") || url.startsWith("pagefind-ranked/")) return SEARCH;
  const page = /^(.*\/)index\.html$/.exec(url)?.[1];
  if (page && /^[^/]+\/$/.test(page) && isCatalog(page.slice(0, -1))) return page.slice(0, -1);
  if (page?.startsWith("chapter/")) return CHAPTERS;
  const folder = url.split("/")[0] ?? "";
  return page && TOOL_FOLDERS.has(folder) ? folder : SHELL;
}

export function partTitle(id: string): string {
  return TITLES[id] ?? kindByName(id)?.plural ?? id;
}

/** Parts by `partOf`: the shell, search, the chapters, catalogs and tools smallest first, then the names index. */
export function partsOf(files: readonly PrecacheFile[], partOf: (url: string) => string): Part[] {
  const parts = new Map<string, Part>();
  for (const id of [SHELL, SEARCH, CHAPTERS])
    parts.set(id, { id, title: partTitle(id), files: [], bytes: 0 });
  for (const file of files) {
    const id = partOf(file.url);
    let part = parts.get(id);
    if (!part) {
      part = { id, title: partTitle(id), files: [], bytes: 0 };
      parts.set(id, part);
    }
    part.files.push(file);
    part.bytes += file.bytes;
  }
  // every catalog and tool counts the same to a reader: smallest first, the most of them fit, and those left to the
  // reader's choice are the big ones; the names index only answers sooner what Pagefind answers too
  const rank = (part: Part) =>
    part.id === SHELL
      ? 0
      : part.id === SEARCH
        ? 1
        : part.id === CHAPTERS
          ? 2
          : part.id === SEARCH_NAMES
            ? 4
            : 3;
  return [...parts.values()]
    .filter((part) => part.id === SHELL || part.files.length > 0)
    .sort((a, b) => rank(a) - rank(b) || (rank(a) === 3 ? a.bytes - b.bytes : 0) || a.id.localeCompare(b.id));
}

/**
 * The parts the precache holds within `budget` bytes (`reserve` of it kept for files written afterwards), in
 * priority order, each taken only when it fits; the shell always, else the build fails.
 */
export function chooseParts(
  parts: readonly Part[],
  budget: number,
  reserve: number,
): { kept: Part[]; left: Part[] } {
  const kept: Part[] = [];
  const left: Part[] = [];
  let used = reserve;
  for (const part of parts) {
    if (part.id === SHELL && used + part.bytes > budget)
      throw new Error(
        `the offline precache's shell is ${megabytes(part.bytes + reserve)} MB, over the ${megabytes(budget)} MB budget (${part.files.length} files)\nhelp: the shell (scripts, styles, the site's own pages) is precached whatever the content; make it smaller, or raise \`${BUDGET_VARIABLE}\``,
      );
    if (used + part.bytes <= budget) {
      kept.push(part);
      used += part.bytes;
    } else left.push(part);
  }
  return { kept, left };
}

/** A part's revision: its files' names and revisions (content-named files have none: the name is enough). */
export function partRevision(files: readonly PrecacheFile[]): string {
  const hash = createHash("md5");
  for (const file of files) hash.update(`${file.url}\0${file.revision ?? ""}\n`);
  return hash.digest("hex");
}

export const megabytes = (bytes: number): string => (bytes / 1024 / 1024).toFixed(2);

/** The build's line about what the precache left out: how many parts and files, how many MB, which. */
export function leftOutLine(left: readonly Part[], budget: number): string {
  const files = left.reduce((sum, part) => sum + part.files.length, 0);
  const bytes = left.reduce((sum, part) => sum + part.bytes, 0);
  const each = left.map(
    (part) => `${part.title} (${countOf(part.files.length, "file")}, ${megabytes(part.bytes)} MB)`,
  );
  return `offline: left out of the precache to stay within its ${megabytes(budget)} MB budget: ${countOf(left.length, "part")}, ${countOf(files, "file")}, ${megabytes(bytes)} MB — ${each.join(", ")}; a reader keeps them offline from /offline/`;
}
