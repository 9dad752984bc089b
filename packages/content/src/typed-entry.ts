// A typed entry per kind: an entry whose kind string and schema check say what its `data` holds, without a cast
import { isKindName, type KindData, type KindName } from "@momenta/schema";
import { isOfKind } from "./entry-kind.ts";
import type { Chapter, Entry } from "./model.ts";

/**
 * An entry of kind `K` that passed its kind's schema, so `data` is that schema's output (`TypedEntry<"weapon">`'s
 * `data` is a `Weapon`). Get one with `entryOfKind` or `isEntryOfKind`, which check the kind string and `valid`.
 */
export interface TypedEntry<K extends KindName = KindName> extends Omit<Entry, "kind" | "data" | "valid"> {
  kind: K;
  data: KindData<K>;
  valid: true;
}

/** Whether `entry` is of kind `kind` and passed its schema (an invalid entry's `data` is the raw JSON value). */
export function isEntryOfKind<K extends KindName>(entry: Entry, kind: K): entry is TypedEntry<K> {
  return isOfKind(entry, kind);
}

/**
 * `target` with its data typed by its kind's schema when it is an entry of kind `kind` and valid, else undefined
 * (a chapter, an entry of another kind, an invalid entry or nothing, as `graph.get` may give).
 */
export function entryOfKind<K extends KindName>(
  target: Entry | Chapter | undefined,
  kind: K,
): TypedEntry<K> | undefined {
  return target && "definition" in target && isEntryOfKind(target, kind) ? target : undefined;
}

/** `target` typed by its own kind's schema when it is a valid entry of a registry kind, else undefined. */
export function typedEntry(target: Entry | Chapter | undefined): TypedEntry | undefined {
  if (!target || !("definition" in target) || !isKindName(target.kind)) return undefined;
  return entryOfKind(target, target.kind);
}
