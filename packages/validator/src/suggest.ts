// "Did you mean": closest candidates by edit distance, filtered cheaply so misses stay fast at 27k names
import { normalizeName } from "@momenta/schema";

/** Levenshtein distance, or `limit + 1` as soon as it must exceed `limit`. */
export function boundedDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = new Array<number>(b.length + 1);
  let current = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    [previous, current] = [current, previous];
  }
  return previous[b.length] ?? limit + 1;
}

/** Which of 32 character classes occur in a string; one edit flips at most two of these bits. */
function letterMask(text: string): number {
  let mask = 0;
  for (let i = 0; i < text.length; i++) mask |= 1 << (text.charCodeAt(i) & 31);
  return mask;
}

function popcount(value: number): number {
  let n = value - ((value >>> 1) & 0x55555555);
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Above this many candidates, lookups go through the deletion index rather than a full scan. */
const LINEAR_SCAN_LIMIT = 2000;

/** Candidates prepared once (normalized text and letter mask), reusable across many lookups. */
export class Suggester {
  private readonly items: { display: string; normalized: string; mask: number }[] = [];
  private readonly memo = new Map<string, string[]>();

  constructor(candidates: Iterable<string>) {
    const seen = new Set<string>();
    for (const display of candidates) {
      if (seen.has(display)) continue;
      seen.add(display);
      const normalized = normalizeName(display);
      this.items.push({ display, normalized, mask: letterMask(normalized) });
    }
  }

  /** Names with one character deleted → items, built on the first lookup in a large candidate set. */
  private deletions: Map<string, number[]> | undefined;

  private deletionIndex(): Map<string, number[]> {
    if (this.deletions) return this.deletions;
    const index = new Map<string, number[]>();
    const add = (key: string, item: number) => {
      const list = index.get(key);
      if (!list) index.set(key, [item]);
      else if (list[list.length - 1] !== item) list.push(item);
    };
    this.items.forEach((item, i) => {
      add(item.normalized, i);
      for (let k = 0; k < item.normalized.length; k++)
        add(item.normalized.slice(0, k) + item.normalized.slice(k + 1), i);
    });
    this.deletions = index;
    return index;
  }

  /**
   * Items within one deletion of `wanted` on either side (covers one insertion, deletion, substitution or
   * adjacent swap): a symmetric-delete lookup, so a miss costs a few map reads instead of a scan of every name.
   */
  private nearby(wanted: string): Iterable<{ display: string; normalized: string; mask: number }> {
    const index = this.deletionIndex();
    const found = new Set<number>();
    const collect = (key: string) => {
      for (const item of index.get(key) ?? []) found.add(item);
    };
    collect(wanted);
    for (let k = 0; k < wanted.length; k++) collect(wanted.slice(0, k) + wanted.slice(k + 1));
    return [...found].map((i) => this.items[i] as { display: string; normalized: string; mask: number });
  }

  /** Up to `max` candidates closest to `input` (case- and spacing-insensitive), best first. */
  suggest(input: string, max = 3): string[] {
    const key = `${max}\u0000${input}`;
    const cached = this.memo.get(key);
    if (cached) return cached;
    const wanted = normalizeName(input);
    const limit = Math.max(1, Math.min(3, Math.floor(wanted.length / 3)));
    const mask = letterMask(wanted);
    const scored: [number, string][] = [];
    // small sets (real content, enums, keys) are scanned whole; large ones use the deletion index
    const pool = this.items.length > LINEAR_SCAN_LIMIT ? this.nearby(wanted) : this.items;
    for (const item of pool) {
      const { normalized } = item;
      let distance: number;
      if (normalized === wanted) distance = 0;
      else if (wanted.length >= 4 && normalized.startsWith(wanted)) distance = 1;
      else if (Math.abs(normalized.length - wanted.length) > limit || popcount(item.mask ^ mask) > 2 * limit)
        continue;
      else distance = boundedDistance(wanted, normalized, limit);
      if (distance <= limit) scored.push([distance, item.display]);
    }
    scored.sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
    const result = scored.slice(0, max).map(([, display]) => display);
    this.memo.set(key, result);
    return result;
  }
}

/** One-off suggestion over a small list (enum values, keys, kinds). */
export function suggest(input: string, candidates: Iterable<string>, max = 3): string[] {
  return new Suggester(candidates).suggest(input, max);
}
