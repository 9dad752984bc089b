// Prints lint results in the chosen format and turns them into the exit code; shared by `lint` and `lint --pack`

import { resolve } from "node:path";
import type { Diagnostic, RuleMeta } from "@momenta/content";
import type { LintResult } from "@momenta/lint";
import {
  configMeta,
  createStylish,
  FORMATTERS,
  type FormatInput,
  ruleDocsUrl,
  sourceTextOf,
} from "@momenta/lint";
import type { CliOptions } from "./args.ts";
import { UsageError } from "./args.ts";
import type { CliIo } from "./io.ts";

export interface LintOutcome {
  diagnostics: readonly Diagnostic[];
  sourceText: (file: string) => string | undefined;
  errorCount: number;
  warningCount: number;
  fileCount: number;
  ignoredCount?: number;
}

/** What `reportLint` needs of a core lint run (`lint`, `lint --watch`). */
export function outcomeOf(result: LintResult): LintOutcome {
  return {
    diagnostics: result.diagnostics,
    sourceText: sourceTextOf(result),
    errorCount: result.errorCount,
    warningCount: result.warningCount,
    fileCount: result.files.length - result.ignored,
    ignoredCount: result.ignored,
  };
}

/** The lint's `config` option from `--config <path>`, which names a file relative to where the command runs. */
export function configOf(options: CliOptions, io: CliIo): { config?: string } {
  return options.config === undefined ? {} : { config: resolve(io.cwd, options.config) };
}

/** Format `outcome` to stdout; exit 1 on errors or too many warnings, else 0. */
export function reportLint(
  outcome: LintOutcome,
  rules: readonly { meta: RuleMeta }[],
  options: CliOptions,
  io: CliIo,
  /** `summary: false`: stylish prints its blocks without the closing count (`lint --watch` prints its own). */
  format: { summary?: boolean } = {},
): number {
  const diagnostics = options.quiet
    ? outcome.diagnostics.filter((d) => d.severity === "error")
    : outcome.diagnostics;
  const input: FormatInput = {
    diagnostics,
    sourceText: outcome.sourceText,
    // the configuration's own rule too: its diagnostics link their page like any other
    rules: [...rules, { meta: configMeta }].map((rule) => ({
      id: rule.meta.id,
      description: rule.meta.description,
      docs: rule.meta.docs,
      url: ruleDocsUrl(rule.meta.id),
      defaultSeverity: rule.meta.defaultSeverity,
    })),
    errorCount: outcome.errorCount,
    warningCount: options.quiet ? 0 : outcome.warningCount,
    fileCount: outcome.fileCount,
    ...(outcome.ignoredCount ? { ignoredCount: outcome.ignoredCount } : {}),
  };
  const formatter =
    options.format === "stylish"
      ? // hyperlinks only on a terminal: a file or a pipe gets each rule's URL as text
        createStylish({ color: options.color ?? io.isTty ?? false, links: io.isTty === true, ...format })
      : FORMATTERS[options.format];
  if (!formatter) throw new UsageError(`unknown format \`${options.format}\``);
  io.stdout(formatter(input));
  if (outcome.errorCount > 0) return 1;
  if (options.maxWarnings !== undefined && outcome.warningCount > options.maxWarnings) {
    io.stderr(`error: ${outcome.warningCount} warnings, more than --max-warnings ${options.maxWarnings}\n`);
    return 1;
  }
  return 0;
}
