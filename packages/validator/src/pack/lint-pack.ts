// lintPacks: load homebrew packs as untrusted input, check them against the core content and each other
import { closeSync, fstatSync, lstatSync, openSync, readSync } from "node:fs";
import { basename, relative, resolve } from "node:path";
import {
  chapterFrontmatterSchema,
  MOMENTA_RULES_VERSION,
  normalizeName,
  PACK_MANIFEST_FILE,
  type PackManifest,
  packEntryId,
  packEntrySource,
  packManifestSchema,
  parsePackEntryId,
  SLUG_PATTERN,
  satisfies,
} from "@momenta/schema";
import type { ZodTypeAny } from "zod";
import { compareDiagnostics, type Diagnostic, type JsonPath, type SeveritySetting } from "../diagnostic.ts";
import { Graph } from "../graph.ts";
import { applySeverities, type LintResult, runRules } from "../lint.ts";
import { loadContentSync } from "../loader/load.ts";
import type { ReferenceStore } from "../loader/references.ts";
import {
  DEFAULT_LOADER_LIMITS,
  entrySlug,
  type LoaderLimits,
  readFailureReason,
  SAFE_OPEN_FLAGS,
  specialFileType,
  toPosix,
  WALK_HELP,
} from "../loader/walk.ts";
import type { Chapter, Entry, ResolvedReference } from "../model.ts";
import { lintProse, PROSE_HELP } from "../prose/lint.ts";
import { formatMessage, type RuleMeta } from "../rule.ts";
import { parseRule } from "../rules/parse.ts";
import { explainZodIssues, schemaRule } from "../rules/schema.ts";
import { unsafeInputRule } from "../rules/unsafe-input.ts";
import { SourceFile } from "../source/file.ts";
import { DEFAULT_JSON_LIMITS, type JsonLimits, parseJson } from "../source/json.ts";
import { DEFAULT_MDX_LIMITS, type MdxLimits, parseFrontmatter } from "../source/mdx.ts";
import { decodeUtf8 } from "../source/text.ts";
import { CORE_PREFIX, type CoreContent, findCoreRoot, loadCore } from "./core.ts";
import { packRule, untrustedProseRule } from "./rules.ts";

/** A manifest is a few hundred bytes; anything near this is not a manifest. */
const MAX_MANIFEST_BYTES = 64 * 1024;

export interface PackLintOptions {
  /** Pack folders (absolute, or relative to `cwd`); each holds `momenta-pack.json` and `content/`. */
  packs: string[];
  /** Diagnostics name files relative to this folder (the homebrew repository's root in CI). */
  cwd: string;
  /** Folder holding the core `content/`; default: the one bundled with the validator. */
  coreRoot?: string;
  rules?: Record<string, SeveritySetting>;
  limits?: Partial<LoaderLimits & JsonLimits & MdxLimits>;
}

export interface LoadedPack {
  /** Absolute folder. */
  dir: string;
  /** The pack folder relative to `cwd` ("" when it is `cwd`). */
  prefix: string;
  /** The manifest's id, or the folder name when the manifest is unusable. */
  id: string;
  manifest: PackManifest | undefined;
  entries: Entry[];
  chapters: Chapter[];
  /** Every file of the pack that was read, relative to `cwd`. */
  files: string[];
}

export interface PackLintResult extends LintResult {
  packs: LoadedPack[];
  /** Text of any file read (pack files and `core:` files), for code frames. */
  sourceText(file: string): string | undefined;
}

interface Limits extends LoaderLimits, JsonLimits, MdxLimits {}

/** Collects diagnostics for one pack, positioned in its own files. */
class Reporter {
  readonly diagnostics: Diagnostic[] = [];

