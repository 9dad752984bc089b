// The content graph's shapes: entries, chapters, references and how they resolve
import type { ChapterFrontmatter, KindDefinition, PackManifest, Reference } from "@momenta/schema";
import type { Diagnostic, JsonPath, Range } from "./diagnostic.ts";
import type { SourceFile } from "./source/file.ts";

export type Resolution =
  | { ok: true; target: Entry | Chapter; anchor?: string }
  | { ok: false; reason: "missing" | "ambiguous" | "bad-kind"; candidates: string[] }
  /** A namespaced id (`weapon/ash-roads.cinder-whip`) of a pack this load did not read. */
  | { ok: false; reason: "pack-not-loaded"; pack: string; candidates: string[] };

/**
 * What a `[[…]]` says, without where it is: one frozen object is shared by every use of the same text (260k uses,
 * ~30k distinct texts at 5etools scale), so the graph keeps one small record per use instead of two.
 */
export type ReferenceText = Readonly<Omit<Reference, "start" | "end">>;

/** One use of a reference: what it says, where it is, and what it resolves to. */
export interface ResolvedReference {
  reference: ReferenceText;
  /** Offset of `[[` in the string at `path` (entries) or in the file (chapters). */
  start: number;
  /** Offset just past `]]`. */
  end: number;
  /** Field holding the reference (entries); empty for chapters, whose offsets are file offsets. */
  path: JsonPath;
  resolution: Resolution;
}

/** One place that references an id: the entry or chapter holding the `[[…]]`, the use, and its range in the file. */
export interface Referrer extends ResolvedReference, Range {
  /** The entry or chapter whose text holds the reference. */
  from: Entry | Chapter;
  /** The file holding it (`from.file`); the range is in this file. */
  file: string;
}

export interface Entry {
  id: string;
  kind: string;
  name: string;
  aliases: string[];
  /** Schema-parsed data when `valid`, else the raw JSON value (rules skip invalid entries). */
  data: Record<string, unknown>;
  /** Repo-relative path with forward slashes. */
  file: string;
  /** Every reference use, in order; built afresh on each read (keep the array to walk it twice). */
  references: ResolvedReference[];
  status: "complete" | "incomplete";
  missing: string[];
  /** True when the entry passed its kind's schema. */
  valid: boolean;
  definition: KindDefinition;
  /** Id of the homebrew pack the entry was loaded from (the root it came from); absent for core content. */
  pack?: string;
  /** House rules applied to this entry (a pack's `patches/<kind>/<slug>.json`), in load order; `file` is the last. */
  patches?: EntryPatch[];
  /** The entry as its own source defines it, before any patch (only on patched entries). */
  base?: Entry;
}

/** One house-rule patch of an entry: the pack, its patch file, and the fields it sets or removes. */
export interface EntryPatch {
  pack: string;
  file: string;
  /** Each leaf the merge patch sets (or removes, with `null`), as a path into the entry. */
  paths: JsonPath[];
}

export interface Heading {
  depth: number;
  text: string;
  slug: string;
}

/** A JSX component used in a chapter, with literal string attributes. */
export interface ComponentUse {
  name: string;
  attributes: Record<string, string | null>;
  /** Attribute names whose value is an expression (never evaluated). */
  expressionAttributes: string[];
  start: number;
  end: number;
}

/** MDX code a chapter contains (imports, exports, `{expressions}`): reported, never run. */
export interface CodeUse {
  type: string;
  start: number;
  end: number;
}

export interface Chapter {
  id: string;
  kind: "chapter";
  frontmatter: ChapterFrontmatter;
  /** MDX source after the frontmatter. */
  body: string;
  /** Offset of `body` in the file. */
  bodyOffset: number;
  file: string;
  headings: Heading[];
  /** File offsets of each heading (start of its `#` line, end of its text), parallel to `headings`. */
  headingRanges: [start: number, end: number][];
  /** Every reference use, in order; built afresh on each read (keep the array to walk it twice). */
  references: ResolvedReference[];
  components: ComponentUse[];
  code: CodeUse[];
  /** True when frontmatter and MDX parsed and the frontmatter passed its schema. */
  valid: boolean;
  /** Id of the homebrew pack the chapter was loaded from; absent for core content. */
  pack?: string;
}

/** A homebrew pack a load read: its folder, manifest and what it holds. */
export interface LoadedPack {
  /** Absolute folder. */
  dir: string;
  /** The pack folder relative to the load's `cwd` ("" when it is `cwd`). */
  prefix: string;
  /** The manifest's id, or the folder name when the manifest is unusable. */
  id: string;
  manifest: PackManifest | undefined;
  /** Name of the manifest file (whether or not it could be read). */
  manifestFile: string;
  entries: Entry[];
  chapters: Chapter[];
  /** Every file of the pack that was read. */
  files: string[];
  /** Files of the pack's house-rule patches (`patches/<kind>/<slug>.json`), read when the folder exists. */
  patches?: string[];
}

export interface ContentGraph {
  /** Every entry by id. */
  entries: ReadonlyMap<string, Entry>;
  /** Chapters in reading order (frontmatter.order). */
  chapters: readonly Chapter[];
  /** Entries of a kind, sorted by name. */
  byKind(kind: string): readonly Entry[];
  get(id: string): Entry | Chapter | undefined;
  /**
   * What a reference resolves to, as the linter decided it: the target (and anchor), or why not (`missing`,
   * `ambiguous`, `bad-kind`) with candidates. Takes a parsed reference or its text (`[[condition:Hindered]]` or
   * `condition:Hindered`); each distinct text is resolved once per graph.
   */
  resolve(reference: ReferenceText | string, from?: string): Resolution;
  /**
   * The entries and chapters a name or alias is indexed under, in load order: among the primary names (default),
   * the fallback ones (glossary terms) or one kind's (`weapon`, `chapter`).
   */
  named(name: string, among?: string): readonly (Entry | Chapter)[];
  /** What each distinct reference text (`[[…]]` as written) resolved to, once resolved. */
  resolutions(): ReadonlyMap<string, Resolution>;
  /** Every use that resolves to `id`, in load order (entries, then chapters), each with its range in its file. */
  referrers(id: string): readonly Referrer[];
  /**
   * Calls `visit` for every reference use in entries and chapters (the graph keeps them compactly and builds each
   * use only when visited); `wanted` turns uses away by text and resolution before any object is built.
   */
  forEachReference(
    visit: (use: ResolvedReference, owner: Entry | Chapter) => void,
    wanted?: (reference: ReferenceText, resolution: Resolution) => boolean,
    /** Only these owners' uses (a scoped re-lint); default: every entry, then every chapter. */
    owners?: Iterable<Entry | Chapter>,
  ): void;
  /** Source text of a loaded file (repo-relative path), for positions and code frames. */
  source(file: string): SourceFile | undefined;
  /** Where a loaded file is on disk (absolute), whatever name diagnostics give it. */
  pathOf(file: string): string | undefined;
  /** Every file the loader read, sorted. */
  files: readonly string[];
  /** Entries sharing an id with an earlier one (the graph keeps the first). */
  duplicates: readonly Entry[];
  /** Homebrew packs in the graph (each id once), in load order; empty for core content alone. */
  packs: readonly LoadedPack[];
}

export interface LoadResult {
  /** The load's entries and chapters, with those of its dependencies (which win every name they share). */
  graph: ContentGraph;
  /** Load-time diagnostics of the load's own files. */
  diagnostics: Diagnostic[];
  /** The files this load read itself (not its dependencies'), sorted. */
  files: string[];
  /** Every pack the load read, duplicates included, in root order. */
  packs: LoadedPack[];
}
