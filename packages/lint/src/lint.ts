// Runs the loader and every graph rule, applies the configuration (momenta.config.json), and filters to requested paths
import { relative, resolve } from "node:path";
import type {
  Chapter,
  ContentGraph,
  Entry,
  LoadedPack,
  Rule,
  RuleContext,
  RuleScope,
  SourceFile,
  Timings,
} from "@momenta/content";
import {
  Collector,
  compareDiagnostics,
  type Diagnostic,
  isInside,
  type JsonPath,
  type LoadOptions,
  load,
  noteOf,
  type ReportExtra,
  type SeveritySetting,
  toPosix,
} from "@momenta/content";
import { applyConfig, type LintConfig, loadConfig } from "./config.ts";
import { foldKnockOns } from "./fold.ts";
import { PACK_RULES } from "./pack/rules.ts";
import { RULES } from "./rules/index.ts";

export interface LintOptions extends LoadOptions {
  /** Files or folders to report on (absolute or relative to `root`); default: everything loaded. */
  paths?: string[];
  /** Per-rule severity overrides: `off`, `warn` or `error` (the command line's `--rule`: over the configuration's). */
  rules?: Record<string, SeveritySetting>;
  /**
   * The configuration file (absolute, or relative to the root): it must exist. Default: `momenta.config.json` at the
   * root (a pack's: at `pack.cwd`), when there is one.
   */
  config?: string;
  /** A long-lived lint's last configuration, kept while the file does not parse (see `ConfigOptions.previous`). */
  previousConfig?: LintConfig;
}

export interface LintResult {
  graph: ContentGraph;
  /** Sorted by file, position and rule. */
  diagnostics: Diagnostic[];
  errorCount: number;
  warningCount: number;
  /** Files the diagnostics were filtered to (every file the load read itself when no paths were given). */
  files: string[];
  /**
   * How many of `files` the configuration's `ignore` matches: loaded, their diagnostics not reported (a pack's safety
   * diagnostics excepted). The summary's `checked N files` leaves them out and says `(M ignored)`.
   */
  ignored: number;
  /** The homebrew packs linted (with `pack`). */
  packs: LoadedPack[];
  /** The configuration this lint applied (its file's diagnostics are among `diagnostics`). */
  config: LintConfig;
}

/** A file's text for code frames: a loaded file's, or the configuration's. */
export function sourceTextOf(result: LintResult): (file: string) => string | undefined {
  return (file) =>
    result.graph.source(file)?.text ?? (file === result.config.file ? result.config.source?.text : undefined);
}

/** Run graph rules over a loaded graph (timing each one when `timings` is given). */
export function runRules(
  graph: ContentGraph,
  rules: readonly Rule[] = RULES,
  timings?: Timings,
  /** Only these owners, for the rules that can be scoped (`meta.incremental`); the others run whole. */
  scope?: RuleScope,
): Diagnostic[] {
  const collector = new Collector();
  for (const rule of rules) {
    if (!rule.check) continue;
    const meta = rule.meta;
    const sourceOf = (file: string): SourceFile => {
      const source = graph.source(file);
      if (!source) throw new Error(`no source loaded for ${file}`);
      return source;
    };
    const context: RuleContext = {
      graph,
      ...(scope && meta.incremental ? { scope } : {}),
      report(target) {
        let source: SourceFile;
        let start: number;
        let end: number;
        let path: JsonPath = [];
        if ("entry" in target) {
          source = sourceOf(target.entry.file);
          path = target.path ?? [];
          const at = target.span
            ? source.locateInString(path, target.span.start, target.span.end)
            : source.locate(path, target.key ? { key: true } : {});
          start = at.start;
          end = at.end;
        } else if ("chapter" in target) {
          source = sourceOf(target.chapter.file);
          ({ start, end } = target);
          path = target.path ?? [];
        } else {
          ({ source, start, end } = target);
          path = target.path ?? [];
        }
        const extra: ReportExtra = { path };
        if (target.helpId) extra.helpId = target.helpId;
        if (target.related) extra.related = target.related;
        if (target.severity) extra.severity = target.severity;
        if (target.fix) {
          // inside a JSON string the text is written escaped; a whole string field's fix is its new value
          const field = "entry" in target && !target.key;
          const text = !field
            ? target.fix.text
            : target.span
              ? JSON.stringify(target.fix.text).slice(1, -1)
              : JSON.stringify(target.fix.text);
          extra.fix = { start, end, text, ...(target.fix.suggestion && { suggestion: true as const }) };
        }
        collector.add(source, meta, target.messageId, target.data ?? {}, start, end, extra);
      },
      relatedAt(entry: Entry, path: JsonPath, noteId: string, data?: Record<string, string | number>) {
        const source = sourceOf(entry.file);
        const at = source.locate(path);
        return source.related(at.start, at.end, noteOf(meta, noteId, data));
      },
      note: (noteId, data) => noteOf(meta, noteId, data),
    };
    if (timings) timings.measure(`rule ${meta.id}`, () => rule.check?.(context));
    else rule.check(context);
  }
  return collector.diagnostics;
}

