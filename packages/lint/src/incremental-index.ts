// The incremental re-lint's bookkeeping: the walk's order, resolution comparison, and an index of reference texts to their owners
import { resolve } from "node:path";
import type {
  Chapter,
  Diagnostic,
  Entry,
  Graph,
  LoadOptions,
  LoadResult,
  ReferenceStore,
  Resolution,
} from "@momenta/content";
import { LoadedEntry, load } from "@momenta/content";

export type Owner = Entry | Chapter;

export const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
};

export const byFile = (diagnostics: readonly Diagnostic[]) => {
  const map = new Map<string, Diagnostic[]>();
  for (const diagnostic of diagnostics) push(map, diagnostic.file, diagnostic);
  return map;
};

/** The walk's order (folders by name, then files by name), which is the order entries load in. */
export function walkOrder(a: string, b: string): number {
  const cut = (file: string) => {
    const slash = file.lastIndexOf("/");
    return [file.slice(0, slash), file.slice(slash + 1)] as const;
  };
  const [folderA, nameA] = cut(a);
  const [folderB, nameB] = cut(b);
  if (folderA !== folderB) return folderA < folderB ? -1 : 1;
  return nameA < nameB ? -1 : nameA > nameB ? 1 : 0;
}

export const sameList = (a: readonly string[] | undefined, b: readonly string[] | undefined) =>
  (a ?? []).length === (b ?? []).length && (a ?? []).every((item, i) => item === (b ?? [])[i]);

/** Same target (the same object, so an owner replaced by the edit counts as changed) or the same failure. */
export function sameResolution(a: Resolution, b: Resolution): boolean {
  if (a === b) return true;
  if (a.ok || b.ok) return a.ok && b.ok && a.target === b.target && a.anchor === b.anchor;
  return (
    a.reason === b.reason &&
    a.candidates.join("\u0000") === b.candidates.join("\u0000") &&
    (a as { pack?: string }).pack === (b as { pack?: string }).pack
  );
}

export const namesOf = (owner: Owner): string[] =>
  owner.kind === "chapter"
    ? [(owner as Chapter).frontmatter.title, ...((owner as Chapter).frontmatter.aliases ?? [])]
    : [(owner as Entry).name, ...(owner as Entry).aliases];

/**
 * Reference texts → the owners using them, read from the stores' columns (no use object is built: at 260k uses
 * that is the difference between milliseconds and a second). Chapters, few, are indexed by their uses' text.
 */
export class UseIndex {
  private readonly byStore = new Map<ReferenceStore, { owners: Owner[][]; ids?: Map<string, number[]> }>();
  private readonly chapters = new Map<string, Chapter[]>();

  constructor(owners: Iterable<readonly Owner[]>) {
    for (const list of owners) for (const owner of list) this.add(owner);
  }

  add(owner: Owner): void {
    if (!(owner instanceof LoadedEntry)) {
      for (const use of owner.references) push(this.chapters, use.reference.raw, owner as Chapter);
      return;
    }
    const store = owner.referenceStore;
    let columns = this.byStore.get(store);
    if (!columns) {
      columns = { owners: [] };
      this.byStore.set(store, columns);
    }
    for (let use = owner.referenceFrom; use < owner.referenceTo; use++) {
      const id = store.textIdOf(use);
      const list = columns.owners[id];
      if (!list) columns.owners[id] = [owner];
      else if (list[list.length - 1] !== owner) list.push(owner);
    }
  }

  /** Owners using one of `raws`, or a text resolving to one of `targets`. */
  using(raws: ReadonlySet<string>, targets: ReadonlySet<Owner>, graph: Graph): Owner[] {
    const out: Owner[] = [];
    for (const [store, columns] of this.byStore) {
      if (raws.size > 0) {
        if (!columns.ids) {
          columns.ids = new Map();
          // entry prose and chapters intern the same text apart: one raw can have two ids
          for (let id = 0; id < store.textCount; id++) push(columns.ids, store.textAt(id).raw, id);
        }
        for (const raw of raws) {
          for (const id of columns.ids.get(raw) ?? []) out.push(...(columns.owners[id] ?? []));
        }
      }
      if (targets.size > 0)
        for (let id = 0; id < store.textCount; id++) {
          const resolution = store.resolutionAt(id);
          if (resolution.ok && targets.has(resolution.target)) out.push(...(columns.owners[id] ?? []));
        }
    }
    for (const [raw, chapters] of this.chapters) {
      const resolution = graph.resolutions().get(raw);
      if (raws.has(raw) || (resolution?.ok && targets.has(resolution.target))) out.push(...chapters);
    }
    return out;
  }
}

/** Calls `visit` with every string in a JSON value (bounded: entries are size-capped by the loader). */
export function forEachString(value: unknown, visit: (text: string) => void): void {
  if (typeof value === "string") visit(value);
  else if (Array.isArray(value)) for (const item of value) forEachString(item, visit);
  else if (value !== null && typeof value === "object")
    for (const key in value) forEachString((value as Record<string, unknown>)[key], visit);
}

/** The load a core lint starts from: `IncrementalLint`'s, and the language server's first lint, which it then takes. */
export const loadCore = (options: Pick<LoadOptions, "limits" | "timings"> & { root: string }): LoadResult =>
  load({ root: resolve(options.root), limits: options.limits, timings: options.timings });

/** Files of owners sharing an id or a name with `owner` (the ids rule's duplicates and collisions). */
export function addSharers(owner: Owner, graph: Graph, scope: Set<string>): void {
  for (const name of namesOf(owner))
    for (const tier of ["primary", "fallback"])
      for (const other of graph.named(name, tier)) scope.add(other.file);
  const first = graph.get(owner.id);
  if (first) scope.add(first.file);
  for (const entry of graph.duplicates) if (entry.id === owner.id) scope.add(entry.file);
  for (const chapter of graph.chapters) if (chapter.id === owner.id) scope.add(chapter.file);
}

/**
 * The texts resolving ambiguously to candidates among `ids`, into `raws`, and every candidate's file into `scope`:
 * an unqualified `[[Name]]` matching entries of several kinds is reported at each of them (references rule).
 */
export function addAmbiguous(
  graph: Graph,
  ids: ReadonlySet<string>,
  raws: Set<string>,
  scope: Set<string>,
): void {
  for (const [raw, resolution] of graph.resolutions()) {
    if (resolution.ok || resolution.reason !== "ambiguous") continue;
    if (!resolution.candidates.some((id) => ids.has(id))) continue;
    raws.add(raw);
    for (const id of resolution.candidates) {
      const candidate = graph.get(id);
      if (candidate) scope.add(candidate.file);
    }
  }
}

/** `list` with the owners of `file` replaced by `owners`, where the walk reads that file. */
export function inWalkOrder<T extends { file: string }>(
  list: readonly T[],
  file: string,
  owners: readonly T[],
): T[] {
  const out = list.filter((owner) => owner.file !== file);
  let at = out.findIndex((other) => walkOrder(other.file, file) > 0);
  if (at === -1) at = out.length;
  out.splice(at, 0, ...owners);
  return out;
}