  add(
    source: SourceFile,
    meta: RuleMeta,
    messageId: string,
    data: Record<string, string | number>,
    at: { start: number; end: number },
    extra: { path?: JsonPath; help?: string; related?: Diagnostic["related"] } = {},
  ): void {
    const options: Parameters<SourceFile["diagnostic"]>[0] = {
      ruleId: meta.id,
      messageId,
      severity: meta.defaultSeverity,
      message: formatMessage(meta.messages[messageId] ?? messageId, data),
      start: at.start,
      end: at.end,
    };
    if (extra.path) options.path = extra.path;
    if (extra.help) options.help = extra.help;
    if (extra.related) options.related = extra.related;
    this.diagnostics.push(source.diagnostic(options));
  }

  /** zod issues of `schema` for `value`, each placed by `locate`. */
  schema(
    source: SourceFile,
    schema: ZodTypeAny,
    value: unknown,
    locate: (path: JsonPath, key: boolean) => { start: number; end: number },
    prefix: JsonPath = [],
  ): boolean {
    const result = schema.safeParse(value);
    if (result.success) return true;
    for (const problem of explainZodIssues(result.error.issues, schema, value)) {
      const path = [...prefix, ...problem.path];
      const extra: { path: JsonPath; help?: string } = { path };
      if (problem.help) extra.help = problem.help;
      this.add(
        source,
        schemaRule.meta,
        problem.messageId,
        problem.data,
        locate(path, problem.key === true),
        extra,
      );
    }
    return false;
  }
}

/** Read a regular file inside the pack without following links; undefined (with a diagnostic) otherwise. */
function readPackFile(path: string, file: string, maxBytes: number, reporter: Reporter): string | undefined {
  const empty = new SourceFile(file, "");
  let stats: import("node:fs").Stats;
  const unreadable = (error: unknown) => {
    reporter.add(
      empty,
      unsafeInputRule.meta,
      "unreadable",
      { path: file, reason: readFailureReason(error) },
      { start: 0, end: 0 },
      { help: WALK_HELP.unreadable },
    );
    return undefined;
  };
  try {
    stats = lstatSync(path);
  } catch (error) {
    // missing is the caller's `manifest-missing`; anything else (a folder without search permission) fails closed
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? undefined : unreadable(error);
  }
  if (stats.isSymbolicLink()) {
    reporter.add(
      empty,
      unsafeInputRule.meta,
      "symlink",
      { path: file },
      { start: 0, end: 0 },
      {
        help: "replace it with a regular file inside the pack",
      },
    );
    return undefined;
  }
  const special = specialFileType(stats);
  if (special) {
    reporter.add(
      empty,
      unsafeInputRule.meta,
      "special-file",
      { path: file, type: special },
      { start: 0, end: 0 },
      { help: WALK_HELP["special-file"] },
    );
    return undefined;
  }
  if (!stats.isFile()) return undefined;
  if (stats.size > maxBytes) {
    reporter.add(
      empty,
      unsafeInputRule.meta,
      "too-large",
      { size: stats.size, limit: maxBytes },
      { start: 0, end: 0 },
    );
    return undefined;
  }
  let fd: number;
  try {
    fd = openSync(path, SAFE_OPEN_FLAGS);
  } catch (error) {
    return unreadable(error);
  }
  try {
    const size = Math.min(fstatSync(fd).size, maxBytes);
    const buffer = Buffer.alloc(size);
    let read = 0;
    while (read < size) {
      const n = readSync(fd, buffer, read, size - read, read);
      if (n === 0) break;
      read += n;
    }
    const decoded = decodeUtf8(buffer.subarray(0, read));
    if (decoded.invalidUtf8At !== undefined) {
      reporter.add(new SourceFile(file, decoded.text), parseRule.meta, "utf8", {}, { start: 0, end: 0 });
      return undefined;
    }
    return decoded.text;
  } finally {
    closeSync(fd);
  }
}

