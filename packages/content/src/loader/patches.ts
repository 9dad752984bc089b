// House rules as a load option: a pack's `patches/<kind>/<slug>.json` is a JSON merge patch (RFC 7396) of that entry
import { join } from "node:path";
import { KINDS } from "@momenta/schema";
import { parseRule } from "../catalog/parse.ts";
import { patchRule } from "../catalog/patch.ts";
import { unsafeInputRule } from "../catalog/unsafe-input.ts";
import type { JsonPath } from "../diagnostic.ts";
import type { ContentGraph, Entry, EntryPatch, LoadedPack, ResolvedReference } from "../model.ts";
import { noteOf } from "../rule.ts";
import { INVALID } from "../schema/compile.ts";
import { SourceFile } from "../source/file.ts";
import { FORBIDDEN_KEYS, parseJson } from "../source/json.ts";
import { decodeUtf8 } from "../source/text.ts";
import { suggest } from "../suggest.ts";
import { compiledCheck, LoadedEntry } from "./entry.ts";
import { type ContentFiles, DISK_FILES } from "./files.ts";
import type { Limits } from "./limits.ts";
import { scanEntryProse } from "./pack-prose.ts";
import { indexOf, reportConflicts } from "./patch-conflicts.ts";
import type { PatchFile } from "./patch-file.ts";
import { hasPatchFolder, PATCH_FOLDER } from "./patch-folder.ts";

export { MAX_CONFLICTS_PER_PAIR, PathIndex, reportConflicts } from "./patch-conflicts.ts";
export type { PatchFile } from "./patch-file.ts";
export { hasPatchFolder };

import { reportWalkProblems } from "./read.ts";
import type { ReferenceStore } from "./references.ts";
import { type Collector, reportJsonProblems, reportSchema } from "./report.ts";
import { type UnloadedFile, unloadedFiles, unloadedPackFile } from "./unloaded.ts";
import { entrySlug, listContentFiles, readFailure } from "./walk.ts";

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/**
 * Keys a patch may not use: an own property of that name shadows `Object.prototype` for careless consumers (the
 * json-merge-patch package called `target.hasOwnProperty`, so a patch setting `hasOwnProperty` crashed the load, and
 * it silently dropped every key after a `constructor`). No kind has a field of these names.
 */
const PROTOTYPE_KEYS: ReadonlySet<string> = new Set([
  ...Object.getOwnPropertyNames(Object.prototype),
  "prototype",
]);

/** RFC 7396 merge of `patch` into `target`, by own keys only; neither argument is changed. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isObject(patch)) return patch;
  const out: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    // defineProperty: a plain assignment to `__proto__` would set the prototype instead of a key
    else
      Object.defineProperty(out, key, {
        value: mergePatch(Object.hasOwn(out, key) ? out[key] : undefined, value),
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return out;
}

/**
 * Report and drop the keys of a patch that shadow `Object.prototype` members (the JSON scan already refuses
 * `__proto__`, `constructor` and `prototype`, which the parse drops).
 */
function dropPrototypeKeys(
  collector: Collector,
  source: SourceFile,
  value: Record<string, unknown>,
  prefix: JsonPath = [],
): void {
  for (const key of Object.keys(value)) {
    const path = [...prefix, key];
    if (PROTOTYPE_KEYS.has(key)) {
      if (!FORBIDDEN_KEYS.has(key)) {
        const at = source.locate(path, { key: true });
        collector.add(source, patchRule.meta, "prototype-key", { key }, at.start, at.end, { path });
      }
      delete value[key];
      continue;
    }
    const child = value[key];
    if (isObject(child)) dropPrototypeKeys(collector, source, child, path);
  }
}

/** The leaves of a merge patch: every non-object value (or `null`) with its path. */
export function patchLeaves(
  patch: Record<string, unknown>,
  prefix: JsonPath = [],
  out: JsonPath[] = [],
): JsonPath[] {
  for (const [key, value] of Object.entries(patch)) {
    const path = [...prefix, key];
    if (isObject(value) && Object.keys(value).length > 0) patchLeaves(value, path, out);
    else out.push(path);
  }
  return out;
}

