// Field-by-field differences of two JSON values, with prose as a word diff (jsdiff)
import { diffWords } from "diff";
import type { JsonPath } from "../diagnostic.ts";
import { formatPath } from "../diagnostic.ts";

/** One run of a word diff: text both have, or text only the old or only the new one has. */
export interface WordRun {
  op: "same" | "removed" | "added";
  text: string;
}

export interface FieldChange {
  /** `damage.3+`, `effects[0].overflow`. */
  path: string;
  change: "changed" | "added" | "removed";
  old?: unknown;
  new?: unknown;
  /** For prose (strings with spaces on both sides): the word diff. */
  words?: WordRun[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);
const isProse = (value: unknown): value is string => typeof value === "string" && /\s/.test(value.trim());

/** Fields that say where an entry's data sits, not what it says. */
const IGNORED = new Set(["$schema"]);

/** Same JSON value? (key order ignored). */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => same(item, b[index]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    if (keys.length !== Object.keys(b).length) return false;
    return keys.every((key) => key in b && same(a[key], b[key]));
  }
  return false;
}

/**
 * Most edits (words and spaces) a word diff looks for: Myers' algorithm costs the text's length times the edits, so
 * two unlike 15,000-word fields took 31 s. Past it the change is shown whole: the old text removed, the new added.
 */
export const MAX_WORD_EDITS = 1_000;

/** A word diff as runs, whitespace kept with the words it follows. */
export function wordDiff(before: string, after: string): WordRun[] {
  const parts = diffWords(before, after, { maxEditLength: MAX_WORD_EDITS });
  if (!parts) {
    const whole: WordRun[] = [];
    if (before) whole.push({ op: "removed", text: before });
    if (after) whole.push({ op: "added", text: after });
    return whole;
  }
  return parts.map((part) => ({
    op: part.added ? "added" : part.removed ? "removed" : "same",
    text: part.value,
  }));
}

/** Every leaf that differs between two JSON values, in the new value's key order (then the old one's). */
export function diffFields(
  before: unknown,
  after: unknown,
  path: JsonPath = [],
  out: FieldChange[] = [],
): FieldChange[] {
  if (same(before, after)) return out;
  if (isObject(before) && isObject(after)) {
    const keys = [...Object.keys(after), ...Object.keys(before).filter((key) => !(key in after))];
    for (const key of keys) {
      if (path.length === 0 && IGNORED.has(key)) continue;
      const at = [...path, key];
      if (!(key in before)) out.push({ path: formatPath(at), change: "added", new: after[key] });
      else if (!(key in after)) out.push({ path: formatPath(at), change: "removed", old: before[key] });
      else diffFields(before[key], after[key], at, out);
    }
    return out;
  }
  // lists of objects of one length (effect ladders): item by item; other lists change as a whole
  if (
    Array.isArray(before) &&
    Array.isArray(after) &&
    before.length === after.length &&
    before.every(isObject) &&
    after.every(isObject)
  ) {
    before.forEach((item, index) => {
      diffFields(item, after[index], [...path, index], out);
    });
    return out;
  }
  const change: FieldChange = { path: formatPath(path), change: "changed", old: before, new: after };
  if (isProse(before) && isProse(after)) change.words = wordDiff(before, after);
  out.push(change);
  return out;
}
