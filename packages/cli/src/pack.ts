// CLI for homebrew packs: `momenta lint --pack <dir>` and `momenta init-pack <dir>`; other commands fall through
import { resolve } from "node:path";
import { parseArgs as parseUtilArgs } from "node:util";
import { isInside } from "@momenta/content";
import { FORMATTERS, lintPacks, PACK_RULES, type PackLintResult, RULES, SAFETY_RULES } from "@momenta/lint";
import { type CliOptions, parseArgs, UsageError } from "./args.ts";
import { fixAndLint, formatFixed } from "./fix.ts";
import { InitPackError, initPack } from "./init-pack.ts";
import type { CliIo } from "./io.ts";
import { configOf, reportLint } from "./report.ts";
import { watchPackLint } from "./watch.ts";

export const PACK_HELP = `homebrew packs:
  momenta lint --pack <dir> [--pack <dir>…] [options]
                           lint packs against the bundled core rules (and each other, for dependencies);
                           with --watch, again on each change to their files
  momenta init-pack <dir> [--id <pack-id>] [--name <name>]
                           scaffold a pack: manifest, example entry, editor schemas, CI workflow
  momenta init-pack <dir> --update
                           refresh a pack's schemas, editor settings and workflow (content untouched)
  --fix                    write the mechanical fixes into the packs' own files (never the core's)
  --core <dir>             lint against the core content in <dir> instead of the bundled one
  --config <path>          the configuration (default: momenta.config.json in the current folder, if any); a
                           pack's cannot change or ignore the safety rules
                           (${[...SAFETY_RULES].sort().join(", ")}), nor can \`--rule\` turn them off or lower them
`;

const ALL_RULES = [...RULES, ...PACK_RULES];
const RANK: Record<string, number> = { off: 0, warn: 1, error: 2 };

/**
 * `--rule` may raise a safety rule but not turn it off or lower it: with `--pack` the command line is a pack's CI
 * too, and a pack's own configuration is refused the same (see SAFETY_RULES).
 */
function refuseLoweredSafetyRules(rules: CliOptions["rules"]): void {
  for (const [id, severity] of Object.entries(rules)) {
    const rule = ALL_RULES.find((one) => one.meta.id === id);
    if (!rule || !SAFETY_RULES.has(id)) continue;
    if ((RANK[severity] ?? 0) >= (RANK[rule.meta.defaultSeverity] ?? 0)) continue;
    throw new UsageError(
      `\`--rule ${id}=${severity}\` cannot lower a safety rule with \`--pack\`: \`${id}\` keeps a pack's text inert wherever it is read\nhelp: drop \`--rule ${id}=${severity}\`; its diagnostics stay as the rule reports them`,
    );
  }
}

