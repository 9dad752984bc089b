// The content graph: entries and chapters indexed by id, kind and name, and reference resolution
import { KINDS, kindByName, parsePackEntryId } from "@momenta/schema";
import type {
  Chapter,
  ContentGraph,
  Entry,
  LoadedPack,
  ReferenceText,
  Referrer,
  Resolution,
  ResolvedReference,
} from "../model.ts";
import { nameKey } from "../name-key.ts";
import type { SourceFile } from "../source/file.ts";
import { Suggester, suggest } from "../suggest.ts";
import { LoadedEntry } from "./entry.ts";
import { EMPTY, NameIndex, type Target } from "./name-index.ts";
import { ReferenceStore, referenceText } from "./references.ts";
import { entrySlug } from "./walk.ts";

const EMPTY_USES: never[] = [];
const COLLATOR = new Intl.Collator();

/** One target resolves; several are ambiguous; none is undefined (the caller tries the next index). */
function resolutionOf(targets: Target[], anchor: string | undefined): Resolution | undefined {
  if (targets.length === 1) {
    const target = targets[0] as Target;
    return anchor ? { ok: true, target, anchor } : { ok: true, target };
  }
  if (targets.length > 1)
    return { ok: false, reason: "ambiguous", candidates: targets.map((target) => target.id).sort() };
  return undefined;
}

/**
 * Entries in load order, but of several with one id the first named after its file takes the first one's place: a
 * copy (`dagger-copy.json` still saying `weapon/dagger`) is the duplicate, and the original's data is the entry.
 */
function namedAfterFileFirst(entries: Entry[]): Entry[] {
  const at = new Map<string, number>();
  let order: Entry[] | undefined;
  entries.forEach((entry, index) => {
    const held = at.get(entry.id);
    if (held === undefined) at.set(entry.id, index);
    else if (namedAfterFile(entry) && !namedAfterFile((order ?? entries)[held] as Entry)) {
      order ??= [...entries];
      order[index] = order[held] as Entry;
      order[held] = entry;
    }
  });
  return order ?? entries;
}

const namedAfterFile = (entry: Entry): boolean =>
  entry.id.slice(entry.id.lastIndexOf("/") + 1) === entrySlug(entry.file);

export class Graph implements ContentGraph {
  readonly entries = new Map<string, Entry>();
  readonly chapters: Chapter[];
  readonly duplicates: Entry[] = [];
  readonly files: string[];
  readonly packs: readonly LoadedPack[];
  private readonly kinds = new Map<string, Entry[]>();
  private readonly chapterById = new Map<string, Chapter>();
  private readonly primary = new NameIndex();
  private readonly fallback = new NameIndex();
  private readonly perKind = new Map<string, NameIndex>();
  private readonly sources: Map<string, SourceFile>;
  private readonly paths: ReadonlyMap<string, string>;

  /** The loads' reference uses: the fast inside of `resolve`, `referrers` and `forEachReference` (validator-only). */
  readonly stores: ReferenceStore[];

  constructor(
    entries: Entry[],
    chapters: Chapter[],
    sources: Map<string, SourceFile>,
    stores: readonly ReferenceStore[] = [],
    paths: ReadonlyMap<string, string> = new Map(),
    packs: readonly LoadedPack[] = [],
  ) {
    this.sources = sources;
    this.stores = [...stores];
    this.paths = paths;
    this.packs = packs;
    this.files = [...sources.keys()].sort();
    // load order almost always has each file's own entry first; only when a copy came first is the order redone
    if (!this.index(entries)) {
      this.entries.clear();
      this.kinds.clear();
      this.perKind.clear();
      this.primary.clear();
      this.fallback.clear();
      this.duplicates.length = 0;
      this.index(namedAfterFileFirst(entries));
    }
    this.chapters = [...chapters].sort(
      (a, b) => a.frontmatter.order - b.frontmatter.order || a.file.localeCompare(b.file),
    );
    const chapterNames = new NameIndex();
    this.perKind.set("chapter", chapterNames);
    for (const chapter of this.chapters) {
      if (this.chapterById.has(chapter.id)) continue;
      this.chapterById.set(chapter.id, chapter);
      for (const name of [chapter.frontmatter.title, ...(chapter.frontmatter.aliases ?? [])]) {
        this.primary.add(name, chapter);
        chapterNames.add(name, chapter);
      }
    }
  }