/** Parse JSON with the loader's caps, reporting what it refuses. */
function parsePackJson(source: SourceFile, limits: Limits, reporter: Reporter): unknown {
  const parsed = parseJson(source.text, limits);
  for (const problem of parsed.problems) {
    const at = { start: problem.start, end: problem.end };
    const key = /`([^`]*)`/.exec(problem.message)?.[1] ?? "";
    switch (problem.messageId) {
      case "syntax":
        reporter.add(source, parseRule.meta, "syntax", { detail: problem.message }, at);
        break;
      case "empty":
        reporter.add(source, parseRule.meta, "empty", {}, at);
        break;
      case "duplicate-key":
        reporter.add(source, parseRule.meta, "duplicate-key", { key }, at);
        break;
      case "too-deep":
        reporter.add(source, unsafeInputRule.meta, "too-deep", { limit: limits.maxDepth }, at);
        break;
      case "forbidden-key":
        reporter.add(source, unsafeInputRule.meta, "forbidden-key", { key }, at, {
          help: "rename or remove the key",
        });
        break;
      case "string-too-long":
        reporter.add(
          source,
          unsafeInputRule.meta,
          "string-too-long",
          { length: Number(/\d+/.exec(problem.message)?.[0] ?? 0), limit: limits.maxStringLength },
          at,
        );
        break;
    }
  }
  return parsed.value;
}

/** Every string in a parsed value with its path: the prose the untrusted-prose scan reads. */
function* walkStrings(value: unknown, path: (string | number)[] = []): Generator<[string, JsonPath]> {
  if (typeof value === "string") yield [value, path];
  else if (Array.isArray(value))
    for (let i = 0; i < value.length; i++) yield* walkStrings(value[i], [...path, i]);
  else if (value !== null && typeof value === "object")
    for (const key of Object.keys(value))
      yield* walkStrings((value as Record<string, unknown>)[key], [...path, key]);
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** The pack a namespaced id (`weapon/ember-court.glaive`, `chapter/ember-court.rites`) belongs to. */
export function packOfId(id: string): string | undefined {
  return parsePackEntryId(id)?.pack;
}

interface PackState extends LoadedPack {
  reporter: Reporter;
  sources: Map<string, SourceFile>;
  paths: Map<string, string>;
  manifestSource: SourceFile | undefined;
  /** `file:line:column` of references a pack diagnostic already explains better than `references` would. */
  superseded: Set<string>;
  /** The pack's reference uses, re-resolved once every pack and the core are in one graph. */
  references?: readonly ReferenceStore[];
}

function loadPack(dir: string, options: PackLintOptions, limits: Limits, core: CoreContent): PackState {
  const absolute = resolve(options.cwd, dir);
  const prefix = toPosix(relative(options.cwd, absolute));
  const rel = (file: string) => (prefix ? `${prefix}/${file}` : file);
  const reporter = new Reporter();
  const state: PackState = {
    dir: absolute,
    prefix,
    id: basename(absolute),
    manifest: undefined,
    entries: [],
    chapters: [],
    files: [],
    reporter,
    sources: new Map(),
    paths: new Map(),
    manifestSource: undefined,
    superseded: new Set(),
  };
  let stats: import("node:fs").Stats | undefined;
  try {
    stats = lstatSync(absolute);
  } catch {
    stats = undefined;
  }
  if (!stats?.isDirectory()) {
    reporter.add(
      new SourceFile(rel(""), ""),
      packRule.meta,
      "not-a-directory",
      { path: dir },
      { start: 0, end: 0 },
    );
    return state;
  }

  const manifestFile = rel(PACK_MANIFEST_FILE);
  const manifestText = readPackFile(
    resolve(absolute, PACK_MANIFEST_FILE),
    manifestFile,
    MAX_MANIFEST_BYTES,
    reporter,
  );
  if (manifestText === undefined) {
    if (!reporter.diagnostics.some((d) => d.file === manifestFile)) {
      reporter.add(
        new SourceFile(manifestFile, ""),
        packRule.meta,
        "manifest-missing",
        {},
        { start: 0, end: 0 },
        {
          help: "run `momenta init-pack <dir>` to scaffold one",
        },
      );
    }
  } else {
    const source = new SourceFile(manifestFile, manifestText);
    state.manifestSource = source;
    state.sources.set(manifestFile, source);
    state.paths.set(manifestFile, resolve(absolute, PACK_MANIFEST_FILE));
    state.files.push(manifestFile);
    const value = parsePackJson(source, limits, reporter);
    if (value !== undefined) {
      const ok = reporter.schema(source, packManifestSchema, value, (path, key) =>
        source.locate(path, { key }),
      );
      if (ok) {
        state.manifest = packManifestSchema.parse(value);
        state.id = state.manifest.id;
      } else if (isObject(value) && typeof value.id === "string" && SLUG_PATTERN.test(value.id))
        state.id = value.id;
    }
  }

  const contentPath = resolve(absolute, "content");
  let contentStats: import("node:fs").Stats | undefined;
  try {
    contentStats = lstatSync(contentPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
      const path = rel("content");
      reporter.add(
        new SourceFile(path, ""),
        unsafeInputRule.meta,
        "unreadable",
        { path, reason: readFailureReason(error) },
        { start: 0, end: 0 },
        { help: WALK_HELP.unreadable },
      );
      return state;
    }
    contentStats = undefined;
  }
  if (!contentStats) {
    reporter.add(
      new SourceFile(rel("content"), ""),
      packRule.meta,
      "content-missing",
      {},
      { start: 0, end: 0 },
      {
        help: "put entries in `content/<folder>/<slug>.json`, as in the core repository",
      },
    );
    return state;
  }
  if (contentStats.isSymbolicLink() || !contentStats.isDirectory()) {
    reporter.add(
      new SourceFile(rel("content"), ""),
      packRule.meta,
      "content-not-folder",
      {},
      { start: 0, end: 0 },
    );
    return state;
  }

  // the loader walks only `<pack>/content`: no symlinks, no nested folders, capped sizes, parse-only MDX
  const loaded = loadContentSync({ root: absolute, limits });
  state.references = (loaded.graph as Graph).stores;
  const kept = new Set<string>();
  for (const file of loaded.graph.files) {
    const source = loaded.graph.source(file);
    if (!source) continue;
    const path = loaded.graph.pathOf(file);
    if (path) state.paths.set(rel(file), path);
    state.sources.set(rel(file), new SourceFile(rel(file), source.text));
    state.files.push(rel(file));
    kept.add(file);
  }
  const revalidated = new Set<string>();
  for (const entry of [...loaded.graph.entries.values(), ...loaded.graph.duplicates]) {
    entry.file = rel(entry.file);
    revalidated.add(entry.file);
    state.entries.push(entry);
  }
  for (const chapter of loaded.graph.chapters) {
    chapter.file = rel(chapter.file);
    revalidated.add(chapter.file);
    state.chapters.push(chapter);
  }
  for (const diagnostic of loaded.diagnostics) {
    const file = rel(diagnostic.file);
    // schema problems of entries and chapters are re-checked below with namespaced ids
    if (diagnostic.ruleId === schemaRule.meta.id && revalidated.has(file)) continue;
    // pack chapters are Markdown: MDX syntax does not apply to them
    if (diagnostic.ruleId === parseRule.meta.id && diagnostic.messageId === "mdx") continue;
    reporter.diagnostics.push({
      ...diagnostic,
      file,
      related: diagnostic.related.map((related) => ({ ...related, file: rel(related.file) })),
    });
  }
  for (const entry of state.entries) revalidateEntry(state, entry, limits, core);
  for (const chapter of state.chapters) revalidateChapter(state, chapter, limits);
  return state;
}

/** Check a pack entry with its kind's schema, ids and `source` namespaced; scan its prose. */
function revalidateEntry(state: PackState, entry: Entry, limits: Limits, core: CoreContent): void {
  const source = state.sources.get(entry.file);
  if (!source) return;
  const { reporter } = state;
  const raw = parseJson(source.text, limits).value;
  if (!isObject(raw)) return;
  const slug = entrySlug(entry.file);
  const expected = packEntryId(entry.kind, state.id, slug);
  const copy: Record<string, unknown> = { ...raw };
  if (typeof raw.id === "string") {
    if (raw.id !== expected) {
      const coreTarget = core.byId.get(raw.id);
      if (coreTarget) {
        const coreSource = core.sources.get(coreTarget.file);
        const related = coreSource ? [coreSource.related(0, 1, "the core entry")] : [];
        reporter.add(source, packRule.meta, "redefines-core-id", { id: raw.id }, source.locate(["id"]), {
          path: ["id"],
          help: `give the pack its own entry: \`"id": "${expected}"\``,
          related,
        });
      } else {
        reporter.add(source, packRule.meta, "id-namespace", { id: raw.id, expected }, source.locate(["id"]), {
          path: ["id"],
          help: `set \`"id": "${expected}"\` (or rename the file to match)`,
        });
      }
    }
    // the kind schema checks everything else; the namespace was checked above
    copy.id = `${entry.kind}/${SLUG_PATTERN.test(slug) ? slug : "x"}`;
  }
  if (isObject(raw.source)) {
    const ok = reporter.schema(
      source,
      packEntrySource,
      raw.source,
      (path, key) => source.locate(path, { key }),
      ["source"],
    );
    if (ok && raw.source.pack !== state.id) {
      reporter.add(
        source,
        packRule.meta,
        "source-pack",
        { actual: String(raw.source.pack), expected: state.id },
        source.locate(["source", "pack"]),
        { path: ["source", "pack"], help: `set \`"pack": "${state.id}"\`` },
      );
    }
    copy.source = { book: "core-rules" };
  }
  const schema = entry.definition.schema;
  const valid = reporter.schema(source, schema, copy, (path, key) => source.locate(path, { key }));
  entry.id = expected;
  entry.valid = valid;
  entry.data = valid
    ? { ...(schema.parse(copy) as Record<string, unknown>), id: expected, source: raw.source }
    : raw;
  for (const [text, path] of walkStrings(raw)) {
    if (path.length === 1 && (path[0] === "$schema" || path[0] === "id")) continue;
    for (const problem of lintProse(text)) {
      reporter.add(
        source,
        untrustedProseRule.meta,
        problem.messageId,
        problem.data,
        source.locateInString(path, problem.start, problem.end),
        {
          path,
          help: PROSE_HELP[problem.messageId],
        },
      );
    }
  }
}

