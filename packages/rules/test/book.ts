// Test helpers: read the book's content entries, chapters, catalog texts and seed text, and a seeded PRNG
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { plainText } from "@momenta/schema";
import { SOURCE_DIR } from "../../../test/support/source-text.ts";

export const repoRoot = join(import.meta.dirname, "../../..");
export const seedDir = SOURCE_DIR;
export const BOOK_SEED = "000_56d699f8274ebde5.txt";
export const NARRATIVE_SEED = "003_7fc4baf1a539ba1e.txt";

export function contentPath(folder: string, slug: string): string {
  return join(repoRoot, "content", folder, `${slug}.json`);
}

export function hasContent(folder: string, slug: string): boolean {
  return existsSync(contentPath(folder, slug));
}

/** A content entry as parsed JSON; the caller states the fields it reads. */
export function readContent<T>(folder: string, slug: string): T {
  return JSON.parse(readFileSync(contentPath(folder, slug), "utf8")) as T;
}

export function readAllContent<T>(folder: string): T[] {
  const dir = join(repoRoot, "content", folder);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as T);
}

/** Text folded for quoting: curly quotes straight, emphasis, comment markers and line breaks gone. */
function fold(text: string): string {
  return text
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\*\*/g, "")
    .replace(/^\s*(?:\/\/|\/?\*+\/?)/gm, "")
    .replace(/\s+/g, " ");
}

/**
 * A chapter or catalog text of content/rules (`catalog-pre-generated-enemies`) as a reader sees it:
 * references by their display text, emphasis and line breaks folded away.
 */
export function rulesText(slug: string): string {
  const dir = join(repoRoot, "content/rules");
  const file = readdirSync(dir).find((name) => name.replace(/^(?:\d\d|[ab])-/, "") === `${slug}.mdx`);
  if (!file) throw new Error(`content/rules has no ${slug}.mdx`);
  return fold(plainText(readFileSync(join(dir, file), "utf8")));
}

/** Whether a source file of packages/rules (relative to src/) quotes `passage` word for word in its comments. */
export function sourceQuotes(file: string, passage: string): boolean {
  return fold(readFileSync(join(repoRoot, "packages/rules/src", file), "utf8")).includes(fold(passage));
}

export function seedText(file: string = BOOK_SEED): string {
  return readFileSync(join(seedDir, file), "utf8");
}

/** mulberry32: a small, well-mixed 32-bit PRNG; the same seed always gives the same sequence. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function rollDice(random: () => number, count: number): number[] {
  return Array.from({ length: count }, () => 1 + Math.floor(random() * 6));
}

/**
 * Tolerance for a Monte Carlo frequency over `trials` samples: 5 standard deviations of a proportion near p
 * (at least that of p = 1/trials), so a correct exact value fails by chance less than once in a million runs.
 */
export function monteCarloTolerance(p: number, trials: number): number {
  const q = Math.max(p * (1 - p), 1 / trials);
  return 5 * Math.sqrt(q / trials);
}