  /**
   * Indexes entries by id, kind and name, a second of one id as a duplicate; stops and says false at a second one
   * named after its file when the first is not (`namedAfterFileFirst` then gives the order to index).
   */
  private index(entries: readonly Entry[]): boolean {
    for (const entry of entries) {
      const held = this.entries.get(entry.id);
      if (held) {
        if (namedAfterFile(entry) && !namedAfterFile(held)) return false;
        this.duplicates.push(entry);
        continue;
      }
      this.entries.set(entry.id, entry);
      const list = this.kinds.get(entry.kind);
      if (list) list.push(entry);
      else this.kinds.set(entry.kind, [entry]);
      const index = entry.definition.nameResolution === "fallback" ? this.fallback : this.primary;
      let own = this.perKind.get(entry.kind);
      if (!own) {
        own = new NameIndex();
        this.perKind.set(entry.kind, own);
      }
      const key = nameKey(entry.name);
      index.add(entry.name, entry, key);
      own.add(entry.name, entry, key);
      for (const alias of entry.aliases) {
        const aliasKey = nameKey(alias);
        index.add(alias, entry, aliasKey);
        own.add(alias, entry, aliasKey);
      }
    }
    return true;
  }

  /** Kinds whose list is already in name order; sorting waits for the first `byKind`, since most go unasked. */
  private readonly sorted = new Set<string>();

  byKind(kind: string): readonly Entry[] {
    const list = this.kinds.get(kind);
    if (!list) return [];
    if (!this.sorted.has(kind)) {
      // a collator built once compares as `localeCompare` does, without its per-call set-up
      list.sort((a, b) => COLLATOR.compare(a.name, b.name) || COLLATOR.compare(a.id, b.id));
      this.sorted.add(kind);
    }
    return list;
  }

  get(id: string): Entry | Chapter | undefined {
    return this.entries.get(id) ?? this.chapterById.get(id);
  }

  source(file: string): SourceFile | undefined {
    return this.sources.get(file);
  }

  pathOf(file: string): string | undefined {
    return this.paths.get(file);
  }

  named(name: string, among = "primary"): readonly Target[] {
    const index =
      among === "primary" ? this.primary : among === "fallback" ? this.fallback : this.perKind.get(among);
    return index?.get(name) ?? EMPTY;
  }

  /** Names of one kind (or of every primary kind and chapter), for "did you mean". */
  namesOf(kind?: string): Iterable<string> {
    if (kind) return this.perKind.get(kind)?.names() ?? [];
    return this.primary.names();
  }

  /** Resolutions by reference text: the same `[[…]]` resolves the same way everywhere, and repeats are common. */
  private readonly resolved = new Map<string, Resolution>();

  /** What each reference text (`[[…]]` as written) resolved to so far (the incremental re-lint compares them). */
  resolutions(): ReadonlyMap<string, Resolution> {
    return this.resolved;
  }

  /**
   * An edit that keeps every id and name (the incremental re-lint updated the owner in place): the file's new
   * source and uses join the graph, resolved through the cache, and the reverse index is built again when asked.
   */
  updated(file: string, source: SourceFile, store: ReferenceStore): void {
    this.sources.set(file, source);
    this.stores.push(store);
    store.resolveAll((reference) => this.resolve(reference));
    this.reverse = undefined;
  }

  /** Resolve every reference use of the graph's loads (each distinct text once); the loader calls it once built. */
  resolveReferences(): void {
    for (const store of this.stores) store.resolveAll((reference) => this.resolve(reference));
  }

  resolve(reference: ReferenceText | string, _from?: string): Resolution {
    if (typeof reference === "string") {
      const body =
        reference.startsWith("[[") && reference.endsWith("]]") ? reference.slice(2, -2) : reference;
      const raw = `[[${body}]]`;
      const cached = this.resolved.get(raw);
      return cached ?? this.resolve(referenceText(body));
    }
    const key = reference.raw;
    const cached = this.resolved.get(key);
    if (cached) return cached;
    const resolution = this.resolveUncached(reference);
    this.resolved.set(key, resolution);
    return resolution;
  }

