// Incremental lint for `lint --watch`, the language server and the dev server: after an edit, reload only that file, update the graph, re-run rules on what it can affect
import { lstatSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import type { Chapter, Diagnostic, Entry, LoadResult, RuleScope, SourceFile } from "@momenta/content";
import {
  CHAPTER_FOLDER,
  contentDirectory,
  DISK_FILES,
  Graph,
  LoadedEntry,
  loadListed,
  newLoadState,
  OverlayFiles,
  toPosix,
} from "@momenta/content";
import { CONFIG_FILE, kindByFolder } from "@momenta/schema";
import { changedFiles, knockOnCauses, sameDiagnostics } from "./incremental-diagnostics.ts";
import {
  addAmbiguous,
  addSharers,
  byFile,
  forEachString,
  loadCore,
  type Owner,
  push,
  sameList,
  sameResolution,
  UseIndex,
  walkOrder,
} from "./incremental-index.ts";
import { type LintOptions, type LintResult, lintResultOf, runRules } from "./lint.ts";
import type { Change, Relint, UpdateStats } from "./relint.ts";
import { RULES } from "./rules/index.ts";

export type { Change, Relint, UpdateStats } from "./relint.ts";

/** Above this many files in one update a full re-lint is cheaper than one graph rebuild per file. */
const MAX_INCREMENTAL_FILES = 20;

/** What the edits of one update reach: files to re-check, kinds edited, texts resolving anew, owners named. */
interface Found {
  scope: Set<string>;
  kinds: Set<string>;
  raws: Set<string>;
  targets: Set<Owner>;
  /** Ids an ambiguous use of an edited owner could mean. */
  ambiguous: Set<string>;
}

/**
 * A core content tree linted once in full, then kept up to date one edit at a time, with the same diagnostics a
 * full lint of the new state gives (incremental.test.ts compares them over a sequence of edits). An edit that keeps
 * the file's id and names updates its owner in place; one that adds, removes or renames rebuilds the graph's indexes
 * from the loaded owners (no file is read again) and compares every reference's resolution with the old graph's.
 * The scoped rules (`meta.incremental`) then re-check the file's owners, every owner with a reference whose
 * resolution changed or that resolves to the edited owner (through an index of reference texts to their owners),
 * and the owners sharing its ids and names; the other rules run whole. Anything else (a folder, a file the walk
 * would refuse, a new catalog folder) re-lints in full.
 */
export class IncrementalLint implements Relint {
  private graph!: Graph;
  private result!: LintResult;
  private loadDiagnostics = new Map<string, Diagnostic[]>();
  private readonly ruleDiagnostics = new Map<string, Map<string, Diagnostic[]>>();
  private owners = new Map<string, Owner[]>();
  /** Entries in load order (duplicates included), which a rebuilt graph needs to keep each id's first. */
  private order: Entry[] = [];
  private sources = new Map<string, SourceFile>();
  private paths = new Map<string, string>();
  /** Editor texts that stand in for the disk's. */
  private readonly texts = new Map<string, string>();
  /** Reference texts → the owners using them, built on the first edit that needs it. */
  private uses: UseIndex | undefined;
  private readonly root: string;
  private readonly contentPrefix: string;
  /** The configuration file's name as changes name it (root-relative), and its editor text over the disk. */
  readonly configFile: string;
  private readonly configPath: string;
  private readonly configFiles: OverlayFiles;
  stats: UpdateStats = { mode: "full", checked: 0 };
  /**
   * Files whose diagnostics the last update may have changed (a superset: a client compares them), for the clients
   * that show every file a save affects; undefined after a full re-lint, where any file may have.
   */
  affected: ReadonlySet<string> | undefined;

  /** `loaded`: the load of `root` already made (the language server's first lint answers its open files from it). */
  constructor(
    private readonly options: LintOptions & { root: string },
    loaded?: LoadResult,
  ) {
    this.root = resolve(options.root);
    const content = toPosix(relative(this.root, contentDirectory(this.root)));
    this.contentPrefix = content ? `${content}/` : "";
    this.configPath = resolve(this.root, options.config ?? CONFIG_FILE);
    this.configFile = toPosix(relative(this.root, this.configPath));
    this.configFiles = new OverlayFiles(options.files ?? DISK_FILES);
    this.full(loaded);
  }

  /** The lint of the current state. */
  get current(): LintResult {
    return this.result;
  }

  /** Load and lint everything again (then put the editor's texts back in). */
  full(loaded = loadCore(this.options)): LintResult {
    const graph = loaded.graph as Graph;
    this.graph = graph;
    this.loadDiagnostics = byFile(loaded.diagnostics);
    for (const rule of RULES)
      this.ruleDiagnostics.set(rule.meta.id, byFile(runRules(graph, [rule], this.options.timings)));
    this.order = [...graph.entries.values(), ...graph.duplicates].sort((a, b) => walkOrder(a.file, b.file));
    this.owners = new Map();
    for (const entry of this.order) push(this.owners, entry.file, entry as Owner);
    for (const chapter of graph.chapters) push(this.owners, chapter.file, chapter as Owner);
    this.sources = new Map();
    this.paths = new Map();
    for (const file of graph.files) {
      this.sources.set(file, graph.source(file) as SourceFile);
      const path = graph.pathOf(file);
      if (path) this.paths.set(file, path);
    }
    this.uses = undefined;
    this.stats = { mode: "full", checked: graph.files.length };
    // editor texts that cannot be applied (a file the walk refuses) leave the disk's state
    if (this.texts.size === 0 || !this.apply([...this.texts].map(([file, text]) => ({ file, text }))))
      this.finish();
    this.stats = { mode: "full", checked: this.graph.files.length };
    this.affected = undefined;
    return this.result;
  }

  /** Files changed (on disk, or their editor text): re-lint what they can affect, or everything when that is safer. */
  update(changes: readonly Change[]): LintResult {
    // the configuration is no content: a change to it re-applies it to the diagnostics as they are, nothing is re-read
    const content = changes.filter((change) => change.file !== this.configFile);
    const configured = content.length < changes.length;
    for (const change of changes) {
      if (change.file === this.configFile) this.configFiles.set(this.configPath, change.text);
      else if (change.text === undefined) this.texts.delete(change.file);
      else this.texts.set(change.file, change.text);
    }
    const before = this.result;
    if (content.length === 0) {
      this.finish();
      this.stats = { mode: "incremental", checked: 0 };
      this.affected = changedFiles(before.diagnostics, this.result.diagnostics);
    } else if (content.length > MAX_INCREMENTAL_FILES || !this.apply(content)) this.full();
    else if (configured && this.affected)
      this.affected = new Set([
        ...this.affected,
        ...changedFiles(before.diagnostics, this.result.diagnostics),
      ]);
    return this.result;
  }

  private apply(changes: readonly Change[]): boolean {
    const scope = new Set<string>();
    const kinds = new Set<string>();
    const raws = new Set<string>();
    const targets = new Set<Owner>();
    const ambiguous = new Set<string>();
    for (const change of changes)
      if (!this.applyOne(change.file, change.text, { scope, kinds, raws, targets, ambiguous })) return false;
    // one pass over the uses (no object is built for the others): the owners of texts whose resolution changed,
    // and of those resolving to an edited or named owner
    // an unqualified `[[Name]]` matching entries of several kinds is reported at each of them (references rule):
    // each such entry in scope is checked with every owner of such a use
    const named = new Set(ambiguous);
    for (const file of scope) for (const owner of this.owners.get(file) ?? []) named.add(owner.id);
    addAmbiguous(this.graph, named, raws, scope);
    if (raws.size > 0 || targets.size > 0) {
      this.uses ??= new UseIndex(this.owners.values());
      for (const owner of this.uses.using(raws, targets, this.graph)) scope.add(owner.file);
    }
    const affected = this.recheck(scope, kinds);
    this.finish();
    this.stats = { mode: "incremental", checked: scope.size };
    this.affected = affected;
    return true;
  }

  /** Reload one file into the graph; false when only a full re-lint can say what it changed. */
  private applyOne(file: string, text: string | undefined, found: Found): boolean {
    const { scope, kinds, raws, targets, ambiguous } = found;
    // the entries an ambiguous use of the edited owners (before and after) could mean
    const ambiguousUses = (owner: Owner, graph: Graph) =>
      graph.forEachReference(
        (use) => {
          for (const id of (use.resolution as { candidates: string[] }).candidates) ambiguous.add(id);
        },
        (_reference, resolution) => !resolution.ok && resolution.reason === "ambiguous",
        [owner],
      );
    if (!file.startsWith(this.contentPrefix)) return false;
    const parts = file.slice(this.contentPrefix.length).split("/");
    const [folder, name] = parts as [string, string];
    if (parts.length !== 2 || folder.startsWith(".")) return false;
    if (name.startsWith(".")) return true; // the walk never reads dot files (editor swap files)
    if (folder !== CHAPTER_FOLDER && !kindByFolder(folder)) return false;
    const absolute = join(this.root, file);
    let exists = text !== undefined;
    if (!exists) {
      try {
        if (!lstatSync(absolute).isFile()) return false; // a symlink or folder: the walk's to report
        exists = true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") return false;
      }
    }
    const state = newLoadState(this.options);
    const index = this.uses;
    if (exists && !this.sources.has(file) && this.sources.size >= state.limits.maxFiles) return false;
    if (exists) {
      const bytes = text === undefined ? undefined : Buffer.from(text, "utf8");
      loadListed({ absolute, relative: file, folder }, "", state, new Set(), bytes);
    }
    const before = this.owners.get(file) ?? [];
    if (!exists && before.length === 0 && !this.sources.has(file)) {
      // never loaded and gone (an editor's temp file renamed away): only its load diagnostics, if any, go
      if (this.loadDiagnostics.delete(file)) scope.add(file);
      return true;
    }
    const after: Owner[] = [...state.entries, ...state.chapters];
    const source = state.sources.get(file);
    const old = this.graph;
    // what the edited owners name by id (a condition's `typeOf`, a weapon's parts), old and new: their files and
    // what refers to them are re-checked
    const mentioned = (owner: Owner, graph: Graph) =>
      forEachString(owner.kind === "chapter" ? undefined : (owner as Entry).data, (text) => {
        const found = graph.get(text);
        if (found) targets.add(found);
      });
    for (const owner of before) {
      mentioned(owner, old);
      ambiguousUses(owner, old);
    }
    const [was] = before;
    const [now] = after;
    let kept = after;
    if (before.length === 1 && after.length === 1 && source && this.sameNames(was as Owner, now as Owner)) {
      const owner = was as Owner;
      kept = before;
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
      old.updated(file, source, state.references);
      this.sources.set(file, source);
      addSharers(owner, old, scope);
      targets.add(owner);
    } else {
      this.order = this.order.filter((entry) => entry.file !== file);
      for (const entry of state.entries) {
        let at = this.order.findIndex((other) => walkOrder(other.file, file) > 0);
        if (at === -1) at = this.order.length;
        this.order.splice(at, 0, entry);
      }
      if (source) {
        this.sources.set(file, source);
        const path = state.paths.get(file);
        if (path) this.paths.set(file, path);
      } else {
        this.sources.delete(file);
        this.paths.delete(file);
      }
      const chapters = [...old.chapters.filter((chapter) => chapter.file !== file), ...state.chapters];
      const graph = new Graph(
        [...this.order],
        chapters,
        this.sources,
        [...old.stores, state.references],
        this.paths,
      );
      graph.resolveReferences();
      this.graph = graph;
      const was = old.resolutions();
      for (const [raw, resolution] of graph.resolutions()) {
        const previous = was.get(raw);
        if (!previous || !sameResolution(previous, resolution)) raws.add(raw);
      }
      for (const owner of before) addSharers(owner, old, scope);
      for (const owner of after) addSharers(owner, graph, scope);
    }
    // the index keeps owners an edit replaced (their files are re-checked for nothing, never missed)
    if (index) for (const owner of kept) index.add(owner);
    if (kept.length > 0) this.owners.set(file, kept);
    else this.owners.delete(file);
    const diagnostics = state.collector.diagnostics;
    if (diagnostics.length > 0) this.loadDiagnostics.set(file, diagnostics);
    else this.loadDiagnostics.delete(file);
    for (const owner of after) {
      mentioned(owner, this.graph);
      ambiguousUses(owner, this.graph);
    }
    for (const target of targets) scope.add(target.file);
    for (const owner of [...before, ...after]) kinds.add(owner.kind);
    scope.add(file);
    return true;
  }

  /** Same id and names (and order, for a chapter): the graph's indexes stay as they are. */
  private sameNames(was: Owner, now: Owner): boolean {
    if (was.id !== now.id || was.kind !== now.kind || this.graph.get(was.id) !== was) return false;
    if (was instanceof LoadedEntry && now instanceof LoadedEntry)
      return was.name === now.name && sameList(was.aliases, now.aliases);
    if (was.kind !== "chapter") return false;
    const [a, b] = [(was as Chapter).frontmatter, (now as Chapter).frontmatter];
    return a.title === b.title && a.order === b.order && sameList(a.aliases, b.aliases);
  }

  /**
   * Re-run the rules: scoped ones on the owners of `files`, the others (and those `kinds` concern) whole. Returns the
   * files whose diagnostics may differ: `files`, those whose whole-run lists changed, and the broken files that a
   * knock-on among them is folded under (their error's notes).
   */
  private recheck(files: Set<string>, kinds: Set<string>): Set<string> {
    const affected = new Set(files);
    const graph = this.graph;
    const owners = [...files].flatMap((file) => this.owners.get(file) ?? []);
    const members = new Set(owners);
    const scope: RuleScope = {
      entries: owners.filter(
        (owner): owner is Entry => owner.kind !== "chapter" && graph.get(owner.id) === owner,
      ),
      duplicates: owners.filter(
        (owner): owner is Entry => owner.kind !== "chapter" && graph.get(owner.id) !== owner,
      ),
      chapters: owners.filter((owner): owner is Chapter => owner.kind === "chapter"),
      has: (owner) => members.has(owner),
    };
    for (const rule of RULES) {
      if (!rule.check) continue;
      const id = rule.meta.id;
      const incremental = rule.meta.incremental;
      const old = this.ruleDiagnostics.get(id) ?? new Map<string, Diagnostic[]>();
      if (!incremental || incremental.wholeWhen.some((kind) => kinds.has(kind))) {
        const map = byFile(runRules(graph, [rule]));
        for (const file of new Set([...old.keys(), ...map.keys()]))
          if (!sameDiagnostics(old.get(file), map.get(file))) {
            affected.add(file);
            knockOnCauses(old.get(file), affected);
            knockOnCauses(map.get(file), affected);
          }
        this.ruleDiagnostics.set(id, map);
        continue;
      }
      const map = old;
      for (const file of files) {
        knockOnCauses(map.get(file), affected);
        map.delete(file);
      }
      for (const diagnostic of runRules(graph, [rule], undefined, scope))
        if (files.has(diagnostic.file)) push(map, diagnostic.file, diagnostic);
      for (const file of files) knockOnCauses(map.get(file), affected);
      this.ruleDiagnostics.set(id, map);
    }
    for (const file of files) knockOnCauses(this.loadDiagnostics.get(file), affected);
    return affected;
  }

  private finish(): void {
    const all: Diagnostic[] = [];
    for (const list of this.loadDiagnostics.values()) all.push(...list);
    for (const rule of RULES)
      for (const list of this.ruleDiagnostics.get(rule.meta.id)?.values() ?? []) all.push(...list);
    const options = { ...this.options, files: this.configFiles };
    // a configuration that stops parsing (an author typing in it) keeps the last one's settings
    if (this.result) options.previousConfig = this.result.config;
    this.result = lintResultOf(this.graph, all, [...this.graph.files], options, []);
  }
}
