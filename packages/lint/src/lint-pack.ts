// lintPacks: homebrew packs linted by the one loader, as untrusted packs over the core as their dependency
import { resolve } from "node:path";
import type { ContentFiles, JsonLimits, LoadedPack, LoaderLimits, MdxLimits } from "@momenta/content";
import { compareDiagnostics, OverlayFiles, type SeveritySetting } from "@momenta/content";
import { parsePackEntryId } from "@momenta/schema";
import { applyConfig, type LintConfig } from "./config.ts";
import { type LintResult, lintContentSync, runRules, sourceTextOf } from "./lint.ts";
import { findCoreRoot, loadCore } from "./pack/core.ts";
import { type ReleaseChanges, readReleaseChanges, rulesChangedRule } from "./pack/rules-changed.ts";
import type { Change, Relint, UpdateStats } from "./relint.ts";

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
  const coreRoot = options.coreRoot ?? findCoreRoot();
  if (!coreRoot) throw new Error("the core content was not found next to the validator");
  const lintOptions: Parameters<typeof lintContentSync>[0] = {
    roots: options.packs,
    pack: { cwd: options.cwd },
    dependencies: [loadCore(coreRoot)],
  };
  if (options.rules) lintOptions.rules = options.rules;
  if (options.config) lintOptions.config = options.config;
  if (options.limits) lintOptions.limits = options.limits;
  if (options.files) lintOptions.files = options.files;
  if (options.previousConfig) lintOptions.previousConfig = options.previousConfig;
  const result = lintContentSync(lintOptions);
  const own = new Set(result.files);
  const changes = options.changes ?? readReleaseChanges(coreRoot);
  const changed = applyConfig(
    runRules(result.graph, [rulesChangedRule(changes)]).filter((d) => own.has(d.file)),
    result.config,
    options.rules,
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
 * Packs linted again on each change, as `lint --watch --pack` and the language server keep them: every read goes
 * through one overlay of unsaved texts over the disk (the loader's file interface), so an editor's buffer and a
 * saved file are linted alike and nothing is written anywhere. The core is loaded once (`loadCore`); the packs are
 * re-linted whole, since a pack's patches rewrite core entries and its rules read all of it (see `IncrementalLint`
 * for the core's incremental path). Same interface as `IncrementalLint`.
 */
export class PackRelint implements Relint {
  /** The unsaved texts, by absolute path, over the disk. */
  readonly files: OverlayFiles;
  stats: UpdateStats = { mode: "full", checked: 0 };
  /** Any file may have changed: a pack is re-linted whole. */
  readonly affected: ReadonlySet<string> | undefined = undefined;
  private result!: PackLintResult;

  /** `texts`: the editor's texts to lint the packs with from the start. */
  constructor(
    private readonly options: Omit<PackLintOptions, "files">,
    texts: readonly Change[] = [],
  ) {
    this.files = new OverlayFiles();
    this.apply(texts);
    this.full();
  }

  get current(): PackLintResult {
    return this.result;
  }

  full(): PackLintResult {
    const previousConfig = this.result?.config;
    this.result = lintPacks({
      ...this.options,
      files: this.files,
      ...(previousConfig ? { previousConfig } : {}),
    });
    this.stats = { mode: "full", checked: this.result.files.length };
    return this.result;
  }

  /** Files changed (named relative to `cwd`): their editor text, or undefined for the disk's. */
  update(changes: readonly Change[]): PackLintResult {
    this.apply(changes);
    return this.full();
  }

  private apply(changes: readonly Change[]): void {
    for (const change of changes) this.files.set(resolve(this.options.cwd, change.file), change.text);
  }
}
