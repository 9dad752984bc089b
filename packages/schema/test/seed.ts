// Shared reader for the source text in ../shared/seeds: stat blocks, their fields and effect ladders, for fidelity tests
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { SOURCE_DIR } from "../../../test/support/source-text.ts";

export const repoRoot = join(import.meta.dirname, "../../..");
export const seedDir = SOURCE_DIR;
export const BOOK_SEED = "000_56d699f8274ebde5.txt";

/** One `[KIND] Name (header tags)` block of the seed. */
export interface StatBlock {
  /** The bracketed kind as printed: `WEAPON`, `LIMIT BREAK`. */
  kind: string;
  /** Name without the header parentheses: `Dagger`. */
  name: string;
  /** Comma-separated items of the trailing parentheses: `["Slashing/Piercing", "Melee 1", "Range 5"]`. */
  headerTags: string[];
  /** 1-based line of the `[KIND]` header. */
  line: number;
  /** The block's non-blank lines after the header, untrimmed (ladder continuation lines keep their indent). */
  lines: string[];
  /** 1-based seed line of each entry of `lines`. */
  lineNumbers: number[];
  /** Core Rules chapter of the block (`"11"`, `"A"`), from the last breadcrumb; undefined inside a catalog. */
  chapter?: string;
  /** Catalog the block sits in (`"Equipment Catalog"`), from the last `Momenta — …` title; undefined in the Core Rules. */
  catalog?: string;
  /** Nearest heading above the block (`"Light Weapons"`). */
  section?: string;
}

const cache = new Map<string, string>();

/** The text of a seed file (default: the whole book). */
export function readSeed(file = BOOK_SEED): string {
  let text = cache.get(file);
  if (text === undefined) {
    text = readFileSync(join(seedDir, file), "utf8");
    cache.set(file, text);
  }
  return text;
}

const BLOCK_HEADER = /^\[([A-Z][A-Z ]*[A-Z])\]\s+(.+?)\s*$/;
const BREADCRUMB = /^Momenta Core Rules · .*· Chapter (\d\d|[A-Z])\s*$/;
const CATALOG_TITLE = /^Momenta — (.+?)\s*$/;
// Template blocks (`[WEAPON] Weapon Name (Tags)`) describe the format, not an entry.
const TEMPLATE_NAME = / Name$/;

/**
 * A heading of the export: a short line that reads as a title, not a sentence, field or list item
 * ("Light Weapons", "RANK 3", "Challenge Class — Elite").
 */
export function isHeading(line: string): boolean {
  const text = line.trim();
  if (text.length === 0 || text.length > 60) return false;
  if (/^[[\-•]|^\d+\./.test(text)) return false;
  if (text.includes(":")) return false;
  return !/[.,;!?)\]]$/.test(text);
}

/** A prose sentence introducing what follows ("Weapons take up … weight class:"), as opposed to a `Label:` field. */
function isProseIntro(line: string): boolean {
  const text = line.trim();
  if (!text.endsWith(":") || /^[-•]/.test(text)) return false;
  const label = text.slice(0, text.indexOf(":"));
  return label.split(/\s+/).length > 4;
}

/** Where block scanning stops: the title line before each breadcrumb counts as a heading too. */
function titleLines(lines: readonly string[]): Set<number> {
  const titles = new Set<number>();
  lines.forEach((line, index) => {
    if (!BREADCRUMB.test(line)) return;
    let before = index - 1;
    while (before >= 0 && (lines[before] ?? "").trim() === "") before--;
    if (before >= 0) titles.add(before);
  });
  return titles;
}

function splitHeader(rest: string): { name: string; headerTags: string[] } {
  const match = /^(.*?)\s*\(([^()]*)\)$/.exec(rest);
  if (!match) return { name: rest, headerTags: [] };
  return {
    name: match[1] ?? rest,
    headerTags: (match[2] ?? "")
      .split(",")
      .map((tag) => tag.trim())
      .filter(Boolean),
  };
}

