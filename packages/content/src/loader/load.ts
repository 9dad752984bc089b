// load: read content/ safely, parse with positions, validate schemas, and build the content graph
import { join, resolve } from "node:path";
import { KINDS, type KindDefinition, kindByFolder } from "@momenta/schema";
import { encodingRule } from "../catalog/encoding.ts";
import { packMeta } from "../catalog/pack.ts";
import { parseRule } from "../catalog/parse.ts";
import { unknownFileRule } from "../catalog/unknown-file.ts";
import { unsafeInputRule } from "../catalog/unsafe-input.ts";
import type { Chapter, Entry, LoadedPack, LoadResult } from "../model.ts";
import { SourceFile } from "../source/file.ts";
import { DEFAULT_JSON_LIMITS, type JsonLimits } from "../source/json.ts";
import { DEFAULT_MDX_LIMITS, type MdNode, type MdxLimits } from "../source/mdx.ts";
import { decodeUtf8 } from "../source/text.ts";
import { suggest } from "../suggest.ts";
import type { Timings } from "../timing.ts";
import { loadChapter } from "./chapter.ts";
import { loadEntry } from "./entry.ts";
import { type ContentFiles, DISK_FILES } from "./files.ts";
import { Graph } from "./graph.ts";
import type { Limits } from "./limits.ts";
import { openPack, type PackContext } from "./pack.ts";
import { applyPatches, hasPatchFolder, type PatchFile, readPatches } from "./patches.ts";
import { reportWalkProblems } from "./read.ts";
import { ReferenceStore, SkippedReferences } from "./references.ts";
import { Collector } from "./report.ts";
import {
  DEFAULT_LOADER_LIMITS,
  type ListedFile,
  type LoaderLimits,
  listContentFiles,
  readFailure,
} from "./walk.ts";

/** The folder under content/ that holds MDX chapters rather than a catalog. */
export const CHAPTER_FOLDER = "rules";

/** A folder to load, and the prefix its files are named under (`core:` for the core beside homebrew packs). */
export interface LoadRoot {
  dir: string;
  name?: string;
}

export interface LoadOptions {
  /** Repository root, or any folder holding `content/`, or a content folder itself (one root; see `roots`). */
  root?: string;
  /** Several roots, loaded into one graph in order. */
  roots?: readonly (string | LoadRoot)[];
  /**
   * Each root is a homebrew pack (a folder with `momenta-pack.json` and `content/`), read as untrusted input: its
   * ids are namespaced by the pack id, its prose is plain Markdown, and its files are named relative to `cwd`.
   */
  pack?: { cwd: string };
  /** Loads this one is linked against (the core, for packs): their entries resolve references and win names. */
  dependencies?: readonly LoadResult[];
  limits?: Partial<LoaderLimits & JsonLimits & MdxLimits>;
  /** `false`: find no `[[references]]` (a load that only compares fields, as `momenta diff`; never for lint). */
  references?: false;
  /** Collects time per loader phase when given (`momenta lint --timing`). */
  timings?: Timings;
  /** Where files are read from: the disk (default), or the disk with an editor's unsaved texts over it. */
  files?: ContentFiles;
}

/** Where content lives for a root: `<root>/content` when present, else the root itself. */
export function contentDirectory(root: string, files: ContentFiles = DISK_FILES): string {
  const candidate = join(root, "content");
  try {
    const stats = files.lstat(candidate);
    if (stats.isDirectory()) return candidate;
  } catch {
    // no content/ below: the root is the content folder
  }
  return root;
}

/** What one load accumulates while it reads its roots. */
export interface LoadState {
  limits: Limits;
  collector: Collector;
  sources: Map<string, SourceFile>;
  paths: Map<string, string>;
  entries: Entry[];
  chapters: Chapter[];
  references: ReferenceStore;
  folderKinds: Map<string, KindDefinition | undefined>;
  lap: (label: string) => void;
  /** Set while a homebrew pack's files are read. */
  pack: PackContext | undefined;
  files: ContentFiles;
}

/** An empty load: merged limits, a collector, and the collections files are read into. */
export function newLoadState(
  options: Pick<LoadOptions, "limits" | "timings" | "references" | "files">,
): LoadState {
  const limits: Limits = {
    ...DEFAULT_LOADER_LIMITS,
    ...DEFAULT_JSON_LIMITS,
    ...DEFAULT_MDX_LIMITS,
    ...options.limits,
  };
  const timings = options.timings;
  let clock = timings ? performance.now() : 0;
  const state: LoadState = {
    limits,
    collector: new Collector(),
    sources: new Map(),
    paths: new Map(),
    entries: [],
    chapters: [],
    references: options.references === false ? new SkippedReferences() : new ReferenceStore(),
    folderKinds: new Map(),
    /** Adds the time since the last lap to `label` (only when timing). */
    lap: (label: string) => {
      if (!timings) return;
      const now = performance.now();
      timings.add(label, now - clock);
      clock = now;
    },
    pack: undefined,
    files: options.files ?? DISK_FILES,
  };
  return state;
}

