// "Did you mean": closest candidates by edit distance, filtered cheaply so misses stay fast at 27k names
import { nameKey } from "./name-key.ts";

/**
 * Edit distance counting an adjacent swap as one edit (optimal string alignment: `Shfit` is one from `Shift`, as a
 * reader counts it), or `limit + 1` as soon as it must exceed `limit`.
 */
export function boundedDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious = new Array<number>(b.length + 1).fill(0);
  let previous = new Array<number>(b.length + 1);
  let current = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cb = b.charCodeAt(j - 1);
      const cost = ca === cb ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb)
        value = Math.min(value, (beforePrevious[j - 2] ?? 0) + 1);
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    // a swap reaching back two rows is never cheaper than the substitution it implies in the row between
    if (rowMin > limit) return limit + 1;
    [beforePrevious, previous, current] = [previous, current, beforePrevious];
  }
  const distance = previous[b.length] ?? limit + 1;
  return distance > limit ? limit + 1 : distance;
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

interface Item {
  display: string;
  normalized: string;
  mask: number;
}

/** Candidates prepared once (normalized text and letter mask), reusable across many lookups. */
export class Suggester {
  private readonly items: Item[] = [];
  private readonly memo = new Map<string, string[]>();

  constructor(candidates: Iterable<string>) {
    const seen = new Set<string>();
    for (const display of candidates) {
      if (seen.has(display)) continue;
      seen.add(display);
      const normalized = nameKey(display);
      this.items.push({ display, normalized, mask: letterMask(normalized) });
    }
  }

  private deletions: DeletionIndex | undefined;

  /**
   * Items within one deletion of `wanted` on either side (covers one insertion, deletion, substitution or
   * adjacent swap): a symmetric-delete lookup, so a miss costs a few table reads instead of a scan of every name.
   */
  private nearby(wanted: string): Item[] {
    this.deletions ??= new DeletionIndex(this.items.map((item) => item.normalized));
    return this.deletions.near(wanted).map((i) => this.items[i] as Item);
  }

  /** Up to `max` candidates closest to `input` (case- and spacing-insensitive), best first. */
  suggest(input: string, max = 3): string[] {
    const key = `${max}\u0000${input}`;
    const cached = this.memo.get(key);
    if (cached) return cached;
    const wanted = nameKey(input);
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

const HASH_BASE = 0x01000193;

/**
 * The symmetric-deletion index over many names, kept in typed arrays: every name and each of its one-character
 * deletions is stored as a 32-bit polynomial hash (computed from prefix and suffix hashes, so no deleted string is
 * ever built) with the name and the deleted position. A lookup matches hashes, then compares the two deletions
 * character by character, so the result is exactly that of an index keyed by the deleted strings themselves,
 * at a fraction of the memory and build time (27k names: ~350k variants).
 */
export class DeletionIndex {
  private readonly head: Int32Array;
  private readonly next: Int32Array;
  private readonly hash: Int32Array;
  private readonly item: Int32Array;
  /** Deleted position for the variant, or -1 for the whole name. */
  private readonly deleted: Int32Array;
  private readonly mask: number;
  private readonly powers: number[] = [1];
  /** Scratch prefix and suffix hashes, reused for every name. */
  private prefix = new Int32Array(64);
  private suffix = new Int32Array(64);

  constructor(private readonly names: readonly string[]) {
    let variants = 0;
    for (const name of names) variants += name.length + 1;
    let size = 1024;
    while (size < variants) size *= 2;
    this.mask = size - 1;
    this.head = new Int32Array(size).fill(-1);
    this.next = new Int32Array(variants);
    this.hash = new Int32Array(variants);
    this.item = new Int32Array(variants);
    this.deleted = new Int32Array(variants);
    let slot = 0;
    names.forEach((name, index) => {
      this.forEachVariant(name, (hash, deleted) => {
        this.hash[slot] = hash;
        this.item[slot] = index;
        this.deleted[slot] = deleted;
        const bucket = hash & this.mask;
        this.next[slot] = this.head[bucket] as number;
        this.head[bucket] = slot;
        slot++;
      });
    });
  }

  /** Indexes of names equal to `wanted` or one of its deletions, or having a deletion equal to either. */
  near(wanted: string): number[] {
    const found = new Set<number>();
    this.forEachVariant(wanted, (hash, deletedInWanted) => {
      for (let slot = this.head[hash & this.mask] as number; slot !== -1; slot = this.next[slot] as number) {
        if (this.hash[slot] !== hash) continue;
        const index = this.item[slot] as number;
        if (found.has(index)) continue;
        if (
          sameAfterDeletion(
            this.names[index] as string,
            this.deleted[slot] as number,
            wanted,
            deletedInWanted,
          )
        )
          found.add(index);
      }
    });
    return [...found].sort((a, b) => a - b);
  }

  /** Calls `visit` with the hash of `text` (position -1) and of each one-character deletion of it. */
  private forEachVariant(text: string, visit: (hash: number, deleted: number) => void): void {
    const n = text.length;
    const powers = this.powers;
    while (powers.length <= n) powers.push(Math.imul(powers[powers.length - 1] as number, HASH_BASE));
    if (this.prefix.length <= n) {
      this.prefix = new Int32Array(2 * n + 2);
      this.suffix = new Int32Array(2 * n + 2);
    }
    // prefix[k]: hash of text[0, k); suffix[k]: text[k, n) weighted as the tail of a length-n string
    const { prefix, suffix } = this;
    prefix[0] = 0;
    for (let i = 0; i < n; i++)
      prefix[i + 1] = (Math.imul(prefix[i] as number, HASH_BASE) + text.charCodeAt(i)) | 0;
    suffix[n] = 0;
    for (let j = n - 1; j >= 0; j--)
      suffix[j] =
        (Math.imul(text.charCodeAt(j), powers[n - 1 - j] as number) + (suffix[j + 1] as number)) | 0;
    // the hashes handed out are kept to 30 bits, a small integer to V8: a wider one is a heap number, allocated
    visit((prefix[n] as number) & SMALL, -1);
    for (let k = 0; k < n; k++)
      visit(
        (Math.imul(prefix[k] as number, powers[n - 1 - k] as number) + (suffix[k + 1] as number)) & SMALL,
        k,
      );
  }
}

/** The bits of a hash V8 keeps as a small integer (31-bit signed with pointer compression). */
const SMALL = 0x3fffffff;

/** Is `a` without the character at `skipA` equal to `b` without the one at `skipB` (-1: nothing deleted)? */
function sameAfterDeletion(a: string, skipA: number, b: string, skipB: number): boolean {
  const lengthA = a.length - (skipA >= 0 ? 1 : 0);
  if (lengthA !== b.length - (skipB >= 0 ? 1 : 0)) return false;
  for (let i = 0, j = 0, compared = 0; compared < lengthA; i++, j++, compared++) {
    if (i === skipA) i++;
    if (j === skipB) j++;
    if (a.charCodeAt(i) !== b.charCodeAt(j)) return false;
  }
  return true;
}
