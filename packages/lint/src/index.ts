// Public API of @momenta/lint: the rule registry, lint runs (whole, incremental, packs) and the formatters

export {
  applyConfig,
  configMeta,
  type LintConfig,
  loadConfig,
  NO_CONFIG,
  SAFETY_RULES,
} from "./config.ts";
export {
  type CoreAndPacks,
  type CoreAndPacksOptions,
  coreAndPacksOf,
  loadCoreAndPacks,
  type Publishable,
  type Refused,
} from "./core-and-packs.ts";
export { fixedLine, lintDelta, relintDelta, summaryLine } from "./delta.ts";
export { DOCS_ROOT, isAbsoluteUrl, ruleDocsUrl } from "./docs-url.ts";
export { FirstLint } from "./first-lint.ts";
export { applyFixes, type PlannedFix, planFixes } from "./fix.ts";
export { createStylish, FORMATTERS, type FormatInput } from "./formatters/index.ts";
export type { StylishOptions } from "./formatters/stylish.ts";
export type { Formatter } from "./formatters/types.ts";
export { type Change, IncrementalLint, type Relint, type UpdateStats } from "./incremental.ts";
export { type LintOptions, type LintResult, lintContentSync, pathInsideRoot, sourceTextOf } from "./lint.ts";
export {
  lintPacks,
  type PackLintOptions,
  type PackLintResult,
  PackRelint,
  packOfId,
} from "./lint-pack.ts";
export { PACK_RULES } from "./pack/rules.ts";
export { type ReleaseChanges, readReleaseChanges } from "./pack/rules-changed.ts";
export { WATCH_DELAY_MS } from "./relint.ts";
export { RULES } from "./rules/index.ts";
export { writeReference } from "./rules/util.ts";