/**
 * Load content roots into one graph. Synchronous: reading many small files is faster without per-file promises.
 * With `pack`, each root is a homebrew pack; `dependencies` (the core) join the graph but are not the load's files.
 */
export function load(options: LoadOptions): LoadResult {
  const state = newLoadState(options);
  const dependencies = (options.dependencies ?? []).map((dependency) => dependency.graph);
  const roots = options.roots ?? (options.root === undefined ? [] : [options.root]);
  const packs: LoadedPack[] = [];
  const packsById = new Map<string, LoadedPack>();
  const excluded = new Set<Entry | Chapter>();
  const patches: PatchFile[] = [];
  for (const root of roots) {
    const { dir, name = "" } = typeof root === "string" ? { dir: root } : root;
    if (!options.pack) {
      const repoRoot = resolve(dir);
      loadTree(contentDirectory(repoRoot, state.files), repoRoot, name, state);
      continue;
    }
    const opened = openPack(
      dir,
      resolve(options.pack.cwd),
      state.limits,
      state.collector,
      state.sources,
      state.paths,
      state.files,
    );
    const pack = opened.pack;
    packs.push(pack);
    if (opened.contentDir) {
      const firstEntry = state.entries.length;
      const firstChapter = state.chapters.length;
      const firstFile = state.sources.size;
      state.pack = { pack, collector: state.collector, dependencies };
      // the walk names files relative to the pack folder (`content/…`), and the load prefixes the pack's place
      loadTree(opened.contentDir, pack.dir, pack.prefix ? `${pack.prefix}/` : "", state);
      state.pack = undefined;
      pack.entries = state.entries.slice(firstEntry);
      pack.chapters = state.chapters.slice(firstChapter);
      pack.files.push(...[...state.sources.keys()].slice(firstFile));
    }
    if (hasPatchFolder(pack.dir, state.files))
      patches.push(
        ...readPatches(pack, state.limits, state.collector, state.sources, state.paths, state.files),
      );
    state.lap("house-rule patches");
    const other = packsById.get(pack.id);
    const manifest = state.sources.get(pack.manifestFile);
    if (other && manifest) {
      const at = manifest.locate(["id"]);
      state.collector.add(
        manifest,
        packMeta,
        "duplicate-pack",
        { id: pack.id, other: other.prefix || "." },
        at.start,
        at.end,
        { path: ["id"] },
      );
      // a second copy of a pack is reported, not linked: the graph keeps the first
      for (const item of [...pack.entries, ...pack.chapters]) excluded.add(item);
    } else if (!other) packsById.set(pack.id, pack);
  }
  state.lap("other");
  const patched =
    patches.length === 0
      ? undefined
      : applyPatches(
          patches,
          dependencies,
          state.entries,
          state.collector,
          state.limits,
          state.references,
          packs,
          state.sources,
        );
  const swap = (entry: Entry) => patched?.get(entry) ?? entry;
  if (patched) for (const pack of packs) pack.entries = pack.entries.map(swap);
  state.lap("house-rule patches");
  // a load without dependencies (the core alone) hands its own collections to the graph, uncopied
  let { sources, paths, entries, chapters } = state;
  if (dependencies.length > 0 || excluded.size > 0 || patched) {
    sources = new Map();
    paths = new Map();
    entries = [];
    chapters = [];
    for (const graph of dependencies) {
      for (const file of graph.files) {
        const source = graph.source(file);
        if (source) sources.set(file, source);
        const path = graph.pathOf(file);
        if (path) paths.set(file, path);
      }
      for (const entry of graph.entries.values()) entries.push(swap(entry));
      entries.push(...graph.duplicates);
      chapters.push(...graph.chapters);
    }
    for (const [file, source] of state.sources) sources.set(file, source);
    for (const [file, path] of state.paths) paths.set(file, path);
    for (const entry of state.entries) if (!excluded.has(entry)) entries.push(swap(entry));
    for (const chapter of state.chapters) if (!excluded.has(chapter)) chapters.push(chapter);
  }
  const graph = new Graph(entries, chapters, sources, [state.references], paths, [...packsById.values()]);
  state.lap("build graph");
  graph.resolveReferences();
  state.lap("resolve references");
  return {
    graph,
    diagnostics: state.collector.diagnostics,
    // the graph's files are already sorted; beside dependencies, the load's own are a subset
    files: dependencies.length > 0 ? [...state.sources.keys()].sort() : [...graph.files],
    packs,
  };
}

