// What changed between two content graphs: entries added, removed, renamed (through aliases) and changed field by field
import type { ContentGraph, Entry } from "../model.ts";
import { type ChapterDiff, diffChapters } from "./chapters.ts";
import { diffFields, type FieldChange } from "./fields.ts";

export { diffFields, type FieldChange, type WordRun, wordDiff } from "./fields.ts";

export interface EntryRef {
  id: string;
  kind: string;
  name: string;
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
  /** Chapters added, removed and changed (frontmatter, and text section by section). */
  chapters: ChapterDiff;
}

const ref = (entry: Entry): EntryRef => ({ id: entry.id, kind: entry.kind, name: entry.name });
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
    chapters: diffChapters(before, after),
  };
}
