// The start order of test files, as plain data: longest first (last run, else checked-in durations), site build first
import { readFileSync } from "node:fs";

/** Where the checked-in durations live: `npx tsx scripts/test-durations.ts` rewrites it from the last run. */
export const DURATIONS_FILE = new URL("./file-durations.json", import.meta.url);

/** Each file's duration in ms, keyed `<project>:<path>` as vitest's cache keys them. */
export type Durations = Readonly<Record<string, number>>;

export function readDurations(): Durations {
  try {
    return JSON.parse(readFileSync(DURATIONS_FILE, "utf8")) as Durations;
  } catch {
    return {};
  }
}

/**
 * The durations to check in, from vitest's cache file (`{ results: [[key, { duration }], …] }`): each of `keys` (the
 * test files there are) with its cached duration rounded to 100 ms, else its `old` one; sorted by key so a rewrite
 * diffs well.
 */
export function durationsFromCache(
  cacheJson: string,
  keys: readonly string[],
  old: Durations = {},
): Durations {
  const { results } = JSON.parse(cacheJson) as { results?: [string, { duration?: number }][] };
  if (!Array.isArray(results)) throw new Error("it has no `results` list");
  const cached = new Map(results.map(([key, result]) => [key, result?.duration] as const));
  const out: Record<string, number> = {};
  for (const key of [...keys].sort()) {
    const duration = cached.get(key);
    const value = duration === undefined ? old[key] : Math.round(duration / 100) * 100;
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/** A test file as the ordering sees it. */
export interface SequencedFile {
  /** `<project>:<repository-relative path>` */
  key: string;
  project: string;
  /** Whether it builds site/dist (calls ensureSiteBuilt). */
  buildsDist: boolean;
}

/**
 * The start order: longest first across the unit and cli projects, then the site files longest first, with one site
 * file that builds site/dist first of all, so the site build starts at once while the other worker runs unit and cli
 * files instead of waiting for it behind the build lock. A file's length is its duration in the last run (vitest's
 * cache), else the checked-in one (a clean clone has no cache: without it the long files sorted by their size came
 * last, and a 40 s file was the run's tail), else the median of the checked-in ones (a new file).
 */
export function startOrder<T extends SequencedFile>(
  files: readonly T[],
  cached: Durations,
  checkedIn: Durations,
): T[] {
  const fallback = median(Object.values(checkedIn));
  const weight = (file: T) => cached[file.key] ?? checkedIn[file.key] ?? fallback;
  const sorted = [...files].sort((a, b) => weight(b) - weight(a));
  const first = sorted.find((file) => file.project === "site" && file.buildsDist);
  const rest = sorted.filter((file) => file !== first);
  return [
    ...(first ? [first] : []),
    ...rest.filter((file) => file.project !== "site"),
    ...rest.filter((file) => file.project === "site"),
  ];
}