/** Read a pack's patch files, as untrusted input like its content; files named relative to the load's cwd. */
export function readPatches(
  pack: LoadedPack,
  limits: Limits,
  collector: Collector,
  sources: Map<string, SourceFile>,
  paths: Map<string, string>,
  files: ContentFiles = DISK_FILES,
): PatchFile[] {
  const prefix = pack.prefix ? `${pack.prefix}/` : "";
  const listing = listContentFiles(join(pack.dir, PATCH_FOLDER), pack.dir, limits, files);
  for (const problem of listing.problems) problem.relative = prefix + problem.relative;
  reportWalkProblems(listing.problems, collector);
  const patches: PatchFile[] = [];
  const reported = new Set<string>();
  pack.patches = [];
  for (const listed of listing.files) {
    const file = prefix + listed.relative;
    let bytes: ReturnType<ContentFiles["read"]>;
    try {
      bytes = files.read(listed.absolute, limits.maxFileBytes);
    } catch (error) {
      const problem = readFailure(listed.relative, error);
      collector.add(new SourceFile(file, ""), unsafeInputRule.meta, problem.messageId, problem.data, 0, 0);
      continue;
    }
    if (!(bytes instanceof Uint8Array)) {
      const data = { size: bytes.tooLarge, limit: limits.maxFileBytes };
      collector.add(new SourceFile(file, ""), unsafeInputRule.meta, "too-large", data, 0, 0);
      continue;
    }
    const decoded = decodeUtf8(bytes);
    const source = new SourceFile(file, decoded.text);
    sources.set(file, source);
    paths.set(file, listed.absolute);
    pack.files.push(file);
    pack.patches.push(file);
    if (decoded.invalidUtf8At !== undefined) {
      const at = decoded.text.length;
      collector.add(source, parseRule.meta, "utf8", { byte: decoded.invalidUtf8At }, at, at + 1);
      continue;
    }
    const definition = KINDS.find((kind) => kind.kind === listed.folder);
    if (!definition) {
      if (!reported.has(listed.folder)) {
        reported.add(listed.folder);
        const byFolder = KINDS.find((kind) => kind.folder === listed.folder);
        const [near] = byFolder
          ? [byFolder.kind]
          : suggest(
              listed.folder,
              KINDS.map((kind) => kind.kind),
              1,
            );
        collector.add(
          source,
          patchRule.meta,
          "unknown-kind",
          near
            ? { folder: `${PATCH_FOLDER}/${listed.folder}`, near }
            : {
                folder: `${PATCH_FOLDER}/${listed.folder}`,
                kinds: KINDS.map((kind) => `\`${kind.kind}\``).join(", "),
              },
          0,
          0,
          near ? { helpId: "unknown-kind.closest" } : {},
        );
      }
      continue;
    }
    const parsed = parseJson(source.text, limits);
    reportJsonProblems(collector, source, parsed.problems, limits);
    if (parsed.value === undefined) continue;
    if (!isObject(parsed.value)) {
      const value = parsed.value;
      const type = value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;
      collector.add(source, patchRule.meta, "not-object", { type }, 0, source.text.length);
      continue;
    }
    const target = `${definition.kind}/${entrySlug(listed.relative)}`;
    const patch = structuredClone(parsed.value) as Record<string, unknown>;
    dropPrototypeKeys(collector, source, patch);
    delete patch.$schema;
    if ("id" in patch) {
      const at = source.locate(["id"], { key: true });
      collector.add(source, patchRule.meta, "id", { target }, at.start, at.end, { path: ["id"] });
      delete patch.id;
    }
    scanEntryProse(collector, source, patch);
    patches.push({ pack, source, target, definition, patch, paths: patchLeaves(patch) });
  }
  return patches;
}

/**
 * A patched entry: its references are the base's outside the patched fields, plus those in the patches' own strings
 * (a later patch of the same field wins, as the merge does).
 */
class PatchedEntry extends LoadedEntry {
  override get references(): ResolvedReference[] {
    const patched = (this.patches ?? []).map((patch) => indexOf(patch.paths));
    const kept = (this.base?.references ?? []).filter(
      (use) => !patched.some((index) => index.overlapping(use.path)),
    );
    const own = this.referenceStore.uses(this.referenceFrom, this.referenceTo);
    return [...kept, ...own];
  }
}

/**
 * Apply every patch read to the entry it names (in load order) and check the result with the kind's schema,
 * problems located in the patch file. Returns the patched entries by the entry they replace.
 */
