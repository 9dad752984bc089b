// Homebrew packs as an option of the loader: the pack folder and manifest, namespaced ids, and untrusted prose
import { basename, relative, resolve } from "node:path";
import {
  type KindDefinition,
  PACK_MANIFEST_FILE,
  type PackManifest,
  packEntryId,
  packEntrySource,
  packManifestSchema,
  SLUG_PATTERN,
} from "@momenta/schema";
import type { ZodTypeAny } from "zod";
import { packMeta } from "../catalog/pack.ts";
import { parseRule } from "../catalog/parse.ts";
import { unsafeInputRule } from "../catalog/unsafe-input.ts";
import type { JsonPath } from "../diagnostic.ts";
import type { ContentGraph, LoadedPack } from "../model.ts";
import { noteOf } from "../rule.ts";
import { SourceFile } from "../source/file.ts";
import { type JsonLimits, parseJson } from "../source/json.ts";
import { decodeUtf8 } from "../source/text.ts";
import { type ContentFiles, DISK_FILES } from "./files.ts";
import { scanEntryProse } from "./pack-prose.ts";
import { hasPatchFolder } from "./patch-folder.ts";
import { type Collector, reportJsonProblems, reportSchema } from "./report.ts";
import { readFailureReason, specialFileType, toPosix } from "./walk.ts";

/** A manifest is a few hundred bytes; anything near this is not a manifest. */
const MAX_MANIFEST_BYTES = 64 * 1024;

export const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** What the loader needs while reading one pack's files. */
export interface PackContext {
  pack: LoadedPack;
  collector: Collector;
  /** The loads the pack is checked against (the core): a pack may not take their ids. */
  dependencies: readonly ContentGraph[];
}

/** Read a regular file inside the pack without following links; undefined (with a diagnostic) otherwise. */
function readPackFile(
  path: string,
  file: string,
  maxBytes: number,
  collector: Collector,
  files: ContentFiles,
): string | undefined {
  const empty = new SourceFile(file, "");
  const unreadable = (error: unknown) => {
    collector.add(
      empty,
      unsafeInputRule.meta,
      "unreadable",
      { path: file, reason: readFailureReason(error) },
      0,
      0,
    );
    return undefined;
  };
  let stats: ReturnType<ContentFiles["lstat"]>;
  try {
    stats = files.lstat(path);
  } catch (error) {
    // missing is the caller's `manifest-missing`; anything else (a folder without search permission) fails closed
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? undefined : unreadable(error);
  }
  if (stats.isSymbolicLink()) {
    collector.add(empty, unsafeInputRule.meta, "symlink", { path: file }, 0, 0, { helpId: "symlink.pack" });
    return undefined;
  }
  const special = specialFileType(stats);
  if (special) {
    collector.add(empty, unsafeInputRule.meta, "special-file", { path: file, type: special }, 0, 0);
    return undefined;
  }
  if (!stats.isFile()) return undefined;
  if (stats.size > maxBytes) {
    collector.add(empty, unsafeInputRule.meta, "too-large", { size: stats.size, limit: maxBytes }, 0, 0);
    return undefined;
  }
  let bytes: Uint8Array | { tooLarge: number };
  try {
    bytes = files.read(path, maxBytes);
  } catch (error) {
    return unreadable(error);
  }
  if (!(bytes instanceof Uint8Array)) {
    collector.add(empty, unsafeInputRule.meta, "too-large", { size: bytes.tooLarge, limit: maxBytes }, 0, 0);
    return undefined;
  }
  const decoded = decodeUtf8(bytes);
  if (decoded.invalidUtf8At !== undefined) {
    collector.add(
      new SourceFile(file, decoded.text),
      parseRule.meta,
      "utf8",
      { byte: decoded.invalidUtf8At },
      0,
      0,
    );
    return undefined;
  }
  return decoded.text;
}

/** Check `value` (at `prefix` in a JSON file) against `schema`, reporting each problem as the entries' are. */
export function reportSchemaIssues(
  collector: Collector,
  source: SourceFile,
  schema: ZodTypeAny,
  value: unknown,
  prefix: JsonPath = [],
): boolean {
  const result = schema.safeParse(value);
  if (result.success) return true;
  reportSchema(source, result.error.issues, schema, collector, value, undefined, prefix);
  return false;
}

/**
 * Open one pack folder: its manifest (read, parsed and checked) and where its `content/` is. Files are named
 * relative to `cwd` (the homebrew repository in CI). `contentDir` is undefined when there is nothing to load.
 */
