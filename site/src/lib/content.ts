// The site's only way to content: the core and its packs as every target loads them (loadCoreAndPacks), once per build process
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import type { Chapter, ContentGraph, Entry, LoadResult } from "@momenta/content";
import { type CoreAndPacks, loadCoreAndPacks } from "@momenta/lint";
import { KINDS, type KindDefinition, kindByName } from "@momenta/schema";
import { packsOf } from "./build-record.ts";

// page addresses and reading order are the render layer's: one definition for the site, its hovers and the editor
export { byName, isChapter, urlOf } from "@momenta/render";
export type { Chapter, ContentGraph, Entry };

/** What pages need of a load: the graph and its diagnostics, and the lint report that refuses a broken pack. */
type Loaded = Pick<LoadResult, "graph" | "diagnostics"> & { report?: string };

/** The repository root: the nearest folder holding pnpm-workspace.yaml above the working directory. */
export function repositoryRoot(from = process.cwd()): string {
  let directory = resolve(from);
  while (!existsSync(join(directory, "pnpm-workspace.yaml"))) {
    const parent = dirname(directory);
    if (parent === directory) return resolve(from, "..");
    directory = parent;
  }
  return directory;
}

/** Where content is read from; benchmarks point MOMENTA_CONTENT_ROOT at a synthetic copy. */
export function contentRoot(): string {
  return process.env.MOMENTA_CONTENT_ROOT ? resolve(process.env.MOMENTA_CONTENT_ROOT) : repositoryRoot();
}

/** Homebrew pack folders to preview with the core content: MOMENTA_PACKS, separated like PATH. */
export function packFolders(): string[] {
  return packsOf(process.env.MOMENTA_PACKS, repositoryRoot());
}

// astro.config, the content loader and the prerendered pages run as separate module graphs in one
// process: a global keeps it to one load per build
const CACHE = Symbol.for("momenta.site.content");
const PACKS = Symbol.for("momenta.site.packs");
/** The pack each pack entry and chapter was loaded from, by id: taken from the pack's source, never a file name. */
type PackSources = Map<string, { id: string; name: string }>;
const PACK_LIST = Symbol.for("momenta.site.pack-list");
/** A pack as the /homebrew/ index shows it: its manifest and what the linter found in its files. */
export interface SitePack {
  id: string;
  name: string;
  version?: string;
  license?: string;
  authors: string[];
  description?: string;
  errors: number;
  warnings: number;
  entries: string[];
  chapters: string[];
  /** Ids of the core (or dependency) entries its house-rule patches change. */
  patched: string[];
}
/**
 * Set by the dev server (lib/dev.ts): the state of its re-lint (the core's incremental one, or with packs the packs'
 * over the core), which pages read instead of loading the content a second time, so pages and diagnostics come from
 * one graph.
 */
export const DEV_CONTENT = Symbol.for("momenta.site.devContent");
/** What the dev server's re-lint gives the pages: the core's graph, or the packs' judged as a build judges them. */
export type DevContent = Pick<LoadResult, "graph" | "diagnostics"> | CoreAndPacks;
type GlobalCache = {
  [CACHE]?: Promise<Loaded>;
  [PACKS]?: PackSources;
  [PACK_LIST]?: SitePack[];
  [DEV_CONTENT]?: () => DevContent;
};