/** Every block of the seed, template blocks excluded, in reading order. */
export function allStatBlocks(file = BOOK_SEED): StatBlock[] {
  const lines = readSeed(file).split(/\r?\n/);
  const titles = titleLines(lines);
  const blocks: StatBlock[] = [];
  let chapter: string | undefined;
  let catalog: string | undefined;
  let section: string | undefined;
  let current: StatBlock | undefined;
  const close = () => {
    if (current && !TEMPLATE_NAME.test(current.name)) blocks.push(current);
    current = undefined;
  };
  lines.forEach((line, index) => {
    const breadcrumb = BREADCRUMB.exec(line);
    const catalogTitle = CATALOG_TITLE.exec(line);
    const header = BLOCK_HEADER.exec(line);
    if (breadcrumb) {
      close();
      chapter = breadcrumb[1];
      catalog = undefined;
      section = undefined;
    } else if (catalogTitle) {
      close();
      catalog = catalogTitle[1];
      chapter = undefined;
      section = undefined;
    } else if (header) {
      close();
      const { name, headerTags } = splitHeader(header[2] ?? "");
      current = { kind: header[1] ?? "", name, headerTags, line: index + 1, lines: [], lineNumbers: [] };
      if (chapter !== undefined) current.chapter = chapter;
      if (catalog !== undefined) current.catalog = catalog;
      if (section !== undefined) current.section = section;
    } else if (titles.has(index) || isHeading(line)) {
      close();
      if (!titles.has(index)) section = line.trim();
    } else if (current && (isProseIntro(line) || /^\s*(•|\d+\.\s)/.test(line))) {
      close();
    } else if (current && line.trim() !== "") {
      current.lines.push(line.replace(/\s+$/, ""));
      current.lineNumbers.push(index + 1);
    }
  });
  close();
  return blocks;
}

/** Every `[kindTag] …` block of the seed, e.g. `statBlocks("LIMIT BREAK")`; template blocks excluded. */
export function statBlocks(kindTag: string, file = BOOK_SEED): StatBlock[] {
  const wanted = kindTag.replace(/^\[|\]$/g, "").toUpperCase();
  return allStatBlocks(file).filter((block) => block.kind === wanted);
}

/** The text after `Label:` on the block line that starts with it ("" for a bare `Effect:`), or undefined. */
export function fieldValue(lines: readonly string[], label: string): string | undefined {
  const prefix = `${label}:`;
  const line = lines.find((candidate) => candidate.trim().startsWith(prefix));
  return line?.trim().slice(prefix.length).trim();
}

/**
 * The `- 0s: …` list under the `label:` line (default `Effect`), keyed by band as printed
 * (`0s`, `1s`, `2s`, `3+`, `2+`, `OF`). Indented continuation lines are joined with a space.
 */
export function ladder(lines: readonly string[], label = "Effect"): Record<string, string> {
  const start = lines.findIndex((line) => line.trim().startsWith(`${label}:`));
  const bands: Record<string, string> = {};
  if (start === -1) return bands;
  let last: string | undefined;
  for (const line of lines.slice(start + 1)) {
    const item = /^-\s*([0-9]+[s+]|OF):\s*(.*)$/.exec(line.trim());
    if (item) {
      last = item[1] ?? "";
      bands[last] = item[2] ?? "";
    } else if (last !== undefined && /^\s+\S/.test(line)) {
      bands[last] = `${bands[last]} ${line.trim()}`;
    } else {
      break;
    }
  }
  return bands;
}

/** The block's lines that are not `Label: value` fields, ladder items or continuations: its free prose. */
export function proseLines(lines: readonly string[]): string[] {
  return lines.filter(
    (line) => !/^\s/.test(line) && !/^-\s/.test(line) && !/^[A-Z][\w ()'-]{0,30}:/.test(line),
  );
}
