// lintPacks: homebrew packs linted by the one loader, as untrusted packs over the core as their dependency
import type { ContentFiles, JsonLimits, LoadedPack, LoaderLimits, MdxLimits } from "@momenta/content";
import { compareDiagnostics, type SeveritySetting } from "@momenta/content";
import { parsePackEntryId } from "@momenta/schema";
import { applySeverities, type LintResult, lintContentSync, runRules } from "./lint.ts";
import { findCoreRoot, loadCore } from "./pack/core.ts";
import { type ReleaseChanges, readReleaseChanges, rulesChangedRule } from "./pack/rules-changed.ts";

export type { LoadedPack };

export interface PackLintOptions {
  /** Pack folders (absolute, or relative to `cwd`); each holds `momenta-pack.json` and `content/`. */
  packs: string[];
  /** Diagnostics name files relative to this folder (the homebrew repository's root in CI). */
  cwd: string;
  /** Folder holding the core `content/`; default: the one bundled with the validator. */
  coreRoot?: string;
  rules?: Record<string, SeveritySetting>;
  /** What each rules release changed (default: the core's `changes/`): `rules-changed` warns about packs that rely on it. */
  changes?: readonly ReleaseChanges[];
  limits?: Partial<LoaderLimits & JsonLimits & MdxLimits>;
  /** Where the packs' files are read from: the disk (default), or it with an editor's unsaved texts over it. */
  files?: ContentFiles;
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
  if (options.limits) lintOptions.limits = options.limits;
  if (options.files) lintOptions.files = options.files;
  const result = lintContentSync(lintOptions);
  const own = new Set(result.files);
  const changes = options.changes ?? readReleaseChanges(coreRoot);
  const changed = applySeverities(
    runRules(result.graph, [rulesChangedRule(changes)]).filter((d) => own.has(d.file)),
    options.rules,
  );
  if (changed.length > 0) {
    result.diagnostics = [...result.diagnostics, ...changed].sort(compareDiagnostics);
    for (const d of changed)
      if (d.severity === "error") result.errorCount++;
      else result.warningCount++;
  }
  return { ...result, sourceText: (file) => result.graph.source(file)?.text };
}

/** The pack a namespaced id (`weapon/ember-court.glaive`, `chapter/ember-court.rites`) belongs to. */
export function packOfId(id: string): string | undefined {
  return parsePackEntryId(id)?.pack;
}
