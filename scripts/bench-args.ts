// Command-line options of the benchmark scripts: util.parseArgs (strict), --help, and errors that say what to type
import { type ParseArgsConfig, parseArgs } from "node:util";

type Options = NonNullable<ParseArgsConfig["options"]>;
type Values<T extends Options> = ReturnType<typeof parseArgs<{ options: T; strict: true }>>["values"];

export interface BenchUsage<T extends Options> {
  /** `npx tsx scripts/bench-x.ts [--runs 3]` */
  usage: string;
  /** What the benchmark measures, and one line per option. */
  description: string;
  options: T;
}

/** A usage error: printed as `error: <message>` with a `help:` line. */
export class BenchArgsError extends Error {}
const HELP = Symbol("help");

/** util.parseArgs's own messages ("Unknown option '--x'") in this project's style: lowercase, code in backticks. */
function usageMessage(error: Error): string {
  const text = error.message.replace(/\. This command does not take positional arguments$/, "");
  return (text.charAt(0).toLowerCase() + text.slice(1)).replace(/'([^']*)'/g, "`$1`");
}

/**
 * Parses `argv` against the options, then `read` turns the values into the settings (throwing BenchArgsError on a
 * bad value). Throws a BenchArgsError for a usage problem and `HELP` for --help; `benchArgs` prints and exits.
 */
export function parseBenchArgs<T extends Options, R>(
  spec: BenchUsage<T>,
  read: (values: Values<T>) => R,
  argv: readonly string[],
): R {
  let values: Values<T> & { help?: boolean };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { ...spec.options, help: { type: "boolean", short: "h" } },
      strict: true,
      allowPositionals: false,
    }) as { values: Values<T> & { help?: boolean } });
  } catch (error) {
    if (error instanceof TypeError) throw new BenchArgsError(usageMessage(error));
    throw error;
  }
  if (values.help) throw HELP;
  return read(values);
}

/** `parseBenchArgs` for a script: --help prints the usage and exits 0; a usage error prints it and exits 2. */
export function benchArgs<T extends Options, R>(
  spec: BenchUsage<T>,
  read: (values: Values<T>) => R,
  argv = process.argv.slice(2),
): R {
  try {
    return parseBenchArgs(spec, read, argv);
  } catch (error) {
    if (error === HELP) {
      process.stdout.write(`usage: ${spec.usage}\n\n${spec.description}\n`);
      process.exit(0);
    }
    if (!(error instanceof BenchArgsError)) throw error;
    process.stderr.write(`error: ${error.message}\nhelp: ${spec.usage} (--help says more)\n`);
    process.exit(2);
  }
}

export const isHelp = (error: unknown) => error === HELP;

/** The whole number ≥ `min` an option holds, or a BenchArgsError naming the option and what it got. */
export function wholeNumber(value: string | undefined, name: string, min = 1): number {
  if (value === undefined || !/^\d+$/.test(value) || Number(value) < min)
    throw new BenchArgsError(`\`--${name}\` takes a whole number of at least ${min}, not \`${value ?? ""}\``);
  return Number(value);
}
