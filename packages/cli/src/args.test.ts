// Argument parsing: every flag, its value forms, and the exact usage error (exit 2) for each mistake
import { describe, expect, it } from "vitest";
import { parseArgs, UsageError } from "./args.ts";

const RULE_IDS = ["weapons", "schema"];
const FORMATS = ["stylish", "json", "sarif", "github", "compact"];
const parse = (...argv: string[]) => parseArgs(argv, RULE_IDS, FORMATS);

describe("parseArgs", () => {
  it("reads the command, paths and every flag", () => {
    expect(
      parse(
        "lint",
        "content/weapons",
        "-",
        "--format",
        "json",
        "--max-warnings=3",
        "--rule",
        "weapons=off",
        "--rule=schema:warn",
        "-q",
        "--list-rules",
        "--root",
        "repo",
        "--no-color",
        "--timing",
        "--watch",
        "--fix",
      ),
    ).toEqual({
      command: "lint",
      paths: ["content/weapons", "-"],
      format: "json",
      maxWarnings: 3,
      rules: { weapons: "off", schema: "warn" },
      quiet: true,
      listRules: true,
      out: undefined,
      root: "repo",
      color: false,
      timing: true,
      watch: true,
      fix: true,
    });
    expect(parse("export", "-o", "out.json").out).toBe("out.json");
    expect(parse("export", "--out=out.json").out).toBe("out.json");
    expect(parse("-f", "sarif").format).toBe("sarif");
    expect(parse("-f=github").format).toBe("github");
    expect(parse("--color").color).toBe(true);
    expect(parse("--max-warnings", "-1").maxWarnings).toBeUndefined();
    expect(parse("-h").command).toBe("help");
    expect(parse("coverage", "--help").command).toBe("help");
    expect(parse().command).toBe("lint");
  });

  it.each([
    [["publish"], "unknown command `publish` (try `momenta --help`)"],
    [["--frobnicate"], "unknown option `--frobnicate` (try `momenta --help`)"],
    [["--frobnicate=1"], "unknown option `--frobnicate` (try `momenta --help`)"],
    [["-x"], "unknown option `-x` (try `momenta --help`)"],
    [["lint", "--"], "unknown option `--` (try `momenta --help`)"],
    [["--format"], "`--format` needs a value"],
    [["-f", "--quiet"], "`-f` needs a value"],
    [["--root"], "`--root` needs a value"],
    [["--format", "xml"], "unknown format `xml`: use stylish, json, sarif, github, compact"],
    [["--max-warnings", "many"], "`--max-warnings` needs a whole number, got `many`"],
    [["--max-warnings", "-2"], "`--max-warnings` needs a whole number, got `-2`"],
    [["--rule", "weapons"], "`--rule` takes `<id>=off|warn|error`, got `weapons`"],
    [["--rule", "weapons=loud"], "`--rule` takes `<id>=off|warn|error`, got `weapons=loud`"],
    [["--rule", "nope=off"], "unknown rule `nope` (see `momenta lint --list-rules`)"],
  ])("%j is a usage error: %s", (argv, message) => {
    expect(() => parse(...argv)).toThrow(new UsageError(message));
  });
});
