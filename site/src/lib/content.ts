// The site's only way to content: @momenta/validator's loader, loaded once per build process
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { KINDS, type KindDefinition, kindByName } from "@momenta/schema";
import {
  type Chapter,
  type ContentGraph,
  type Entry,
  type LoadResult,
  loadContent,
} from "@momenta/validator";

export type { Chapter, ContentGraph, Entry };

type Loaded = LoadResult;

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

// astro.config, the content loader and the prerendered pages run as separate module graphs in one
// process: a global keeps it to one load per build
const CACHE = Symbol.for("momenta.site.content");
type GlobalCache = { [CACHE]?: Promise<Loaded> };

export function loadSiteContent(): Promise<Loaded> {
  const cache = globalThis as GlobalCache;
  cache[CACHE] ??= loadContent({ root: contentRoot() });
  return cache[CACHE];
}

export async function getGraph(): Promise<ContentGraph> {
  return (await loadSiteContent()).graph;
}

/** Permalink of an entry or chapter: its id is its path (`/condition/hindered/`, `/chapter/combat/`). */
export function urlOf(id: string, anchor?: string): string {
  return `/${id}/${anchor ? `#${anchor}` : ""}`;
}

export function isChapter(target: Entry | Chapter): target is Chapter {
  return "frontmatter" in target;
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

export function byName<T extends { name: string }>(a: T, b: T): number {
  return a.name.localeCompare(b.name, "en", { sensitivity: "base" });
}
