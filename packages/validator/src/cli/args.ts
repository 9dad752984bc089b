// Command-line parsing for `momenta`: small, strict, and every mistake is a usage error (exit 2)
import type { SeveritySetting } from "../diagnostic.ts";

export class UsageError extends Error {}

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
  color: boolean | undefined;
  timing: boolean;
}

const COMMANDS = new Set(["lint", "export", "coverage", "help"]);
const SEVERITIES = new Set(["off", "warn", "error"]);

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
    color: undefined,
    timing: false,
  };
  const args = [...argv];
  if (args[0] && !args[0].startsWith("-")) {
    const command = args.shift() as string;
    if (!COMMANDS.has(command))
      throw new UsageError(`unknown command \`${command}\` (try \`momenta --help\`)`);
    options.command = command as CliOptions["command"];
  }
  const value = (flag: string, inline: string | undefined) => {
    const next = inline ?? args.shift();
    if (next === undefined || (inline === undefined && next.startsWith("--")))
      throw new UsageError(`\`${flag}\` needs a value`);
    return next;
  };
  while (args.length > 0) {
    const arg = args.shift() as string;
    if (!arg.startsWith("-") || arg === "-") {
      options.paths.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const flag = eq === -1 ? arg : arg.slice(0, eq);
    const inline = eq === -1 ? undefined : arg.slice(eq + 1);
    switch (flag) {
      case "-h":
      case "--help":
        options.command = "help";
        break;
      case "-f":
      case "--format": {
        const format = value(flag, inline);
        if (!formats.includes(format))
          throw new UsageError(`unknown format \`${format}\`: use ${formats.join(", ")}`);
        options.format = format;
        break;
      }
      case "--max-warnings": {
        const text = value(flag, inline);
        const n = Number(text);
        if (!Number.isInteger(n) || n < -1)
          throw new UsageError(`\`--max-warnings\` needs a whole number, got \`${text}\``);
        options.maxWarnings = n < 0 ? undefined : n;
        break;
      }
      case "--rule": {
        const text = value(flag, inline);
        const match = /^([a-z0-9-]+)[=:](off|warn|error)$/.exec(text);
        if (!match) throw new UsageError(`\`--rule\` takes \`<id>=off|warn|error\`, got \`${text}\``);
        const [, id, severity] = match as unknown as [string, string, string];
        if (!knownRules.includes(id))
          throw new UsageError(`unknown rule \`${id}\` (see \`momenta lint --list-rules\`)`);
        if (!SEVERITIES.has(severity)) throw new UsageError(`unknown severity \`${severity}\``);
        options.rules[id] = severity as SeveritySetting;
        break;
      }
      case "-q":
      case "--quiet":
        options.quiet = true;
        break;
      case "--list-rules":
        options.listRules = true;
        break;
      case "-o":
      case "--out":
        options.out = value(flag, inline);
        break;
      case "--root":
        options.root = value(flag, inline);
        break;
      case "--color":
        options.color = true;
        break;
      case "--no-color":
        options.color = false;
        break;
      case "--timing":
        options.timing = true;
        break;
      default:
        throw new UsageError(`unknown option \`${flag}\` (try \`momenta --help\`)`);
    }
  }
  return options;
}

export const HELP = `momenta — lint, export and measure the Momenta rulebook content

usage:
  momenta lint [paths…] [options]   check content (default: content/)
  momenta lint --list-rules         list every rule with its default severity
  momenta export [--out file]       the resolved content graph as one JSON document
  momenta coverage [--format json]  what the book still lacks, grouped by catalog
  momenta --version                 the version of this linter

lint options:
  -f, --format <name>      stylish (default), json, sarif, github
  --max-warnings <n>       exit 1 when there are more than n warnings
  --rule <id>=<severity>   override a rule: off, warn or error (repeatable)
  -q, --quiet              report errors only
  --root <dir>             repository root (default: the current directory)
  --color, --no-color      force colors on or off (default: on for a terminal)
  --timing                 print where the time went (loader phases and rules) to stderr

exit codes: 0 clean, 1 errors (or too many warnings), 2 usage or internal error
`;
