// One content root as the server sees it: loaded and linted by the validator, with the editor's unsaved text
import { lstatSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Chapter, ContentGraph, Diagnostic, Entry, ResolvedReference } from "@momenta/content";
import {
  FirstLint,
  IncrementalLint,
  type LintResult,
  PackRelint,
  type Relint,
  type UpdateStats,
} from "@momenta/lint";

/** The manifest that makes a folder a homebrew pack. */
export const PACK_MANIFEST = "momenta-pack.json";

/** One `[[…]]` use in a file, with its offsets in that file's text. */
export interface LocatedReference {
  use: ResolvedReference;
  owner: Entry | Chapter;
  start: number;
  end: number;
}

/** The result of one load and lint: the graph and every diagnostic, by file. */
export interface Snapshot {
  graph: ContentGraph;
  diagnostics: ReadonlyMap<string, Diagnostic[]>;
  /** Milliseconds the load and lint took. */
  elapsed: number;
  /** Whether it re-linted incrementally, and how many files it re-checked. */
  stats: UpdateStats;
}

const toPosix = (path: string) => (sep === "/" ? path : path.split(sep).join("/"));

function isFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

/**
 * Core content is linted once and then incrementally (the linter's `IncrementalLint`, which `lint --watch` and the
 * dev server also use); a homebrew pack through `PackRelint`, the same re-lint given the packs, as `lint --watch --pack`.
 * Both take the same changes: an edited buffer's text in memory, a file changed on disk by name; a pack's loader reads
 * the buffers from an overlay over the disk (no file is written anywhere).
 */
export class Project {
  readonly isPack: boolean;
  /** The lint kept up to date, made on the first lint. */
  private relint: Relint | undefined;
  /** Editor texts standing in for the disk's. */
  private readonly texts = new Map<string, string>();
  /** Files changed since the last lint (their editor text, or undefined for the disk's). */
  private readonly pending = new Map<string, string | undefined>();
  private needsFull = false;
  private current: Snapshot | undefined;
  /** Files whose diagnostics the lints since `takeAffected` may have changed; undefined: any file. */
  private affected: Set<string> | undefined;
  private readonly located = new Map<string, LocatedReference[]>();
  /** The first lint's load, made by `lintFirst`, which the lint after it checks in full. */
  private first: FirstLint | undefined;

  constructor(
    /** Repository root (holding `content/`), a content folder, or a pack folder (holding the manifest). */
    readonly root: string,
  ) {
    this.isPack = isFile(join(root, PACK_MANIFEST));
  }

  /** Whether the root was linted yet. */
  get linted(): boolean {
    return this.current !== undefined;
  }

  get snapshot(): Snapshot {
    return this.current ?? this.lint();
  }

  /**
   * Load the tree for the first lint, which the next `lint()` checks in full; false (nothing done) for a pack, after
   * the first lint, or while an editor text differs from the disk.
   */
  loadFirst(): boolean {
    if (this.relint || this.first || this.isPack || this.pending.size > 0) return false;
    this.first = new FirstLint({ root: this.root });
    return true;
  }

  /**
   * The first lint's diagnostics of `files` alone (the open documents), by file, from the load of `loadFirst`: an
   * editor shows them before the rules have run over the rest of the tree. Undefined when the rest must be checked
   * first (see `FirstLint.diagnosticsOf`), when nothing is loaded or the lint ran, or an editor text differs.
   */
  answerFirst(files: readonly string[]): ReadonlyMap<string, Diagnostic[]> | undefined {
    if (!this.first || this.relint || this.pending.size > 0 || files.length === 0) return undefined;
    return this.first.diagnosticsOf(files);
  }