/** Read one content tree (`contentDir`, files named relative to `repoRoot` behind `prefix`) into the load. */
function loadTree(contentDir: string, repoRoot: string, prefix: string, state: LoadState): void {
  const { collector, limits, lap } = state;
  const listing = listContentFiles(contentDir, repoRoot, limits, state.files);
  lap("list files");
  if (prefix) {
    for (const listed of listing.files) listed.relative = prefix + listed.relative;
    for (const problem of listing.problems) problem.relative = prefix + problem.relative;
  }
  reportWalkProblems(listing.problems, collector);

  const reportedFolders = new Set<string>();
  for (const listed of listing.files) loadListed(listed, prefix, state, reportedFolders);
}

/** Read one listed file (or take `given` bytes, an editor's text) and load what it holds. */
export function loadListed(
  listed: ListedFile,
  prefix: string,
  state: LoadState,
  reportedFolders: Set<string>,
  given?: Uint8Array,
): void {
  const { collector, sources, paths, entries, chapters, references, limits, lap, folderKinds } = state;
  lap("other");
  let bytes: Uint8Array | { tooLarge: number };
  try {
    bytes = given ?? state.files.read(listed.absolute, limits.maxFileBytes);
    lap("read files");
  } catch (error) {
    const problem = readFailure(listed.relative.slice(prefix.length), error);
    collector.add(
      new SourceFile(listed.relative, ""),
      unsafeInputRule.meta,
      problem.messageId,
      problem.data,
      0,
      0,
    );
    return;
  }
  if (!(bytes instanceof Uint8Array)) {
    collector.add(
      new SourceFile(listed.relative, ""),
      unsafeInputRule.meta,
      "too-large",
      {
        size: bytes.tooLarge,
        limit: limits.maxFileBytes,
      },
      0,
      0,
    );
    return;
  }
  const decoded = decodeUtf8(bytes);
  const source = new SourceFile(listed.relative, decoded.text);
  lap("decode UTF-8");
  sources.set(listed.relative, source);
  paths.set(listed.relative, listed.absolute);
  if (decoded.hadBom) {
    collector.add(source, encodingRule.meta, "bom", {}, 0, 1);
  }
  if (decoded.invalidUtf8At !== undefined) {
    const at = decoded.text.length;
    collector.add(source, parseRule.meta, "utf8", { byte: decoded.invalidUtf8At }, at, at + 1);
    return;
  }
  if (listed.folder === CHAPTER_FOLDER) {
    if (!listed.relative.endsWith(".mdx")) {
      collector.add(
        source,
        unknownFileRule.meta,
        "file",
        { path: listed.relative, expected: "`.mdx` chapter" },
        0,
        0,
        { helpId: "file.chapter" },
      );
      return;
    }
    if (source.text.length > limits.maxMdxChars) {
      collector.add(
        source,
        unsafeInputRule.meta,
        "mdx-too-large",
        { size: source.text.length, limit: limits.maxMdxChars },
        0,
        0,
      );
      return;
    }
    const chapter = loadChapter(source, collector, limits, references, state.pack);
    lap("chapters (frontmatter, MDX)");
    if (chapter) chapters.push(chapter);
    return;
  }
  if (!folderKinds.has(listed.folder)) folderKinds.set(listed.folder, kindByFolder(listed.folder));
  const definition = folderKinds.get(listed.folder);
  if (!definition) {
    if (!reportedFolders.has(listed.folder)) {
      reportedFolders.add(listed.folder);
      const folders = [...KINDS.map((kind) => kind.folder), "rules"];
      const [near] = suggest(listed.folder, folders, 1);
      // a near-miss (`weapon/`) is a typo that silently drops its files: an error, with the folder it meant
      if (near)
        collector.add(
          source,
          unknownFileRule.meta,
          "folder-misspelled",
          { folder: `content/${listed.folder}`, near },
          0,
          0,
          { severity: "error" },
        );
      else
        collector.add(
          source,
          unknownFileRule.meta,
          "folder",
          {
            folder: `content/${listed.folder}`,
            folders: KINDS.map((kind) => `\`${kind.folder}\``).join(", "),
          },
          0,
          0,
          { helpId: "folder.catalog" },
        );
    }
    return;
  }
  if (!listed.relative.endsWith(".json")) {
    collector.add(
      source,
      unknownFileRule.meta,
      "file",
      { path: listed.relative, expected: "`.json` entry" },
      0,
      0,
      { helpId: "file.entry" },
    );
    return;
  }
  const entry = loadEntry(source, definition, collector, limits, references, lap, state.pack);
  if (entry) entries.push(entry);
}

/** Walk an MDX tree (exported for rules that need more than the loader keeps). */
export type { MdNode };