/** A pack chapter: namespaced id, frontmatter schema, and its body scanned as plain Markdown. */
function revalidateChapter(state: PackState, chapter: Chapter, limits: Limits): void {
  const source = state.sources.get(chapter.file);
  if (!source) return;
  const { reporter } = state;
  const slug = basename(chapter.file)
    .replace(/\.mdx$/, "")
    .replace(/^(\d\d|[a-z])-/i, "");
  const expected = `chapter/${state.id}.${slug}`;
  const { frontmatter } = parseFrontmatter(source.text, limits);
  if (frontmatter && isObject(frontmatter.value)) {
    const fm = frontmatter.value;
    const copy: Record<string, unknown> = { ...fm };
    if (typeof fm.id === "string") {
      if (fm.id !== expected) {
        reporter.add(
          source,
          packRule.meta,
          "id-namespace",
          { id: fm.id, expected },
          frontmatter.locate(["id"]),
          {
            path: ["id"],
            help: `set \`id: ${expected}\``,
          },
        );
      }
      copy.id = `chapter/${SLUG_PATTERN.test(slug) ? slug : "x"}`;
    }
    chapter.valid = reporter.schema(source, chapterFrontmatterSchema, copy, (path) =>
      frontmatter.locate(path),
    );
  } else chapter.valid = false;
  chapter.id = expected;
  chapter.frontmatter = { ...chapter.frontmatter, id: expected };
  for (const problem of lintProse(chapter.body)) {
    reporter.add(
      source,
      untrustedProseRule.meta,
      problem.messageId,
      problem.data,
      { start: chapter.bodyOffset + problem.start, end: chapter.bodyOffset + problem.end },
      { help: PROSE_HELP[problem.messageId] },
    );
  }
}

