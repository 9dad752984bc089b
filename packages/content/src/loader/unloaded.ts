// What a file that gave no entry or chapter would have defined, known from its name, so its knock-ons fold under it
import { basename } from "node:path";
import { kindByFolder, packEntryId, slugify } from "@momenta/schema";
import type { ContentGraph } from "../model.ts";
import { entrySlug } from "./walk.ts";

/** A content file read but missing from the graph (it did not parse), or a chapter whose frontmatter failed. */
export interface UnloadedFile {
  file: string;
  /** The id its name gives: `content/conditions/hindered.json` → `condition/hindered`. */
  id: string;
  kind: string;
  /** The id's slug (`hindered`), which a `[[Name]]` slugifies to when it names the entry. */
  slug: string;
  /** A chapter's number from its file name (`20-attacking.mdx` → `20`, `a-tags.mdx` → `A`). */
  chapter?: string;
  /** `missing`: the file gave the graph nothing; `invalid`: a chapter whose frontmatter failed its schema. */
  state: "missing" | "invalid";
}

export interface UnloadedFiles {
  /** Every such file, whatever it would have defined. */
  files: ReadonlySet<string>;
  byId: ReadonlyMap<string, UnloadedFile>;
  /** By slug, every kind's (a `[[Name]]` without a kind may have meant any of them). */
  bySlug: ReadonlyMap<string, readonly UnloadedFile[]>;
  byChapter: ReadonlyMap<string, UnloadedFile>;
}

const NONE: UnloadedFiles = { files: new Set(), byId: new Map(), bySlug: new Map(), byChapter: new Map() };

/**
 * Once per graph: an incremental re-lint builds a new graph whenever a file gains or loses its entry or chapter,
 * and keeps one only while every id and name stays, so the answer holds for the graph's life.
 */
const cache = new WeakMap<ContentGraph, UnloadedFiles>();

/** A chapter file's id and number as its name gives them (the loader's fallback for a frontmatter without them). */
export function chapterFileId(file: string): { id: string; slug: string; chapter?: string } {
  const name = basename(file).replace(/\.mdx$/, "");
  const slug = slugify(name.replace(/^\d+-|^[a-z]-/i, ""));
  const number = /^(\d+)-/.exec(name)?.[1] ?? /^([a-z])-/i.exec(name)?.[1]?.toUpperCase();
  return number === undefined
    ? { id: `chapter/${slug}`, slug }
    : { id: `chapter/${slug}`, slug, chapter: number };
}

/** What a pack's entry file (`content/<folder>/<slug>.json`) that gave no entry would have defined. */
export function unloadedPackFile(packId: string, file: string): UnloadedFile | undefined {
  const definition = file.endsWith(".json") ? kindByFolder(file.split("/").at(-2) ?? "") : undefined;
  if (!definition) return undefined;
  const slug = entrySlug(file);
  return {
    file,
    id: packEntryId(definition.kind, packId, slug),
    kind: definition.kind,
    slug,
    state: "missing",
  };
}

/**
 * Files of the core's catalog folders and `rules/` that gave the graph nothing (a JSON or YAML syntax error), and
 * chapters in it whose frontmatter failed its schema (their number is lost): what refers to them is a consequence
 * of that file's error, not a problem of its own. A homebrew pack's entry file counts with its namespaced id
 * (`conditions/smouldering.json` of `ember-court` → `condition/ember-court.smouldering`); its chapters and patches
 * are left out.
 */
export function unloadedFiles(graph: ContentGraph): UnloadedFiles {
  const cached = cache.get(graph);
  if (cached) return cached;
  const loaded = new Set<string>();
  for (const entry of graph.entries.values()) loaded.add(entry.file);
  for (const entry of graph.duplicates) loaded.add(entry.file);
  const invalidChapters = new Set<string>();
  for (const chapter of graph.chapters) {
    if (chapter.valid || chapter.pack !== undefined) loaded.add(chapter.file);
    else invalidChapters.add(chapter.file);
  }
  // a pack's entry files, by the pack whose namespace their ids take; its patches define no entry
  const packOf = new Map<string, string | undefined>();
  for (const pack of graph.packs) {
    const patches = new Set(pack.patches);
    for (const file of pack.files) packOf.set(file, patches.has(file) ? undefined : pack.id);
  }
  let result: UnloadedFiles | undefined;
  for (const file of graph.files) {
    if (loaded.has(file)) continue;
    const inPack = packOf.has(file);
    const packId = packOf.get(file);
    if (inPack && packId === undefined) continue;
    const folder = file.split("/").at(-2) ?? "";
    let unloaded: UnloadedFile | undefined;
    if (inPack) {
      if (packId !== undefined) unloaded = unloadedPackFile(packId, file);
    } else if (folder === "rules" && file.endsWith(".mdx")) {
      const state = invalidChapters.has(file) ? "invalid" : "missing";
      unloaded = { file, kind: "chapter", state, ...chapterFileId(file) };
    } else if (file.endsWith(".json")) {
      const definition = kindByFolder(folder);
      const slug = entrySlug(file);
      if (definition)
        unloaded = { file, id: `${definition.kind}/${slug}`, kind: definition.kind, slug, state: "missing" };
    }
    if (!unloaded) continue;
    result ??= { files: new Set(), byId: new Map(), bySlug: new Map(), byChapter: new Map() };
    (result.files as Set<string>).add(unloaded.file);
    const byId = result.byId as Map<string, UnloadedFile>;
    const bySlug = result.bySlug as Map<string, UnloadedFile[]>;
    const byChapter = result.byChapter as Map<string, UnloadedFile>;
    // an invalid chapter keeps its id in the graph: only its lost number is unknown
    if (unloaded.state === "missing" && !graph.get(unloaded.id)) {
      if (!byId.has(unloaded.id)) byId.set(unloaded.id, unloaded);
      const same = bySlug.get(unloaded.slug);
      if (same) same.push(unloaded);
      else bySlug.set(unloaded.slug, [unloaded]);
    }
    if (unloaded.chapter !== undefined && !byChapter.has(unloaded.chapter))
      byChapter.set(unloaded.chapter, unloaded);
  }
  cache.set(graph, result ?? NONE);
  return result ?? NONE;
}
