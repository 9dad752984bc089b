// The core content packs are checked against: found next to the validator (repo or bundled package), loaded once
import { existsSync, lstatSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadContentSync } from "../loader/load.ts";
import type { Chapter, Entry } from "../model.ts";
import { SourceFile } from "../source/file.ts";

/** Core files are shown under this prefix, so they never collide with a pack's own `content/…` paths. */
export const CORE_PREFIX = "core:";

export interface CoreContent {
  root: string;
  entries: Entry[];
  chapters: Chapter[];
  sources: Map<string, SourceFile>;
  /** Absolute path of each (prefixed) core file. */
  paths: Map<string, string>;
  /** Core entries and chapters by id, to tell a pack which ids it may not take. */
  byId: Map<string, Entry | Chapter>;
}

const isContentRoot = (dir: string) => {
  try {
    return lstatSync(join(dir, "content", "rules")).isDirectory();
  } catch {
    return false;
  }
};

/**
 * The folder holding the core `content/`: the nearest ancestor of this module that has one. In the
 * repository that is the repo root; in the installed package, the package folder the bundle step filled.
 */
export function findCoreRoot(from: string = dirname(fileURLToPath(import.meta.url))): string | undefined {
  let dir = resolve(from);
  for (;;) {
    if (isContentRoot(dir)) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

const cache = new Map<string, CoreContent>();

/** Load (once per process) the core content under `root`, with every file renamed under `core:`. */
export function loadCore(root: string): CoreContent {
  const absolute = resolve(root);
  const cached = cache.get(absolute);
  if (cached) return cached;
  if (!existsSync(join(absolute, "content"))) throw new Error(`no core content/ folder in ${absolute}`);
  const { graph } = loadContentSync({ root: absolute });
  const sources = new Map<string, SourceFile>();
  const paths = new Map<string, string>();
  for (const file of graph.files) {
    const source = graph.source(file);
    if (source) sources.set(CORE_PREFIX + file, new SourceFile(CORE_PREFIX + file, source.text));
    const path = graph.pathOf(file);
    if (path) paths.set(CORE_PREFIX + file, path);
  }
  // copies, so the pack graph never mutates what the cache holds; `references` is read (and kept) explicitly
  // because a loaded entry computes it on each read, which a spread does not carry
  const entries = [...graph.entries.values(), ...graph.duplicates].map((entry) => ({
    ...entry,
    references: entry.references,
    file: CORE_PREFIX + entry.file,
  }));
  const chapters = graph.chapters.map((chapter) => ({ ...chapter, file: CORE_PREFIX + chapter.file }));
  const byId = new Map<string, Entry | Chapter>();
  for (const item of [...entries, ...chapters]) if (!byId.has(item.id)) byId.set(item.id, item);
  const core: CoreContent = { root: absolute, entries, chapters, sources, paths, byId };
  cache.set(absolute, core);
  return core;
}
