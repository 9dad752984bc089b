// What changed between two content graphs: entries added, removed, renamed (through aliases) and changed field by field
import { diffWords } from "diff";
import type { JsonPath } from "../diagnostic.ts";
import { formatPath } from "../diagnostic.ts";
import type { ContentGraph, Entry } from "../model.ts";

export interface EntryRef {
  id: string;
  kind: string;
  name: string;
}

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

export interface EntryChange extends EntryRef {
  /** The id before a rename (renamed entries only). */
  from?: string;
  /** The name before a rename, when it changed. */
  fromName?: string;
  fields: FieldChange[];
}

export interface ContentDiff {
  added: EntryRef[];
  removed: EntryRef[];
  renamed: EntryChange[];
  changed: EntryChange[];
}

const ref = (entry: Entry): EntryRef => ({ id: entry.id, kind: entry.kind, name: entry.name });
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

/** A word diff as runs, whitespace kept with the words it follows. */
export function wordDiff(before: string, after: string): WordRun[] {
  return diffWords(before, after).map((part) => ({
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

/**
 * The difference between two graphs. A removed id that a new entry of the same kind lists among its aliases (by id
 * or by the old name) is a rename, not a removal and an addition.
 */
export function diffGraphs(before: ContentGraph, after: ContentGraph): ContentDiff {
  const added: Entry[] = [];
  const removed: Entry[] = [];
  const changed: EntryChange[] = [];
  for (const entry of after.entries.values()) {
    const old = before.entries.get(entry.id);
    if (!old) {
      added.push(entry);
      continue;
    }
    const fields = diffFields(old.data, entry.data);
    if (fields.length > 0) changed.push({ ...ref(entry), fields });
  }
  for (const entry of before.entries.values()) if (!after.entries.has(entry.id)) removed.push(entry);
  // a rename keeps the old id (or name) as an alias of the new entry
  const byAlias = new Map<string, Entry>();
  for (const entry of added)
    for (const alias of entry.aliases) byAlias.set(`${entry.kind}\u0000${alias.toLowerCase()}`, entry);
  const renamed: EntryChange[] = [];
  const renamedTo = new Set<Entry>();
  const stillRemoved: Entry[] = [];
  for (const old of removed) {
    const target =
      byAlias.get(`${old.kind}\u0000${old.id.toLowerCase()}`) ??
      byAlias.get(`${old.kind}\u0000${old.name.toLowerCase()}`);
    if (!target || renamedTo.has(target)) {
      stillRemoved.push(old);
      continue;
    }
    renamedTo.add(target);
    const fields = diffFields(old.data, target.data).filter(
      (field) => field.path !== "id" && field.path !== "name" && !field.path.startsWith("aliases"),
    );
    const change: EntryChange = { ...ref(target), from: old.id, fields };
    if (old.name !== target.name) change.fromName = old.name;
    renamed.push(change);
  }
  const byId = (a: EntryRef, b: EntryRef) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  return {
    added: added
      .filter((entry) => !renamedTo.has(entry))
      .map(ref)
      .sort(byId),
    removed: stillRemoved.map(ref).sort(byId),
    renamed: renamed.sort(byId),
    changed: changed.sort(byId),
  };
}