async function loadOnce(): Promise<Loaded> {
  // packs are untrusted: the linter checks them, and a pack with errors is never built (see packRefusal)
  const folders = packFolders();
  const dev = (globalThis as GlobalCache)[DEV_CONTENT]?.();
  if (folders.length === 0 && dev) return { graph: dev.graph, diagnostics: dev.diagnostics };
  const loaded =
    dev && "ok" in dev
      ? dev
      : loadCoreAndPacks({ coreRoot: contentRoot(), packs: folders, cwd: repositoryRoot() });
  if (folders.length === 0) return { graph: loaded.graph, diagnostics: loaded.diagnostics };
  const sources: PackSources = new Map();
  for (const pack of loaded.packs) {
    const source = { id: pack.id, name: pack.manifest?.name ?? pack.id };
    for (const item of [...pack.entries, ...pack.chapters]) sources.set(item.id, source);
  }
  (globalThis as GlobalCache)[PACKS] = sources;
  (globalThis as GlobalCache)[PACK_LIST] = loaded.packs.map((pack): SitePack => {
    const own = new Set(pack.files);
    const mine = loaded.diagnostics.filter((d) => own.has(d.file));
    return {
      id: pack.id,
      name: pack.manifest?.name ?? pack.id,
      version: pack.manifest?.version,
      license: pack.manifest?.license,
      authors: (pack.manifest?.authors ?? []).map((a) => (typeof a === "string" ? a : a.name)),
      description: pack.manifest?.description,
      errors: mine.filter((d) => d.severity === "error").length,
      warnings: mine.filter((d) => d.severity === "warn").length,
      entries: pack.entries.filter((e) => e.pack === pack.id).map((e) => e.id),
      chapters: pack.chapters.map((c) => c.id),
      patched: [...loaded.graph.entries.values()]
        .filter((e) => e.patches?.some((p) => p.pack === pack.id))
        .map((e) => e.id),
    };
  });
  return {
    graph: loaded.graph,
    diagnostics: loaded.diagnostics,
    report: loaded.ok ? undefined : loaded.report,
  };
}

/**
 * The linter's report when a homebrew pack has lint errors: the site refuses to build such a pack (astro.config
 * prints this and exits), so nothing the linter refused ever reaches a page.
 */
export async function packRefusal(): Promise<string | undefined> {
  return (await loadSiteContent()).report;
}

/**
 * The dev server saw a content file change and re-lints once the writes are quiet: until `release` is called, pages
 * (and Astro's route cache, which it empties on every file event) wait for the new state instead of reading the old.
 */
export function holdSiteContent(): () => void {
  let release!: () => void;
  const ready = new Promise<void>((resolve) => {
    release = resolve;
  });
  (globalThis as GlobalCache)[CACHE] = ready.then(loadOnce);
  return release;
}

export function loadSiteContent(): Promise<Loaded> {
  const cache = globalThis as GlobalCache;
  cache[CACHE] ??= loadOnce();
  return cache[CACHE];
}

/** Where a loaded file is on disk: the graph knows, whatever name its loader gave the file. */
export function absolutePath(graph: ContentGraph, file: string): string {
  return graph.pathOf(file) ?? resolve(repositoryRoot(), file);
}

/** The homebrew packs the site was built with (MOMENTA_PACKS), in the order given; empty without packs. */
export async function sitePacks(): Promise<SitePack[]> {
  await loadSiteContent();
  return (globalThis as GlobalCache)[PACK_LIST] ?? [];
}

/** A loaded homebrew pack's display name (its manifest's `name`) by its id; undefined for a pack not loaded. */
export function packName(packId: string): string | undefined {
  return ((globalThis as GlobalCache)[PACK_LIST] ?? []).find((pack) => pack.id === packId)?.name;
}

/** The packs whose house-rule patches change an entry, by display name, each once; empty for an unpatched entry. */
export function houseRulesOf(entry: Entry): string[] {
  return [...new Set((entry.patches ?? []).map((patch) => packName(patch.pack) ?? patch.pack))];
}

/** The homebrew pack an entry or chapter was loaded from, with its display name; undefined for core content. */
export function packOf(id: string): { id: string; name: string } | undefined {
  return (globalThis as GlobalCache)[PACKS]?.get(id);
}

export async function getGraph(): Promise<ContentGraph> {
  return (await loadSiteContent()).graph;
}

export function slugOf(id: string): string {
  return id.slice(id.indexOf("/") + 1);
}

/** Kinds that have at least one entry, in registry order. */
export function kindsWithEntries(graph: ContentGraph): KindDefinition[] {
  return KINDS.filter((definition) => graph.byKind(definition.kind).length > 0);
}

export function kindLabel(kind: string, plural = false): string {
  const definition = kindByName(kind);
  if (!definition) return kind;
  return plural ? definition.plural : definition.label;
}