  private resolveUncached(reference: ReferenceText): Resolution {
    const anchor = reference.anchor;
    const byId = this.get(reference.target);
    if (byId && (!reference.kind || reference.kind === byId.kind))
      return resolutionOf([byId], anchor) as Resolution;
    if (reference.kind) {
      if (reference.kind !== "chapter" && !kindByName(reference.kind)) {
        return {
          ok: false,
          reason: "bad-kind",
          candidates: suggest(reference.kind, ["chapter", ...KINDS.map((definition) => definition.kind)]),
        };
      }
      const index = this.perKind.get(reference.kind);
      const result =
        resolutionOf(index?.get(reference.target) ?? EMPTY, anchor) ??
        (reference.name !== reference.target
          ? resolutionOf(index?.get(reference.name) ?? EMPTY, anchor)
          : undefined);
      if (result) return result;
      return this.missing(reference, this.suggestNames(reference.name, reference.kind));
    }
    // beside homebrew, a core name in the fallback index (a glossary term) still outranks a pack's primary name
    const core = (index: NameIndex) =>
      index.hasCore(reference.target) ||
      (reference.name !== reference.target && index.hasCore(reference.name));
    const indexes =
      this.packs.length > 0 && !core(this.primary) && core(this.fallback)
        ? [this.fallback]
        : [this.primary, this.fallback];
    for (const index of indexes) {
      const result =
        resolutionOf(index.get(reference.target), anchor) ??
        (reference.name !== reference.target ? resolutionOf(index.get(reference.name), anchor) : undefined);
      if (result) return result;
    }
    return this.missing(reference, this.suggestNames(reference.name));
  }

  /** A miss; beside homebrew, a namespaced id of a pack that was not loaded says so. */
  private missing(reference: ReferenceText, candidates: string[]): Resolution {
    if (this.packs.length > 0) {
      const pack = parsePackEntryId(
        reference.kind ? `${reference.kind}/${reference.target}` : reference.target,
      )?.pack;
      if (pack && !this.packs.some((loaded) => loaded.id === pack))
        return { ok: false, reason: "pack-not-loaded", pack, candidates };
    }
    return { ok: false, reason: "missing", candidates };
  }

  forEachReference(
    visit: (use: ResolvedReference, owner: Entry | Chapter) => void,
    wanted?: (reference: ReferenceText, resolution: Resolution) => boolean,
    owners?: Iterable<Entry | Chapter>,
  ): void {
    ReferenceStore.beginWalk();
    if (owners) {
      for (const owner of owners) {
        if (owner instanceof LoadedEntry)
          owner.referenceStore.forEachUse(
            owner.referenceFrom,
            owner.referenceTo,
            owner as Entry,
            visit,
            wanted,
          );
        else
          for (const use of owner.references)
            if (!wanted || wanted(use.reference, use.resolution)) visit(use, owner);
      }
      return;
    }
    for (const entry of this.entries.values()) {
      // the store builds only the uses `wanted` keeps; other entries carry their uses as objects
      if (entry instanceof LoadedEntry) {
        entry.referenceStore.forEachUse(entry.referenceFrom, entry.referenceTo, entry, visit, wanted);
        continue;
      }
      for (const use of entry.references)
        if (!wanted || wanted(use.reference, use.resolution)) visit(use, entry);
    }
    for (const chapter of this.chapters) {
      for (const use of chapter.references)
        if (!wanted || wanted(use.reference, use.resolution)) visit(use, chapter);
    }
  }

  /** Target id → its resolved uses, built on the first `referrers` call (the linter never asks). */
  private reverse: Map<string, { use: ResolvedReference; owner: Entry | Chapter }[]> | undefined;

  referrers(id: string): readonly Referrer[] {
    if (!this.reverse) {
      const reverse = new Map<string, { use: ResolvedReference; owner: Entry | Chapter }[]>();
      this.forEachReference(
        (use, owner) => {
          const target = (use.resolution as { target: Entry | Chapter }).target.id;
          const list = reverse.get(target);
          if (list) list.push({ use, owner });
          else reverse.set(target, [{ use, owner }]);
        },
        (_reference, resolution) => resolution.ok,
      );
      this.reverse = reverse;
    }
    return (this.reverse.get(id) ?? EMPTY_USES).map(({ use, owner }) => this.referrer(use, owner));
  }

  /** A use with its range in its file: chapter offsets are file offsets, entry offsets are inside a string. */
  private referrer(use: ResolvedReference, owner: Entry | Chapter): Referrer {
    const source = this.sources.get(owner.file);
    const at =
      owner.kind === "chapter" || !source
        ? { start: use.start, end: use.end }
        : source.locateInString(use.path, use.start, use.end);
    const range = source
      ? source.lines.range(at.start, at.end)
      : { line: 1, column: 1, endLine: 1, endColumn: 1 };
    return { ...use, ...range, from: owner, file: owner.file };
  }

  private readonly suggesters = new Map<string, Suggester>();

  /** Close names for a miss; the candidate list is prepared once per kind (or for all names). */
  private suggestNames(name: string, kind?: string): string[] {
    const key = kind ?? "\u0000all";
    let suggester = this.suggesters.get(key);
    if (!suggester) {
      suggester = new Suggester(
        kind ? this.namesOf(kind) : [...this.primary.names(), ...this.fallback.names()],
      );
      this.suggesters.set(key, suggester);
    }
    return suggester.suggest(name);
  }
}
