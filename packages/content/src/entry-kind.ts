// The kind guard on its own (type imports only, so the builder page runs it in the browser without the registry)
import type { KindData, KindName } from "@momenta/schema";

/** What a kind check reads of an entry: the content graph's, or a copy of one (the character builder's). */
export interface KindedEntry {
  readonly kind: string;
  readonly valid: boolean;
  readonly data: unknown;
}

/** `E` of kind `K` that passed its kind's schema, so `data` is that schema's output. */
export type OfKind<E extends KindedEntry, K extends KindName> = E & {
  readonly kind: K;
  readonly data: KindData<K>;
  readonly valid: true;
};

/** Whether `entry` is of kind `kind` and passed its schema (an invalid entry's `data` is the raw JSON value). */
export function isOfKind<E extends KindedEntry, K extends KindName>(
  entry: E,
  kind: K,
): entry is OfKind<E, K> {
  return entry.kind === kind && entry.valid;
}