/** Checks that need every pack and the core: names, dependencies, references across packs. */
function checkAcrossPacks(state: PackState, byId: Map<string, PackState>, core: CoreContent): void {
  const { reporter, manifest, manifestSource } = state;
  if (manifest && manifestSource) {
    if (!satisfies(MOMENTA_RULES_VERSION, manifest.momenta)) {
      reporter.add(
        manifestSource,
        packRule.meta,
        "rules-version",
        { range: manifest.momenta, version: MOMENTA_RULES_VERSION },
        manifestSource.locate(["momenta"]),
        {
          path: ["momenta"],
          help: "update the pack for these rules, or use a validator of a matching version",
        },
      );
    }
    for (const [id, range] of Object.entries(manifest.dependencies ?? {})) {
      const at = manifestSource.locate(["dependencies", id], { key: true });
      const path = ["dependencies", id];
      if (id === state.id) {
        reporter.add(manifestSource, packRule.meta, "dependency-self", {}, at, { path, help: "remove it" });
        continue;
      }
      const dependency = byId.get(id);
      if (!dependency) {
        reporter.add(manifestSource, packRule.meta, "dependency-not-loaded", { id }, at, {
          path,
          help: `pass the dependency too: \`momenta lint --pack <this pack> --pack <${id}>\``,
        });
      } else if (dependency.manifest && !satisfies(dependency.manifest.version, range)) {
        reporter.add(
          manifestSource,
          packRule.meta,
          "dependency-version",
          { id, version: dependency.manifest.version, range },
          manifestSource.locate(["dependencies", id]),
          { path, help: "load a matching version of the dependency, or widen the range" },
        );
      }
    }
  }
  const declared = new Set(Object.keys(manifest?.dependencies ?? {}));
  const coreNames = new Map<string, Entry>();
  for (const entry of core.entries) coreNames.set(`${entry.kind}\u0000${normalizeName(entry.name)}`, entry);
  for (const entry of state.entries) {
    const source = state.sources.get(entry.file);
    if (!source) continue;
    const clash = coreNames.get(`${entry.kind}\u0000${normalizeName(entry.name)}`);
    if (clash) {
      const coreSource = core.sources.get(clash.file);
      reporter.add(
        source,
        packRule.meta,
        "redefines-core-name",
        { kind: entry.definition.label.toLowerCase(), name: entry.name, other: clash.id },
        source.locate(["name"]),
        {
          path: ["name"],
          help: "give the homebrew entry a name of its own",
          related: coreSource ? [coreSource.related(0, 1, "the core entry")] : [],
        },
      );
    }
  }
  const check = (owner: Entry | Chapter, resolved: ResolvedReference) => {
    const source = state.sources.get(owner.file);
    if (!source) return;
    const { reference, resolution } = resolved;
    const at =
      owner.kind === "chapter"
        ? { start: resolved.start, end: resolved.end }
        : source.locateInString(resolved.path, resolved.start, resolved.end);
    const targetPack = resolution.ok
      ? packOfId(resolution.target.id)
      : packOfId(reference.kind ? `${reference.kind}/${reference.target}` : reference.target);
    if (!targetPack || targetPack === state.id) return;
    const position = source.lines.position(at.start);
    const key = `${owner.file}:${position.line}:${position.column}`;
    if (!declared.has(targetPack)) {
      reporter.add(
        source,
        packRule.meta,
        "undeclared-dependency",
        { raw: reference.raw, pack: targetPack },
        at,
        {
          path: resolved.path,
          help: `add \`"${targetPack}": "<version range>"\` to \`dependencies\` in momenta-pack.json`,
        },
      );
      state.superseded.add(key);
    } else if (!resolution.ok && !byId.has(targetPack)) {
      reporter.add(source, packRule.meta, "dependency-not-loaded", { id: targetPack }, at, {
        path: resolved.path,
        help: `pass the dependency too: \`--pack <${targetPack}>\``,
      });
      state.superseded.add(key);
    }
  };
  for (const entry of state.entries) for (const resolved of entry.references) check(entry, resolved);
  for (const chapter of state.chapters) for (const resolved of chapter.references) check(chapter, resolved);
}

