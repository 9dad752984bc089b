// Incremental lint for `lint --watch`, the language server and the dev server, of the core or of packs: after an edit, reload only that file, update the graph, re-run rules on what it can affect
import { join, relative, resolve } from "node:path";
import type {
  Diagnostic,
  Entry,
  LoadedPack,
  LoadResult,
  Rule,
  RuleScope,
  SourceFile,
} from "@momenta/content";
import {
  CHAPTER_FOLDER,
  contentDirectory,
  DISK_FILES,
  Graph,
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
  inWalkOrder,
  loadCore,
  type Owner,
  push,
  sameResolution,
  UseIndex,
  walkOrder,
} from "./incremental-index.ts";
import {
  type Found,
  locate,
  noteNamed,
  packGraphEntries,
  replaceInPack,
  runOwn,
  sameNames,
  scopeOf,
  takeOver,
  treeFiles,
} from "./incremental-tree.ts";
import { type LintOptions, type LintResult, lintResultOf, ownersOf, runRules } from "./lint.ts";
import type { Change, PackTree, Relint, UpdateStats } from "./relint.ts";
import { RULES } from "./rules/index.ts";

export type { Change, PackTree, Relint, UpdateStats } from "./relint.ts";

/** Above this many files in one update a full re-lint is cheaper than one graph rebuild per file. */
const MAX_INCREMENTAL_FILES = 20;

