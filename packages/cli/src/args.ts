// Command-line parsing for `momenta`: node:util parseArgs tokenizes; every mistake is a usage error (exit 2)
import { type ParseArgsConfig, parseArgs as parseUtilArgs } from "node:util";
import { type SeveritySetting, UsageError } from "@momenta/content";

export { UsageError };

export interface CliOptions {
  command: "lint" | "export" | "coverage" | "help";
  paths: string[];
  format: string;
  maxWarnings: number | undefined;
  rules: Record<string, SeveritySetting>;
  quiet: boolean;
  listRules: boolean;
  out: string | undefined;
  root: string | undefined;
  /** `--config <path>`: the configuration file instead of `momenta.config.json` at the root. */
  config: string | undefined;
  color: boolean | undefined;
  timing: boolean;
  watch: boolean;
  fix: boolean;
}

const COMMANDS = new Set(["lint", "export", "coverage", "help"]);
/** What `momenta export --format` writes: the graph as one JSON document, an Obsidian vault, a Foundry VTT module. */
export const EXPORT_FORMATS = ["json", "obsidian", "foundry"];
const SEVERITIES = new Set(["off", "warn", "error"]);

/** The options `momenta` takes, for `node:util`'s parseArgs (which tokenizes; the checks below give our messages). */
const OPTIONS = {
  help: { type: "boolean", short: "h" },
  format: { type: "string", short: "f" },
  "max-warnings": { type: "string" },
  rule: { type: "string", multiple: true },
  quiet: { type: "boolean", short: "q" },
  "list-rules": { type: "boolean" },
  out: { type: "string", short: "o" },
  root: { type: "string" },
  config: { type: "string" },
  color: { type: "boolean" },
  "no-color": { type: "boolean" },
  timing: { type: "boolean" },
  watch: { type: "boolean", short: "w" },
  fix: { type: "boolean" },
} as const satisfies ParseArgsConfig["options"];

type OptionName = keyof typeof OPTIONS;

