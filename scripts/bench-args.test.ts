// The benchmarks' options: util.parseArgs's errors in the project's style, --help, whole numbers, and the scripts' output
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BenchArgsError, isHelp, parseBenchArgs, wholeNumber } from "./bench-args.ts";

const spec = {
  usage: "npx tsx scripts/bench-x.ts [--runs 3]",
  description: "what it measures",
  options: { runs: { type: "string", default: "3" }, corpus: { type: "string" } },
} as const;
const parse = (argv: string[]) => parseBenchArgs(spec, (values) => wholeNumber(values.runs, "runs"), argv);
const failure = (argv: string[]) => {
  try {
    parse(argv);
  } catch (error) {
    return error instanceof BenchArgsError ? error.message : error;
  }
  return undefined;
};

describe("parseBenchArgs", () => {
  it("reads the options and their defaults", () => {
    expect(parse([])).toBe(3);
    expect(parse(["--runs", "5"])).toBe(5);
    expect(parse(["--runs=7"])).toBe(7);
  });

  it.each([
    [["--nope"], "unknown option `--nope`"],
    [["--runs"], "option `--runs <value>` argument missing"],
    [["stray"], "unexpected argument `stray`"],
    [["--runs", "two"], "`--runs` takes a whole number of at least 1, not `two`"],
    [["--runs", "0"], "`--runs` takes a whole number of at least 1, not `0`"],
  ])("%j is a usage error: %s", (argv, message) => {
    expect(failure(argv)).toBe(message);
  });

  it("stops at --help before reading any value", () => {
    const error = failure(["--runs", "two", "--help"]);
    expect(isHelp(error)).toBe(true);
  });
});

describe("a benchmark script's command line", () => {
  const script = join(import.meta.dirname, "bench-watch.ts");
  const run = (args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", script, ...args], { encoding: "utf8", timeout: 600_000 });

  it("prints its usage and options for --help, exit 0", () => {
    const help = run(["--help"]);
    expect(help.status).toBe(0);
    expect(help.stdout).toMatch(
      /^usage: npx tsx scripts\/bench-watch\.ts \[--corpus <dir>\] \[--edits 7\]\n\n/,
    );
    expect(help.stdout).toContain("  --corpus <dir>   a folder holding content/");
  });

  it("says what is wrong with a corpus that has no content/ folder, exit 2, without starting", () => {
    const bad = run(["--corpus", "/nonexistent-corpus"]);
    expect([bad.status, bad.stdout, bad.stderr]).toEqual([
      2,
      "",
      "error: no `content/` folder in /nonexistent-corpus\nhelp: npx tsx scripts/bench-watch.ts [--corpus <dir>] [--edits 7] (--help says more)\n",
    ]);
  });
});

describe("bench-lint's command line", () => {
  const script = join(import.meta.dirname, "bench-lint.ts");
  const run = (args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", script, ...args], { encoding: "utf8", timeout: 600_000 });
  const help =
    "help: npx tsx scripts/bench-lint.ts [--entries 27000] [--scales 1,2,4] [--runs 3] [--timing] [--keep] [--against <rev>] (--help says more)\n";

  it("rejects a scale that is not a positive number before generating anything, exit 2", () => {
    const bad = run(["--scales", "1,x"]);
    expect([bad.status, bad.stdout, bad.stderr]).toEqual([
      2,
      "",
      `error: \`--scales\` takes positive numbers such as \`1,2,4\`, not \`x\`\n${help}`,
    ]);
  });

  it("rejects an option it does not know, exit 2", () => {
    const bad = run(["--entry", "5"]);
    expect([bad.status, bad.stderr]).toEqual([2, `error: unknown option \`--entry\`\n${help}`]);
  });

  it("rejects an --against that names no commit before checking anything out, exit 2", () => {
    const bad = run(["--against", "no-such-revision"]);
    expect([bad.status, bad.stdout, bad.stderr]).toEqual([
      2,
      "",
      `error: \`--against\` takes a git revision of this repository, not \`no-such-revision\`\n${help}`,
    ]);
  });
});

// the one check (bench-against.ts) every --against goes through: git must know the revision before a checkout
describe.each([
  [
    "bench-site",
    "[--rounds 1] [--synthetic 10000] [--skip-real] [--skip-plain] [--api] [--against <rev>] [--js-of <dist>]",
  ],
  ["bench-lsp", "[--corpus <dir>] [--edits 15] [--completions 30] [--against <rev> [--starts 5]]"],
])("%s's --against", (name, options) => {
  const script = join(import.meta.dirname, `${name}.ts`);
  it("rejects a revision git does not know before checking anything out or building, exit 2", () => {
    const bad = spawnSync(process.execPath, ["--import", "tsx", script, "--against", "no-such-revision"], {
      encoding: "utf8",
      timeout: 600_000,
    });
    expect([bad.status, bad.stdout, bad.stderr]).toEqual([
      2,
      "",
      `error: \`--against\` takes a git revision of this repository, not \`no-such-revision\`\nhelp: npx tsx scripts/${name}.ts ${options} (--help says more)\n`,
    ]);
  });
});

describe("bench-search's command line", () => {
  const script = join(import.meta.dirname, "bench-search.ts");
  const run = (args: string[]) =>
    spawnSync(process.execPath, ["--import", "tsx", script, ...args], { encoding: "utf8", timeout: 600_000 });
  const help = "help: npx tsx scripts/bench-search.ts [options] (--help says more)\n";

  it.each([
    [["--mode", "tap"], "`--mode` is `paste` or `type`, not `tap`"],
    [["--profiles", "slow-3g"], "unknown profile `slow-3g` in `--profiles` (slow-4g, fast-4g, none)"],
    [["--delays", "0,x"], "`--delays` takes a whole number of at least 0, not `x`"],
  ])("rejects %j before building or opening a browser, exit 2", (args, message) => {
    const bad = run(args);
    expect([bad.status, bad.stdout, bad.stderr]).toEqual([2, "", `error: ${message}\n${help}`]);
  });
});