/**
 * A core content tree (or, given a `PackTree`, packs over the core) linted once in full, then kept up to date one
 * edit at a time with a full lint's diagnostics (incremental.test.ts, lint-pack-incremental.test.ts). An edit that
 * keeps the file's id and names updates its owner in place; one that adds, removes or renames rebuilds the graph's
 * indexes from the loaded owners and compares every reference's resolution with the old graph's. Scoped rules
 * (`meta.incremental`) re-check the file's owners, the owners of references whose resolution changed or that
 * resolve to it, and the owners sharing its ids and names; the others run whole. Anything else (a folder, a file the
 * walk refuses, a new catalog folder, a pack's manifest or patch, a second pack of one id, and in a load with
 * patches any edit but one in place of an entry no patch rewrites) re-lints in full.
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
  // a pack lint's, from its last full load (none for the core): its packs; its own files, alone re-checked and
  // reported, and their owners for the rules that run whole; patches in the load (then only an edit in place of an
  // entry no patch rewrites is incremental); a second pack of one id (then every edit re-lints in full)
  private packs: readonly LoadedPack[] = [];
  private own: Set<string> | undefined;
  private ownScope: RuleScope | undefined;
  private patchedLoad = false;
  private fullOnly = false;
  stats: UpdateStats = { mode: "full", checked: 0 };
  /**
   * Files whose diagnostics the last update may have changed (a superset: a client compares them), for the clients
   * that show every file a save affects; undefined after a full re-lint, where any file may have.
   */
  affected: ReadonlySet<string> | undefined;

  /**
   * `loaded`: the load of `root` already made (the language server's first lint answers its open files from it).
   * `tree`: lint homebrew packs over the core instead, their files named relative to `root` (see `PackRelint`).
   */
  constructor(
    private readonly options: LintOptions & { root: string },
    loaded?: LoadResult,
    private readonly tree?: PackTree,
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

  private get rules(): readonly Rule[] {
    return this.tree?.rules ?? RULES;
  }

  /** Load and lint everything again (then put the editor's texts back in). */
  full(loaded = this.tree ? this.tree.load() : loadCore(this.options)): LintResult {
    const graph = loaded.graph as Graph;
    this.graph = graph;
    this.loadDiagnostics = byFile(loaded.diagnostics);
    if (this.tree) {
      this.packs = loaded.packs;
      this.own = new Set(loaded.files);
      this.patchedLoad = loaded.packs.some((pack) => pack.patches !== undefined);
      this.fullOnly = new Set(loaded.packs.map((pack) => pack.id)).size < loaded.packs.length;
    }
    this.ownScope = undefined;
    for (const rule of this.rules)
      this.ruleDiagnostics.set(rule.meta.id, byFile(this.runWhole(graph, rule, this.options.timings)));
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
    this.stats = { mode: "full", checked: this.own?.size ?? this.graph.files.length };
    // editor texts that cannot be applied (a file the walk refuses) leave the disk's state
    if (this.texts.size === 0 || !this.apply([...this.texts].map(([file, text]) => ({ file, text }))))
      this.finish();
    this.stats = { mode: "full", checked: this.own?.size ?? this.graph.files.length };
    this.affected = undefined;
    return this.result;
  }

  /** Files changed (on disk, or their editor text): re-lint what they can affect, or everything when that is safer. */
  update(changes: readonly Change[]): LintResult {
    // the configuration is no content: a change to it re-applies it to the diagnostics as they are, nothing is re-read
    let content = changes.filter((change) => change.file !== this.configFile);
    const configured = content.length < changes.length;
    for (const change of changes) {
      if (change.file === this.configFile) this.configFiles.set(this.configPath, change.text);
      // a pack lint reads the editor's texts through its files (PackRelint sets them)
      else if (this.tree) continue;
      else if (change.text === undefined) this.texts.delete(change.file);
      else this.texts.set(change.file, change.text);
    }
    const before = this.result;
    if (this.tree) content = content.map((change) => ({ file: change.file }));
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
    const found: Found = {
      scope: new Set(),
      kinds: new Set(),
      raws: new Set(),
      targets: new Set(),
      ambiguous: new Set(),
    };
    const { scope, kinds, raws, targets, ambiguous } = found;
    for (const change of changes) if (!this.applyOne(change.file, change.text, found)) return false;
    // one pass over the uses (no object is built for the others): the owners of texts whose resolution changed,
    // and of those resolving to an edited or named owner
    // an unqualified `[[Name]]` matching entries of several kinds is reported at each of them (references rule):
    // each such entry in scope is checked with every owner of such a use
    const named = new Set(ambiguous);
    for (const file of scope) for (const owner of this.owners.get(file) ?? []) named.add(owner.id);
    addAmbiguous(this.graph, named, raws, scope);
    if (raws.size > 0 || targets.size > 0) {
      // a pack lint's index holds its own owners: the core's uses were resolved against the core alone
      this.uses ??= new UseIndex(
        this.own ? [...this.own].map((file) => this.owners.get(file) ?? []) : this.owners.values(),
      );
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
    const located = this.fullOnly ? undefined : locate(file, this.tree && this.packs, this.contentPrefix);
    if (!located) return false;
    const { folder, name, pack } = located;
    if (name.startsWith(".")) return true; // the walk never reads dot files (editor swap files)
    if (folder !== CHAPTER_FOLDER && !kindByFolder(folder)) return false;
    const absolute = join(this.root, file);
    let exists = text !== undefined;
    if (!exists) {
      try {
        // a pack lint's editor texts are in its files, which say they are files
        if (!(this.tree?.files ?? DISK_FILES).lstat(absolute).isFile()) return false; // a symlink or folder: the walk's to report
        exists = true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") return false;
      }
    }
    const state = newLoadState(this.options);
    const index = this.uses;
    const count = this.sources.has(file) ? 0 : treeFiles(located.tree, this.own, this.sources);
    if (exists && count >= state.limits.maxFiles) return false;
    if (exists) {
      const bytes = text === undefined ? undefined : Buffer.from(text, "utf8");
      if (pack && this.tree)
        state.pack = { pack, collector: state.collector, dependencies: this.tree.dependencies };
      loadListed({ absolute, relative: file, folder }, located.tree, state, new Set(), bytes);
      state.pack = undefined;
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
    const inPlace =
      before.length === 1 &&
      after.length === 1 &&
      source !== undefined &&
      sameNames(this.graph, before[0] as Owner, after[0] as Owner);
    // a patch names its target by id and reads whether its file loaded: only an edit in place of an entry no patch
    // rewrites leaves every patch as it was (a patched entry is its last patch's file's, so `before` is empty here)
    if (this.patchedLoad && !inPlace) return false;
    // what the edited owners name by id (a condition's `typeOf`, a weapon's parts) and could mean, old and new
    for (const owner of before) noteNamed(owner, old, targets, ambiguous);
    const [was] = before;
    const [now] = after;
    let kept = after;
    if (inPlace && source) {
      const owner = was as Owner;
      kept = before;
      takeOver(owner, now as Owner);
      old.updated(file, source, state.references);
      this.sources.set(file, source);
      addSharers(owner, old, scope);
      targets.add(owner);
    } else {
      if (!this.tree) this.order = inWalkOrder(this.order, file, state.entries);
      if (source) {
        this.sources.set(file, source);
        const path = state.paths.get(file);
        if (path) this.paths.set(file, path);
        this.own?.add(file);
      } else {
        this.sources.delete(file);
        this.paths.delete(file);
        this.own?.delete(file);
      }
      if (pack) replaceInPack(pack, file, state.entries, state.chapters, source !== undefined);
      const chapters = [...old.chapters.filter((chapter) => chapter.file !== file), ...state.chapters];
      // a pack lint's graph holds the core's entries, then each pack's, as its load does
      const entries = this.tree ? packGraphEntries(this.tree.dependencies, old.packs) : [...this.order];
      const graph = new Graph(
        entries,
        chapters,
        this.sources,
        [...old.stores, state.references],
        this.paths,
        old.packs,
      );
      graph.resolveReferences();
      this.graph = graph;
      this.ownScope = undefined;
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
      noteNamed(owner, this.graph, targets, ambiguous);
    }
    for (const target of targets) scope.add(target.file);
    for (const owner of [...before, ...after]) kinds.add(owner.kind);
    scope.add(file);
    return true;
  }

  /** One rule over the whole graph; a pack lint's scoped to its own owners and reported on its own files alone. */
  private runWhole(graph: Graph, rule: Rule, timings?: LintOptions["timings"]): Diagnostic[] {
    if (this.own) this.ownScope ??= ownersOf(graph, this.own);
    return runOwn(graph, rule, this.own, this.ownScope, timings);
  }

  /**
   * Re-run the rules: scoped ones on the owners of `files`, the others (and those `kinds` concern) whole. Returns the
   * files whose diagnostics may differ: `files`, those whose whole-run lists changed, and the broken files that a
   * knock-on among them is folded under (their error's notes).
   */
  private recheck(reached: Set<string>, kinds: Set<string>): Set<string> {
    // a pack lint never re-checks the core's files; one of its own that is gone or no longer loads still drops its own
    const core = this.tree?.dependencies ?? [];
    const files = new Set([...reached].filter((file) => !core.some((graph) => graph.source(file))));
    const affected = new Set(files);
    const graph = this.graph;
    const scope = scopeOf(
      graph,
      [...files].flatMap((file) => this.owners.get(file) ?? []),
    );
    for (const rule of this.rules) {
      if (!rule.check) continue;
      const id = rule.meta.id;
      const incremental = rule.meta.incremental;
      const old = this.ruleDiagnostics.get(id) ?? new Map<string, Diagnostic[]>();
      if (!incremental || incremental.wholeWhen.some((kind) => kinds.has(kind))) {
        const map = byFile(this.runWhole(graph, rule));
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
    for (const rule of this.rules)
      for (const list of this.ruleDiagnostics.get(rule.meta.id)?.values() ?? []) all.push(...list);
    const options = { ...this.options, files: this.configFiles };
    // a configuration that stops parsing (an author typing in it) keeps the last one's settings
    if (this.result) options.previousConfig = this.result.config;
    const files = this.own ? [...this.own].sort() : [...this.graph.files];
    const result = lintResultOf(this.graph, all, files, options, [...this.packs]);
    this.result = this.tree ? this.tree.finish(result) : result;
  }
}