/** Take `--flag value` / `--flag=value` (repeatable) out of argv, as node:util's parseArgs tokenizes them. */
function extract(args: string[], flag: string): string[] {
  const name = flag.slice(2);
  const { tokens } = parseUtilArgs({
    args,
    options: { [name]: { type: "string", multiple: true } },
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  const values: string[] = [];
  const taken = new Set<number>();
  for (const token of tokens) {
    if (token.kind !== "option" || token.rawName !== flag) continue;
    if (token.value === undefined || (!token.inlineValue && token.value.startsWith("--")))
      throw new UsageError(
        `\`${flag}\` needs ${flag === "--pack" || flag === "--core" ? "a folder" : "a value"}`,
      );
    values.push(token.value);
    taken.add(token.index);
    if (!token.inlineValue) taken.add(token.index + 1);
  }
  const rest = args.filter((_arg, index) => !taken.has(index));
  args.splice(0, args.length, ...rest);
  return values;
}

/**
 * Handle a pack command and return its exit code, or undefined when argv is not a pack command
 * (the regular CLI handles it then).
 */
export function runPackCommand(argv: readonly string[], io: CliIo): number | undefined {
  const isInit = argv[0] === "init-pack";
  const isLint = argv.some((arg) => arg === "--pack" || arg.startsWith("--pack="));
  if (!isInit && !isLint) return undefined;
  try {
    return isInit ? runInit(argv.slice(1), io) : runLint(argv, io);
  } catch (error) {
    if (error instanceof UsageError || error instanceof InitPackError) {
      io.stderr(`error: ${error.message}\n`);
      return 2;
    }
    io.stderr(`internal error: ${(error as Error).stack ?? String(error)}\n`);
    return 2;
  }
}

function runInit(argv: string[], io: CliIo): number {
  const args = [...argv];
  if (args.includes("--help") || args.includes("-h")) {
    io.stdout(PACK_HELP);
    return 0;
  }
  const [id] = extract(args, "--id");
  const [name] = extract(args, "--name");
  const update = args.includes("--update");
  if (update) args.splice(args.indexOf("--update"), 1);
  const unknown = args.find((arg) => arg.startsWith("-"));
  if (unknown) throw new UsageError(`unknown option \`${unknown}\` for init-pack`);
  if (args.length !== 1)
    throw new UsageError("usage: momenta init-pack <dir> [--id <pack-id>] [--name <name>] [--update]");
  if (update && (id !== undefined || name !== undefined))
    throw new UsageError("`--update` keeps the manifest: drop `--id` and `--name`");
  const dir = resolve(io.cwd, args[0] as string);
  const options: Parameters<typeof initPack>[0] = { dir };
  if (id !== undefined) options.id = id;
  if (name !== undefined) options.name = name;
  if (update) options.update = true;
  const result = initPack(options);
  if (update) {
    io.stdout(
      result.files.length === 0
        ? `pack \`${result.id}\` is up to date\n`
        : `updated pack \`${result.id}\` in ${args[0]}:\n${result.files.map((file) => `  ${file}\n`).join("")}`,
    );
    return 0;
  }
  io.stdout(
    `created pack \`${result.id}\` in ${args[0]}:\n${result.files.map((file) => `  ${file}\n`).join("")}`,
  );
  io.stdout(`next: edit momenta-pack.json, then run \`momenta lint --pack ${args[0]}\`\n`);
  return 0;
}

function runLint(argv: readonly string[], io: CliIo): number {
  const args = [...argv];
  const packs = extract(args, "--pack");
  const [core] = extract(args, "--core");
  const options: CliOptions = parseArgs(
    args,
    ALL_RULES.map((rule) => rule.meta.id),
    Object.keys(FORMATTERS),
  );
  if (options.command === "help") {
    io.stdout(PACK_HELP);
    return 0;
  }
  if (options.command !== "lint") throw new UsageError("`--pack` works with `momenta lint`");
  if (options.paths.length > 0) throw new UsageError("with `--pack`, whole packs are linted: drop the paths");
  refuseLoweredSafetyRules(options.rules);
  const cwd = resolve(io.cwd, options.root ?? ".");
  const lintOptions: Parameters<typeof lintPacks>[0] = {
    packs,
    cwd,
    rules: options.rules,
    ...configOf(options, io),
  };
  if (core !== undefined) lintOptions.coreRoot = resolve(io.cwd, core);
  if (options.watch) {
    if (options.fix) throw new UsageError("`--fix` writes the files once: drop `--watch`");
    watchPackLint(lintOptions, options, io);
    return 0;
  }
  let result: PackLintResult;
  if (options.fix) {
    // a pack's own files only: never the core it is linted against (`core:`), nothing outside the pack folders
    const folders = packs.map((pack) => resolve(cwd, pack));
    const outcome = fixAndLint(
      () => lintPacks(lintOptions),
      (file, linted) => {
        const path = linted.graph.pathOf(file);
        const within = path && folders.find((folder) => isInside(folder, path));
        return path && within ? { path, within } : undefined;
      },
    );
    (options.format === "stylish" ? io.stdout : io.stderr)(formatFixed(outcome));
    result = outcome.result;
  } else result = lintPacks(lintOptions);
  return reportLint(
    {
      diagnostics: result.diagnostics,
      sourceText: result.sourceText,
      errorCount: result.errorCount,
      warningCount: result.warningCount,
      fileCount: result.files.length - result.ignored,
      ignoredCount: result.ignored,
    },
    ALL_RULES,
    options,
    io,
  );
}