export function applyPatches(
  patches: readonly PatchFile[],
  dependencies: readonly ContentGraph[],
  own: readonly Entry[],
  collector: Collector,
  limits: Limits,
  store: ReferenceStore,
  /** This load's packs and the files it read: a patch may name an entry of one whose file did not parse. */
  packs: readonly LoadedPack[] = [],
  sources: ReadonlyMap<string, SourceFile> = new Map(),
): Map<Entry, Entry> {
  const byTarget = new Map<string, PatchFile[]>();
  for (const patch of patches) {
    const list = byTarget.get(patch.target);
    if (list) list.push(patch);
    else byTarget.set(patch.target, [patch]);
  }
  const ownById = new Map(own.map((entry) => [entry.id, entry]));
  const unloadedById = (id: string): UnloadedFile | undefined => {
    for (const graph of dependencies) {
      const file = unloadedFiles(graph).byId.get(id);
      if (file) return file;
    }
    for (const pack of packs) {
      const loaded = new Set(pack.entries.map((entry) => entry.file));
      for (const file of pack.files) {
        if (loaded.has(file)) continue;
        const unloaded = unloadedPackFile(pack.id, file);
        if (unloaded?.id === id) return unloaded;
      }
    }
    return undefined;
  };
  const lookup = (id: string) =>
    dependencies.map((graph) => graph.entries.get(id)).find(Boolean) ?? ownById.get(id);
  const replaced = new Map<Entry, Entry>();
  for (const [target, group] of byTarget) {
    const base = lookup(target);
    // the entry's file (the core's, or a pack's of this load) did not parse: that file's knock-on, not "rename"
    const unloaded = base ? undefined : unloadedById(target);
    if (unloaded) {
      const cause =
        sources.get(unloaded.file) ?? dependencies.map((graph) => graph.source(unloaded.file)).find(Boolean);
      const related = cause
        ? [cause.related(0, 0, noteOf(patchRule.meta, "knock-on", { id: unloaded.id }))]
        : [];
      const data = { text: target, id: target, file: unloaded.file, reason: "did not load" };
      for (const { source } of group)
        collector.add(source, patchRule.meta, "knock-on", data, 0, 0, { severity: "warn", related });
      continue;
    }
    if (!base) {
      for (const { source, definition } of group) {
        const slugs = [...dependencies.flatMap((graph) => graph.byKind(definition.kind))].map((entry) =>
          entrySlug(entry.id),
        );
        const [near] = suggest(entrySlug(target), slugs, 1);
        collector.add(
          source,
          patchRule.meta,
          "target-missing",
          near ? { id: target, kind: definition.kind, near } : { id: target, kind: definition.kind },
          0,
          0,
          near ? { helpId: "target-missing.closest" } : {},
        );
      }
      continue;
    }
    reportConflicts(group, collector);
    const patched = patchEntry(base, group, dependencies, collector, limits, store);
    if (patched) replaced.set(base, patched);
  }
  return replaced;
}

/** The entry with its patches applied, checked by its kind's schema; undefined when its source is not an object. */
function patchEntry(
  base: Entry,
  group: readonly PatchFile[],
  dependencies: readonly ContentGraph[],
  collector: Collector,
  limits: Limits,
  store: ReferenceStore,
): Entry | undefined {
  const baseSource = dependencies.map((graph) => graph.source(base.file)).find(Boolean);
  const text = baseSource?.text;
  // the merge starts from the entry's own JSON (what its author wrote), never from schema defaults
  const raw = text === undefined ? structuredClone(base.data) : parseJson(text, limits).value;
  if (!isObject(raw)) return undefined;
  let merged: Record<string, unknown> = raw;
  for (const { patch } of group) merged = mergePatch(merged, patch) as Record<string, unknown>;
  const last = group[group.length - 1] as PatchFile;
  // a pack entry's namespaced id and source pass the kind schema as the pack loader substitutes them
  const subject = base.pack ? { ...merged, id: `${base.kind}/x`, source: { book: "core-rules" } } : merged;
  const check = compiledCheck(base.definition);
  let checked = check ? check(subject) : INVALID;
  if (checked === INVALID) {
    const result = base.definition.schema.safeParse(subject);
    if (result.success) checked = result.data;
    else {
      for (const issue of result.error.issues) {
        // the patch that set the field answers for it; otherwise the last one applied
        const owner = [...group].reverse().find((p) => indexOf(p.paths).overlapping(issue.path)) ?? last;
        reportSchema(owner.source, [issue], base.definition.schema, collector, subject);
      }
    }
  }
  const valid = checked !== INVALID;
  const data = (
    valid ? (base.pack ? { ...(checked as object), id: base.id, source: merged.source } : checked) : merged
  ) as Record<string, unknown>;
  // only the patches' own strings are scanned: the base's other references were resolved with the base
  const from = store.size;
  for (const { patch } of group) store.scanEntry(patch);
  const entry = new PatchedEntry(
    base.id,
    typeof merged.name === "string" && merged.name ? merged.name : base.name,
    Array.isArray(merged.aliases) ? merged.aliases.filter((a): a is string => typeof a === "string") : [],
    data,
    last.source.file,
    merged.status === "incomplete" ? "incomplete" : "complete",
    Array.isArray(merged.missing) ? merged.missing.filter((m): m is string => typeof m === "string") : [],
    valid,
    base.definition,
    store,
    from,
    store.size,
    base.pack,
  );
  entry.patches = group.map((p): EntryPatch => ({ pack: p.pack.id, file: p.source.file, paths: p.paths }));
  entry.base = base;
  return entry;
}