export function openPack(
  dir: string,
  cwd: string,
  limits: JsonLimits,
  collector: Collector,
  sources: Map<string, SourceFile>,
  paths: Map<string, string>,
  files: ContentFiles = DISK_FILES,
): { pack: LoadedPack; contentDir?: string } {
  const absolute = resolve(cwd, dir);
  const prefix = toPosix(relative(cwd, absolute));
  const rel = (file: string) => (prefix ? `${prefix}/${file}` : file);
  const pack: LoadedPack = {
    dir: absolute,
    prefix,
    id: basename(absolute),
    manifest: undefined,
    manifestFile: rel(PACK_MANIFEST_FILE),
    entries: [],
    chapters: [],
    files: [],
  };
  let stats: ReturnType<ContentFiles["lstat"]> | undefined;
  try {
    stats = files.lstat(absolute);
  } catch {
    stats = undefined;
  }
  if (!stats?.isDirectory()) {
    collector.add(new SourceFile(rel(""), ""), packMeta, "not-a-directory", { path: dir }, 0, 0);
    return { pack };
  }
  const manifestFile = pack.manifestFile;
  const before = collector.diagnostics.length;
  const text = readPackFile(
    resolve(absolute, PACK_MANIFEST_FILE),
    manifestFile,
    MAX_MANIFEST_BYTES,
    collector,
    files,
  );
  if (text === undefined) {
    if (!collector.diagnostics.slice(before).some((d) => d.file === manifestFile))
      collector.add(new SourceFile(manifestFile, ""), packMeta, "manifest-missing", {}, 0, 0);
  } else {
    const source = new SourceFile(manifestFile, text);
    sources.set(manifestFile, source);
    paths.set(manifestFile, resolve(absolute, PACK_MANIFEST_FILE));
    pack.files.push(manifestFile);
    const parsed = parseJson(source.text, limits);
    reportJsonProblems(collector, source, parsed.problems, limits);
    const value = parsed.value;
    if (value !== undefined) {
      const ok = reportSchemaIssues(collector, source, packManifestSchema, value);
      if (isObject(value)) {
        const shown: Record<string, unknown> = {};
        // the name is a name, not prose: the pack rule checks it (markup, invisible characters, core names, length)
        if (typeof value.description === "string") shown.description = value.description;
        scanEntryProse(collector, source, shown);
      }
      if (ok) {
        pack.manifest = packManifestSchema.parse(value) as PackManifest;
        pack.id = pack.manifest.id;
      } else if (isObject(value) && typeof value.id === "string" && SLUG_PATTERN.test(value.id))
        pack.id = value.id;
    }
  }
  const contentPath = resolve(absolute, "content");
  let contentStats: ReturnType<ContentFiles["lstat"]> | undefined;
  try {
    contentStats = files.lstat(contentPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      const path = rel("content");
      collector.add(
        new SourceFile(path, ""),
        unsafeInputRule.meta,
        "unreadable",
        { path, reason: readFailureReason(error) },
        0,
        0,
      );
      return { pack };
    }
    contentStats = undefined;
  }
  if (!contentStats) {
    const missing = new SourceFile(rel("content"), ""); // a house-rules pack may hold only patches
    if (!hasPatchFolder(absolute, files)) collector.add(missing, packMeta, "content-missing", {}, 0, 0);
    return { pack };
  }
  if (contentStats.isSymbolicLink() || !contentStats.isDirectory()) {
    collector.add(new SourceFile(rel("content"), ""), packMeta, "content-not-folder", {}, 0, 0);
    return { pack };
  }
  return { pack, contentDir: contentPath };
}

/**
 * A pack entry before its kind's schema sees it: the id must be `<kind>/<pack>.<file-slug>` and `source` names the
 * pack (both checked here); the schema then checks the rest, with the core's id and source shapes put in their place.
 */
export function packEntrySubject(
  context: PackContext,
  source: SourceFile,
  raw: Record<string, unknown>,
  definition: KindDefinition,
  slug: string,
): { subject: Record<string, unknown>; id: string } {
  const { pack, collector } = context;
  const expected = packEntryId(definition.kind, pack.id, slug);
  const subject: Record<string, unknown> = { ...raw };
  const slugOk = SLUG_PATTERN.test(slug);
  if (!slugOk) {
    const suggestion = slugSuggestion(slug);
    const suggestedId = packEntryId(definition.kind, pack.id, suggestion);
    collector.add(source, packMeta, "file-name", { file: `${slug}.json`, suggestion, suggestedId }, 0, 0);
  }
  if (typeof raw.id === "string") {
    if (raw.id !== expected && slugOk) {
      const core = context.dependencies.map((graph) => graph.get(raw.id as string)).find(Boolean);
      if (core) {
        const coreSource = context.dependencies.map((graph) => graph.source(core.file)).find(Boolean);
        collector.add(
          source,
          packMeta,
          "redefines-core-id",
          { id: raw.id, expected },
          ...span(source, ["id"]),
          {
            path: ["id"],
            related: coreSource ? [coreSource.related(0, 1, noteOf(packMeta, "core-entry"))] : [],
          },
        );
      } else {
        collector.add(source, packMeta, "id-namespace", { id: raw.id, expected }, ...span(source, ["id"]), {
          path: ["id"],
        });
      }
    }
    // the kind schema checks everything else; the namespace was checked above
    subject.id = `${definition.kind}/${slugOk ? slug : "x"}`;
  }
  if (isObject(raw.source)) {
    const ok = reportSchemaIssues(collector, source, packEntrySource, raw.source, ["source"]);
    if (ok && raw.source.pack !== pack.id) {
      collector.add(
        source,
        packMeta,
        "source-pack",
        { actual: String(raw.source.pack), expected: pack.id },
        ...span(source, ["source", "pack"]),
        { path: ["source", "pack"] },
      );
    }
    subject.source = { book: "core-rules" };
  }
  scanEntryProse(collector, source, raw);
  return { subject, id: expected };
}

/** `Errata` → `errata`: what a non-slug file name would be as a slug (a hint, not a rename). */
export function slugSuggestion(name: string): string {
  return (
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "entry"
  );
}

const span = (source: SourceFile, path: JsonPath): [number, number] => {
  const at = source.locate(path);
  return [at.start, at.end];
};