/** The owners of `files` as a rule scope (a patched entry is its last patch's file's). */
export function ownersOf(graph: ContentGraph, files: ReadonlySet<string>): RuleScope {
  const entries = [...graph.entries.values()].filter((entry) => files.has(entry.file));
  const duplicates = graph.duplicates.filter((entry) => files.has(entry.file));
  const chapters = graph.chapters.filter((chapter) => files.has(chapter.file));
  const members = new Set<Entry | Chapter>([...entries, ...duplicates, ...chapters]);
  return { entries, duplicates, chapters, has: (owner) => members.has(owner) };
}

/**
 * Lint a content tree, or homebrew packs (`pack`) over their `dependencies`: load, run rules, apply configuration,
 * keep diagnostics of the load's own files under `paths`.
 */
export function lintContentSync(options: LintOptions): LintResult {
  const loaded = load(options);
  const graph = loaded.graph;
  const rules = options.pack ? [...RULES, ...PACK_RULES] : RULES;
  let ruleDiagnostics: Diagnostic[];
  if (options.dependencies?.length) {
    // dependencies are linted on their own: only the load's own files are reported, so the scoped rules check only
    // the load's owners (as an incremental re-lint scopes them); the others run whole
    const own = new Set(loaded.files);
    ruleDiagnostics = runRules(graph, rules, options.timings, ownersOf(graph, own)).filter((diagnostic) =>
      own.has(diagnostic.file),
    );
  } else ruleDiagnostics = runRules(graph, rules, options.timings);
  return lintResultOf(
    graph,
    [...loaded.diagnostics, ...ruleDiagnostics],
    loaded.files,
    options,
    loaded.packs,
  );
}

/**
 * The result of a lint from its diagnostics: the configuration read and applied (severities, ignored files), filtered
 * to `paths`, sorted and counted. Every lint ends here (full, incremental, watch, the language server's), so the
 * configuration is read anew each time and all of them honour it alike.
 */
export function lintResultOf(
  graph: ContentGraph,
  all: Diagnostic[],
  loadedFiles: string[],
  options: LintOptions,
  packs: LoadedPack[],
): LintResult {
  const root = resolve(options.root ?? options.pack?.cwd ?? ".");
  const config = loadConfig({
    root,
    pack: options.pack !== undefined,
    ...(options.config === undefined ? {} : { path: options.config }),
    ...(options.files === undefined ? {} : { files: options.files }),
    ...(options.previousConfig === undefined ? {} : { previous: options.previousConfig }),
  });
  let diagnostics = applyConfig(all, config, options.rules);
  let files = loadedFiles;
  if (options.paths && options.paths.length > 0) {
    const wanted = options.paths.map((path) => toPosix(relative(root, resolve(root, path))));
    const matches = (file: string) =>
      wanted.some((prefix) => prefix === "" || file === prefix || file.startsWith(`${prefix}/`));
    diagnostics = diagnostics.filter((diagnostic) => matches(diagnostic.file));
    files = files.filter(matches);
  }
  diagnostics.sort(compareDiagnostics);
  // after the `paths` filter: a knock-on stays when its broken file is not among those reported
  diagnostics = foldKnockOns(diagnostics);
  // the configuration's own problems first and whatever the paths: they change what every file reports
  diagnostics = [...[...config.diagnostics].sort(compareDiagnostics), ...diagnostics];
  let errorCount = 0;
  let warningCount = 0;
  for (const diagnostic of diagnostics) {
    if (diagnostic.severity === "error") errorCount++;
    else warningCount++;
  }
  let ignored = 0;
  for (const file of files) if (config.ignores(file)) ignored++;
  return { graph, diagnostics, errorCount, warningCount, files, ignored, packs, config };
}

/** Is a path (absolute or relative to root) inside the root? The CLI refuses `..` escapes with it. */
export function pathInsideRoot(root: string, path: string): boolean {
  return isInside(resolve(root), resolve(root, path));
}