  /** Lint what changed since the last lint (the first lints everything, with the editor's texts). */
  lint(): Snapshot {
    const started = performance.now();
    const changes = [...this.pending].map(([file, text]) => (text === undefined ? { file } : { file, text }));
    this.pending.clear();
    let result: LintResult;
    if (!this.relint) {
      if (this.isPack) {
        this.relint = new PackRelint({ packs: [this.root], cwd: this.root }, changes);
        result = this.relint.current;
      } else {
        this.relint = this.first ? this.first.lint() : new IncrementalLint({ root: this.root });
        this.first = undefined;
        result = changes.length > 0 ? this.relint.update(changes) : this.relint.current;
      }
    } else if (this.needsFull) result = this.relint.full();
    else result = this.relint.update(changes);
    this.needsFull = false;
    const { stats, affected } = this.relint;
    if (!affected) this.affected = undefined;
    else if (this.current && this.affected) for (const file of affected) this.affected.add(file);
    const diagnostics = new Map<string, Diagnostic[]>();
    for (const diagnostic of result.diagnostics) {
      const list = diagnostics.get(diagnostic.file);
      if (list) list.push(diagnostic);
      else diagnostics.set(diagnostic.file, [diagnostic]);
    }
    this.current = { graph: result.graph, diagnostics, elapsed: performance.now() - started, stats };
    this.located.clear();
    return this.current;
  }

  /**
   * The files whose diagnostics changed, or may have, since the last call (the incremental re-lint's `affected`, kept
   * across lints); undefined when any file may have (the first lint, a full re-lint, a pack's).
   */
  takeAffected(): ReadonlySet<string> | undefined {
    const affected = this.affected;
    this.affected = new Set();
    return affected;
  }

  /** Editor text for a file (root-relative), undefined for the disk's; true when that changes what is loaded. */
  setText(file: string, text: string | undefined): boolean {
    if (text === undefined ? !this.texts.has(file) : this.texts.get(file) === text) return false;
    if (text === undefined) this.texts.delete(file);
    else this.texts.set(file, text);
    this.pending.set(file, text);
    return true;
  }

  /** Files were created, changed or deleted on disk (root-relative; none given: any file may have). */
  filesChanged(files?: readonly string[]): void {
    if (!files) this.needsFull = true;
    // a file open in the editor keeps its buffer's text
    for (const file of files ?? []) if (!this.texts.has(file)) this.pending.set(file, undefined);
  }

  dispose(): void {
    // nothing to remove: unsaved texts live in memory only
  }

  /** The root-relative name of a `file:` URI, or undefined outside the root. */
  fileOf(uri: string): string | undefined {
    if (!uri.startsWith("file:")) return undefined;
    const path = relative(this.root, fileURLToPath(uri));
    if (path === "" || path.startsWith("..") || isAbsolute(path)) return undefined;
    return toPosix(path);
  }

  /** The URI of a file the graph names (a pack's `core:` files are outside its root). */
  uriOf(file: string): string {
    // the first lint's load while its open files are answered before the rest is checked
    const graph = this.current?.graph ?? this.first?.graph ?? this.snapshot.graph;
    const onDisk = graph.pathOf(file);
    if (onDisk && !onDisk.startsWith(`${this.root}${sep}`)) return pathToFileURL(onDisk).href;
    return pathToFileURL(join(this.root, file)).href;
  }

  /** Every reference use in a file, in order, with file offsets. */
  referencesIn(file: string): readonly LocatedReference[] {
    const cached = this.located.get(file);
    if (cached) return cached;
    const { graph } = this.snapshot;
    const source = graph.source(file);
    const located: LocatedReference[] = [];
    const owner = this.ownerOf(file);
    // one owner per file: its uses, built once for this snapshot
    for (const use of owner?.references ?? []) {
      // chapter offsets are file offsets already; an entry's are offsets in the string at its path
      const at =
        owner?.kind === "chapter" || !source
          ? { start: use.start, end: use.end }
          : source.locateInString(use.path, use.start, use.end);
      located.push({ use, owner: owner as Entry | Chapter, start: at.start, end: at.end });
    }
    located.sort((a, b) => a.start - b.start);
    this.located.set(file, located);
    return located;
  }

  /** The reference use under a file offset, if any. */
  referenceAt(file: string, offset: number): LocatedReference | undefined {
    return this.referencesIn(file).find((ref) => ref.start <= offset && offset <= ref.end);
  }

  /** The entry or chapter a file holds. */
  ownerOf(file: string): Entry | Chapter | undefined {
    const { graph } = this.snapshot;
    for (const entry of graph.entries.values()) if (entry.file === file) return entry;
    return graph.chapters.find((chapter) => chapter.file === file);
  }
}