/** Graph-rule findings a pack check replaces with a more precise one. */
function supersededByPack(diagnostic: Diagnostic, state: PackState, chapterFiles: Set<string>): boolean {
  if (
    diagnostic.ruleId === "ids" &&
    ["file-mismatch", "chapter-file-mismatch", "duplicate"].includes(diagnostic.messageId)
  )
    return true;
  if (
    (diagnostic.ruleId === "mdx-code" || diagnostic.ruleId === "components") &&
    chapterFiles.has(diagnostic.file)
  )
    return true;
  if (diagnostic.ruleId === "references") {
    return state.superseded.has(`${diagnostic.file}:${diagnostic.line}:${diagnostic.column}`);
  }
  return false;
}

/** Lint one or more packs against the core content (and each other, for declared dependencies). */
export function lintPacks(options: PackLintOptions): PackLintResult {
  const limits: Limits = {
    ...DEFAULT_LOADER_LIMITS,
    ...DEFAULT_JSON_LIMITS,
    ...DEFAULT_MDX_LIMITS,
    ...options.limits,
  };
  const coreRoot = options.coreRoot ?? findCoreRoot();
  if (!coreRoot) throw new Error("the core content was not found next to the validator");
  const core = loadCore(coreRoot);
  const states = options.packs.map((dir) => loadPack(dir, options, limits, core));

  const byId = new Map<string, PackState>();
  for (const state of states) {
    const other = byId.get(state.id);
    if (other && state.manifestSource) {
      state.reporter.add(
        state.manifestSource,
        packRule.meta,
        "duplicate-pack",
        { id: state.id, other: other.prefix || "." },
        state.manifestSource.locate(["id"]),
        { path: ["id"] },
      );
      continue;
    }
    byId.set(state.id, state);
  }
  const loaded = [...byId.values()];
  const sources = new Map<string, SourceFile>(core.sources);
  const paths = new Map<string, string>(core.paths);
  for (const state of states) for (const [file, source] of state.sources) sources.set(file, source);
  for (const state of states) for (const [file, path] of state.paths) paths.set(file, path);
  const graph = new Graph(
    [...core.entries, ...loaded.flatMap((state) => state.entries)],
    [...core.chapters, ...loaded.flatMap((state) => state.chapters)],
    sources,
    loaded.flatMap((state) => state.references ?? []),
    paths,
  );
  graph.resolveReferences();
  for (const state of loaded) checkAcrossPacks(state, byId, core);

  const fileOwner = new Map<string, PackState>();
  for (const state of states) for (const file of state.files) fileOwner.set(file, state);
  const chapterFiles = new Set(states.flatMap((state) => state.chapters.map((chapter) => chapter.file)));
  const all: Diagnostic[] = states.flatMap((state) => state.reporter.diagnostics);
  for (const diagnostic of runRules(graph)) {
    if (diagnostic.file.startsWith(CORE_PREFIX)) continue;
    const owner = fileOwner.get(diagnostic.file);
    if (!owner || supersededByPack(diagnostic, owner, chapterFiles)) continue;
    all.push(diagnostic);
  }
  const diagnostics = applySeverities(all, options.rules).sort(compareDiagnostics);
  let errorCount = 0;
  let warningCount = 0;
  for (const diagnostic of diagnostics) {
    if (diagnostic.severity === "error") errorCount++;
    else warningCount++;
  }
  return {
    graph,
    diagnostics,
    errorCount,
    warningCount,
    files: states.flatMap((state) => state.files).sort(),
    packs: states.map(({ dir, prefix, id, manifest, entries, chapters, files }) => ({
      dir,
      prefix,
      id,
      manifest,
      entries,
      chapters,
      files,
    })),
    sourceText: (file) => sources.get(file)?.text,
  };
}