export function parseArgs(
  argv: readonly string[],
  knownRules: readonly string[],
  formats: readonly string[],
): CliOptions {
  const options: CliOptions = {
    command: "lint",
    paths: [],
    format: "stylish",
    maxWarnings: undefined,
    rules: {},
    quiet: false,
    listRules: false,
    out: undefined,
    root: undefined,
    config: undefined,
    color: undefined,
    timing: false,
    watch: false,
    fix: false,
  };
  // not strict: unknown options and missing values come back as tokens, so every mistake gets our own message
  const { tokens } = parseUtilArgs({
    args: [...argv],
    options: OPTIONS,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  for (const [position, token] of tokens.entries()) {
    // `--` ends options in most tools; here it has never meant anything, so it stays an unknown option
    if (token.kind === "option-terminator")
      throw new UsageError("unknown option `--` (try `momenta --help`)");
    if (token.kind === "positional") {
      if (position === 0 && token.index === 0 && !token.value.startsWith("-")) {
        if (!COMMANDS.has(token.value))
          throw new UsageError(`unknown command \`${token.value}\` (try \`momenta --help\`)`);
        options.command = token.value as CliOptions["command"];
      } else options.paths.push(token.value);
      continue;
    }
    const flag = token.rawName;
    if (!(token.name in OPTIONS)) throw new UsageError(`unknown option \`${flag}\` (try \`momenta --help\`)`);
    const name = token.name as OptionName;
    const value = () => {
      // `-f=json` arrives as `=json`; a value that is the next `--flag` was not given one
      let text = token.value;
      if (text !== undefined && token.inlineValue && flag.length === 2) text = text.replace(/^=/, "");
      if (text === undefined || (!token.inlineValue && text.startsWith("--")))
        throw new UsageError(`\`${flag}\` needs a value`);
      return text;
    };
    switch (name) {
      case "help":
        options.command = "help";
        break;
      case "format": {
        const format = value();
        if (options.command === "export") {
          if (!EXPORT_FORMATS.includes(format))
            throw new UsageError(`unknown export format \`${format}\`: use ${EXPORT_FORMATS.join(", ")}`);
          options.format = format;
          break;
        }
        if (!formats.includes(format))
          throw new UsageError(`unknown format \`${format}\`: use ${formats.join(", ")}`);
        options.format = format;
        break;
      }
      case "max-warnings": {
        const text = value();
        const n = Number(text);
        if (!Number.isInteger(n) || n < -1)
          throw new UsageError(`\`--max-warnings\` needs a whole number, got \`${text}\``);
        options.maxWarnings = n < 0 ? undefined : n;
        break;
      }
      case "rule": {
        const text = value();
        const match = /^([a-z0-9-]+)[=:](off|warn|error)$/.exec(text);
        if (!match) throw new UsageError(`\`--rule\` takes \`<id>=off|warn|error\`, got \`${text}\``);
        const [, id, severity] = match as unknown as [string, string, string];
        if (!knownRules.includes(id))
          throw new UsageError(`unknown rule \`${id}\` (see \`momenta lint --list-rules\`)`);
        if (!SEVERITIES.has(severity)) throw new UsageError(`unknown severity \`${severity}\``);
        options.rules[id] = severity as SeveritySetting;
        break;
      }
      case "quiet":
        options.quiet = true;
        break;
      case "list-rules":
        options.listRules = true;
        break;
      case "out":
        options.out = value();
        break;
      case "root":
        options.root = value();
        break;
      case "config":
        options.config = value();
        break;
      case "color":
        options.color = true;
        break;
      case "no-color":
        options.color = false;
        break;
      case "timing":
        options.timing = true;
        break;
      case "watch":
        options.watch = true;
        break;
      case "fix":
        options.fix = true;
        break;
    }
  }
  return options;
}

const HELP = `momenta — lint, export and measure the Momenta rulebook content

usage:
  momenta lint [paths…] [options]   check content (default: content/)
  momenta lint --list-rules         list every rule with its default severity
  momenta export [--out file]       the resolved content graph as one JSON document
  momenta export --format obsidian <dir>  an Obsidian vault: a note per entry and chapter, [[wikilinks]]
  momenta export --format foundry <dir>   a Foundry VTT module: a journal compendium of chapters and catalogs
  momenta coverage [--format json]  what the book still lacks, grouped by catalog
  momenta diff <old> <new>          what changed between two content trees or git revisions (--format json, markdown)
  momenta lint --pack <dir>         lint a homebrew pack against the core rules (see \`momenta init-pack --help\`)
  momenta init-pack <dir>           scaffold a homebrew pack
  momenta --version                 the version of this linter

lint options:
  -f, --format <name>      stylish (default), json, sarif, github, compact (one line each, for quickfix lists)
  --max-warnings <n>       exit 1 when there are more than n warnings
  --rule <id>=<severity>   override a rule: off, warn or error (repeatable)
  -q, --quiet              report errors only
  --root <dir>             repository root (default: the current directory)
  --config <path>          the configuration file (default: momenta.config.json at the root, if there is one):
                           \`rules\` sets severities, \`ignore\` lists globs of files not reported; \`--rule\` wins
  --color, --no-color      force colors on or off (default: on for a terminal)
  --timing                 print where the time went (loader phases and rules) to stderr
  -w, --watch              lint, then re-lint on each content or configuration change and print what it changed
  --fix                    write the rules' mechanical fixes (a help's did-you-mean name, kind, anchor, field or
                           value) into the linted files, each file at once, linting again until none is left; lists
                           each fix, then reports what remains (never writes outside the content folder or packs)

exit codes: 0 clean, 1 errors (or too many warnings), 2 usage or internal error
`;

/** `momenta --help`: the validator's commands, then those other packages registered (`extra`, one line each). */
export function helpText(extra: readonly string[] = []): string {
  const marker = "  momenta --version";
  return HELP.replace(marker, [...extra.map((line) => `  ${line}`), marker].join("\n"));
}
