// What an incremental re-lint asks of one changed file: where it loads from, whether it kept its names, and taking the new load over in place
import type {
  Chapter,
  ContentGraph,
  Diagnostic,
  Entry,
  Graph,
  LoadedPack,
  Rule,
  RuleScope,
  Timings,
} from "@momenta/content";
import { LoadedEntry } from "@momenta/content";
import { forEachString, inWalkOrder, type Owner, sameList } from "./incremental-index.ts";
import { runRules } from "./lint.ts";

/** What the edits of one update reach: files to re-check, kinds edited, texts resolving anew, owners named. */
export interface Found {
  scope: Set<string>;
  kinds: Set<string>;
  raws: Set<string>;
  targets: Set<Owner>;
  /** Ids an ambiguous use of an edited owner could mean. */
  ambiguous: Set<string>;
}

/** Where a changed file is loaded from: its catalog or chapter folder, and the pack it belongs to (packs only). */
export interface Located {
  folder: string;
  name: string;
  pack?: LoadedPack;
  /** The name prefix of the tree the file is in: its files count against the walk's limit. */
  tree: string;
}

/**
 * A changed file's folder and name in the load, or undefined when it is no content file of it (a pack's manifest
 * or patch, a file outside every pack, a nested folder): only a full re-lint can say what that changed. `packs`:
 * a pack lint's (its files are under each pack's `content/`); undefined: the core's, under `contentPrefix`.
 */
export function locate(
  file: string,
  packs: readonly LoadedPack[] | undefined,
  contentPrefix: string,
): Located | undefined {
  const trees = packs
    ? packs.map((pack) => ({ pack, tree: pack.prefix ? `${pack.prefix}/` : "" }))
    : [{ pack: undefined, tree: "" }];
  for (const { pack, tree } of trees) {
    const content = packs ? `${tree}content/` : contentPrefix;
    if (!file.startsWith(content)) continue;
    const parts = file.slice(content.length).split("/");
    const [folder, name] = parts as [string, string];
    if (parts.length !== 2 || folder.startsWith(".")) return undefined;
    return pack ? { folder, name, pack, tree } : { folder, name, tree };
  }
  return undefined;
}

/** How many files the tree named under `prefix` holds (the walk's limit counts one tree's). */
export function treeFiles(
  prefix: string,
  own: ReadonlySet<string> | undefined,
  sources: ReadonlyMap<string, unknown>,
): number {
  if (!own) return sources.size;
  let count = 0;
  for (const file of own) if (file.startsWith(`${prefix}content/`)) count++;
  return count;
}

/** Same id and names (and order, for a chapter): the graph's indexes stay as they are. */
export function sameNames(graph: Graph, was: Owner, now: Owner): boolean {
  if (was.id !== now.id || was.kind !== now.kind || graph.get(was.id) !== was) return false;
  if (was instanceof LoadedEntry && now instanceof LoadedEntry)
    return was.name === now.name && sameList(was.aliases, now.aliases);
  if (was.kind !== "chapter") return false;
  const [a, b] = [(was as Chapter).frontmatter, (now as Chapter).frontmatter];
  return a.title === b.title && a.order === b.order && sameList(a.aliases, b.aliases);
}

/** The owner kept in the graph takes over what its file now holds (same id and names: see `sameNames`). */
export function takeOver(owner: Owner, now: Owner): void {
  if (owner instanceof LoadedEntry) {
    const next = now as LoadedEntry;
    owner.data = next.data;
    owner.status = next.status;
    owner.missing = next.missing;
    owner.valid = next.valid;
    owner.referenceStore = next.referenceStore;
    owner.referenceFrom = next.referenceFrom;
    owner.referenceTo = next.referenceTo;
    owner.mayHoldUnclosed = next.mayHoldUnclosed;
  } else Object.defineProperties(owner, Object.getOwnPropertyDescriptors(now));
}

/** Into `targets`, what `owner` names by id in `graph`; into `ambiguous`, what its ambiguous uses could mean. */
export function noteNamed(owner: Owner, graph: Graph, targets: Set<Owner>, ambiguous: Set<string>): void {
  forEachString(owner.kind === "chapter" ? undefined : (owner as Entry).data, (text) => {
    const found = graph.get(text);
    if (found) targets.add(found);
  });
  graph.forEachReference(
    (use) => {
      for (const id of (use.resolution as { candidates: string[] }).candidates) ambiguous.add(id);
    },
    (_reference, resolution) => !resolution.ok && resolution.reason === "ambiguous",
    [owner],
  );
}

/** Owners as a rule scope: entries (the graph's, or duplicates of their id) and chapters. */
export function scopeOf(graph: Graph, owners: readonly Owner[]): RuleScope {
  const members = new Set(owners);
  return {
    entries: owners.filter(
      (owner): owner is Entry => owner.kind !== "chapter" && graph.get(owner.id) === owner,
    ),
    duplicates: owners.filter(
      (owner): owner is Entry => owner.kind !== "chapter" && graph.get(owner.id) !== owner,
    ),
    chapters: owners.filter((owner): owner is Chapter => owner.kind === "chapter"),
    has: (owner) => members.has(owner),
  };
}

/** A pack's lists with the owners of `file` replaced by what it now holds (`loaded`: whether it has a source). */
export function replaceInPack(
  pack: LoadedPack,
  file: string,
  entries: readonly Entry[],
  chapters: readonly Chapter[],
  loaded: boolean,
): void {
  pack.entries = inWalkOrder(pack.entries, file, entries);
  pack.chapters = inWalkOrder(pack.chapters, file, chapters);
  pack.files = pack.files.filter((other) => other !== file);
  if (loaded) pack.files.push(file);
}

/** A pack load's entries in its order: the core's (its duplicates after), then each pack's. */
export function packGraphEntries(core: readonly ContentGraph[], packs: readonly LoadedPack[]): Entry[] {
  return [
    ...core.flatMap((graph) => [...graph.entries.values(), ...graph.duplicates]),
    ...packs.flatMap((pack) => pack.entries),
  ];
}

/** One rule over the whole graph, or, given `own` files and their owners, scoped to them and reported on them alone. */
export function runOwn(
  graph: Graph,
  rule: Rule,
  own: ReadonlySet<string> | undefined,
  scope: RuleScope | undefined,
  timings?: Timings,
): Diagnostic[] {
  if (!own) return runRules(graph, [rule], timings);
  return runRules(graph, [rule], timings, scope).filter((diagnostic) => own.has(diagnostic.file));
}
