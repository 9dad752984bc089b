// The `momenta` CLI: lint, export, coverage — returns an exit code instead of exiting, so tests can drive it
import { resolve } from "node:path";
import { contentDirectory, formatTimings, isInside, load, Timings } from "@momenta/content";
import { FORMATTERS, type LintResult, lintContentSync, pathInsideRoot, RULES } from "@momenta/lint";
import { type CliOptions, helpText, parseArgs, UsageError } from "./args.ts";
import { registeredSubcommand, subcommandUsages } from "./commands.ts";
import { coverageReport, formatCoverage } from "./coverage.ts";
import { runDiffCommand } from "./diff.ts";
import { runExport } from "./export.ts";
import { fixAndLint, formatFixed } from "./fix.ts";
import { WriteError } from "./fs/atomic-write.ts";
import { exitQuietlyWhenPipeCloses } from "./fs/closed-pipe.ts";
import type { CliIo } from "./io.ts";
import { runPackCommand } from "./pack.ts";
import { configOf, outcomeOf, reportLint } from "./report.ts";
import { VERSION } from "./version.ts";
import { watchLint } from "./watch.ts";

export type { CliIo };

export function run(argv: readonly string[], io: CliIo): number {
  if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-v")) {
    io.stdout(`${VERSION}\n`);
    return 0;
  }
  if (argv[0] === "diff") return runDiffCommand(argv.slice(1), io);
  // `momenta lsp --stdio` and any other command a package built on the validator registers
  const subcommand = registeredSubcommand(argv[0]);
  if (subcommand) return subcommand(argv.slice(1), io);
  const pack = runPackCommand(argv, io);
  if (pack !== undefined) return pack;
  let options: CliOptions;
  try {
    options = parseArgs(
      argv,
      RULES.map((rule) => rule.meta.id),
      Object.keys(FORMATTERS),
    );
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`error: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
  try {
    return dispatch(options, io);
  } catch (error) {
    if (error instanceof UsageError || error instanceof WriteError) {
      io.stderr(`error: ${error.message}\n`);
      return 2;
    }
    io.stderr(`internal error: ${(error as Error).stack ?? String(error)}\n`);
    return 2;
  }
}

function dispatch(options: CliOptions, io: CliIo): number {
  if (options.command === "help") {
    io.stdout(helpText(subcommandUsages()));
    return 0;
  }
  const root = resolve(io.cwd, options.root ?? ".");
  if (options.command === "export") return runExport(options, root, io);
  if (options.command === "coverage") {
    const { graph } = load({ root });
    const report = coverageReport(graph);
    io.stdout(options.format === "json" ? `${JSON.stringify(report, null, 2)}\n` : formatCoverage(report));
    return 0;
  }
  if (options.listRules) {
    const width = Math.max(...RULES.map((rule) => rule.meta.id.length));
    for (const rule of RULES) {
      io.stdout(
        `${rule.meta.id.padEnd(width)}  ${rule.meta.defaultSeverity.padEnd(5)}  ${rule.meta.description}\n`,
      );
    }
    return 0;
  }
  for (const path of options.paths) {
    if (!pathInsideRoot(root, path)) throw new UsageError(`\`${path}\` is outside the repository root`);
  }
  if (options.watch) {
    if (options.fix) throw new UsageError("`--fix` writes the files once: drop `--watch`");
    watchLint(root, options, io);
    return 0;
  }
  const timings = options.timing ? new Timings() : undefined;
  const started = performance.now();
  const config = configOf(options, io);
  const lint = () =>
    lintContentSync({ root, paths: options.paths, rules: options.rules, timings, ...config });
  let result: LintResult;
  if (options.fix) {
    // only files of the content folder are ever written, whatever a diagnostic names
    const content = contentDirectory(root);
    const outcome = fixAndLint(lint, (file, linted) => {
      const path = linted.graph.pathOf(file) ?? resolve(root, file);
      return isInside(content, path) ? { path, within: content } : undefined;
    });
    // a machine format's output stays the document it is: the fixes are told on stderr
    (options.format === "stylish" ? io.stdout : io.stderr)(formatFixed(outcome));
    result = outcome.result;
  } else result = lint();
  if (timings) io.stderr(formatTimings(timings, performance.now() - started));
  if (options.paths.length > 0 && result.files.length === 0) {
    throw new UsageError(`${options.paths.map((path) => `\`${path}\``).join(", ")} matches no content file`);
  }
  return reportLint(outcomeOf(result), RULES, options, io);
}

/** Entry point when run as a script (bin/momenta.mjs imports this module). */
export function main(): void {
  exitQuietlyWhenPipeCloses();
  const code = run(process.argv.slice(2), {
    cwd: process.cwd(),
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    isTty: process.stdout.isTTY === true && !process.env.NO_COLOR,
  });
  process.exitCode = code;
}

if (process.argv[1] && /cli[\\/]src[\\/]main\.ts$/.test(process.argv[1])) main();
