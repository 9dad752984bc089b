// lintPacks: homebrew packs linted by the one loader, as untrusted packs over the core as their dependency
import { relative, resolve } from "node:path";
import type { ContentFiles, JsonLimits, LoadedPack, LoaderLimits, MdxLimits } from "@momenta/content";
import { compareDiagnostics, load, OverlayFiles, type SeveritySetting, toPosix } from "@momenta/content";
import { parsePackEntryId } from "@momenta/schema";
import { applyConfig, type LintConfig } from "./config.ts";
import { IncrementalLint } from "./incremental.ts";
import { type LintOptions, type LintResult, lintContentSync, runRules, sourceTextOf } from "./lint.ts";
import { findCoreRoot, loadCore } from "./pack/core.ts";
import { PACK_RULES } from "./pack/rules.ts";
import { type ReleaseChanges, readReleaseChanges, rulesChangedRule } from "./pack/rules-changed.ts";
import type { Change } from "./relint.ts";
import { RULES } from "./rules/index.ts";

export type { LoadedPack };

export interface PackLintOptions {
  /** Pack folders (absolute, or relative to `cwd`); each holds `momenta-pack.json` and `content/`. */
  packs: string[];
  /** Diagnostics name files relative to this folder (the homebrew repository's root in CI). */
  cwd: string;
  /** Folder holding the core `content/`; default: the one bundled with the validator. */
  coreRoot?: string;
  rules?: Record<string, SeveritySetting>;
  /** The configuration file (absolute, or relative to `cwd`); default: `momenta.config.json` in `cwd`, if any. */
  config?: string;
  /** What each rules release changed (default: the core's `changes/`): `rules-changed` warns about packs that rely on it. */
  changes?: readonly ReleaseChanges[];
  limits?: Partial<LoaderLimits & JsonLimits & MdxLimits>;
  /** Where the packs' files are read from: the disk (default), or it with an editor's unsaved texts over it. */
  files?: ContentFiles;
  /** A long-lived lint's last configuration, kept while the file does not parse (see `ConfigOptions.previous`). */
  previousConfig?: LintConfig;
}

export interface PackLintResult extends LintResult {
  /** Text of any file read (pack files and `core:` files), for code frames. */
  sourceText(file: string): string | undefined;
}

/** Lint one or more packs against the core content (and each other, for declared dependencies). */
export function lintPacks(options: PackLintOptions): PackLintResult {
  const { coreRoot, lintOptions } = packLoad(options);
  const result = lintContentSync(lintOptions);
  return withRulesChanged(result, options.changes ?? readReleaseChanges(coreRoot), options.rules);
}

/** What a lint of packs loads: the packs as untrusted roots over the core as their dependency. */
function packLoad(options: PackLintOptions): { coreRoot: string; lintOptions: LintOptions } {
  const coreRoot = options.coreRoot ?? findCoreRoot();
  if (!coreRoot) throw new Error("the core content was not found next to the validator");
  const lintOptions: LintOptions = {
    roots: options.packs,
    pack: { cwd: options.cwd },
    dependencies: [loadCore(coreRoot)],
  };
  if (options.rules) lintOptions.rules = options.rules;
  if (options.config) lintOptions.config = options.config;
  if (options.limits) lintOptions.limits = options.limits;
  if (options.files) lintOptions.files = options.files;
  if (options.previousConfig) lintOptions.previousConfig = options.previousConfig;
  return { coreRoot, lintOptions };
}

/**
 * A pack lint's result with the `rules-changed` warnings (the packs' reliance on what a rules release changed), run
 * over the whole graph and kept for the packs' own files, and the source text for code frames.
 */
function withRulesChanged(
  result: LintResult,
  changes: readonly ReleaseChanges[],
  rules: Record<string, SeveritySetting> | undefined,
): PackLintResult {
  const own = new Set(result.files);
  const changed = applyConfig(
    runRules(result.graph, [rulesChangedRule(changes)]).filter((d) => own.has(d.file)),
    result.config,
    rules,
  );
  if (changed.length > 0) {
    result.diagnostics = [...result.diagnostics, ...changed].sort(compareDiagnostics);
    for (const d of changed)
      if (d.severity === "error") result.errorCount++;
      else result.warningCount++;
  }
  return { ...result, sourceText: sourceTextOf(result) };
}

/** The pack a namespaced id (`weapon/ember-court.glaive`, `chapter/ember-court.rites`) belongs to. */
export function packOfId(id: string): string | undefined {
  return parsePackEntryId(id)?.pack;
}

/**
 * Packs linted again on each change, as `lint --watch --pack`, the language server and the dev server keep them: by
 * the core's incremental re-lint (`IncrementalLint`, given the packs as its tree), with the same diagnostics a full
 * `lintPacks` gives (lint-pack-incremental.test.ts compares them over a sequence of edits). Every read goes through
 * one overlay of unsaved texts over the disk (the loader's file interface), so an editor's buffer and a saved file
 * are linted alike and nothing is written anywhere. The core is loaded once (`loadCore`).
 */
export class PackRelint extends IncrementalLint {
  /** The unsaved texts, by absolute path, over the disk. */
  readonly files: OverlayFiles;
  private readonly cwd: string;

  /** `texts`: the editor's texts to lint the packs with from the start (named relative to `cwd`). */
  constructor(options: Omit<PackLintOptions, "files">, texts: readonly Change[] = []) {
    const files = new OverlayFiles();
    for (const change of texts) files.set(resolve(options.cwd, change.file), change.text);
    const { coreRoot, lintOptions } = packLoad({ ...options, files });
    const changes = options.changes ?? readReleaseChanges(coreRoot);
    const rules = [...RULES, ...PACK_RULES];
    super({ ...lintOptions, root: resolve(options.cwd) }, undefined, {
      load: () => load(lintOptions),
      rules,
      files,
      dependencies: (lintOptions.dependencies ?? []).map((dependency) => dependency.graph),
      finish: (result) => withRulesChanged(result, changes, options.rules),
    });
    this.files = files;
    this.cwd = resolve(options.cwd);
  }

  override get current(): PackLintResult {
    return super.current as PackLintResult;
  }

  override full(): PackLintResult {
    return super.full() as PackLintResult;
  }

  /** Files changed (named relative to `cwd`, or absolute): their editor text, or undefined for the disk's. */
  override update(changes: readonly Change[]): PackLintResult {
    const named = changes.map((change) => {
      const absolute = resolve(this.cwd, change.file);
      this.files.set(absolute, change.text);
      return { ...change, file: toPosix(relative(this.cwd, absolute)) };
    });
    return super.update(named) as PackLintResult;
  }
}
