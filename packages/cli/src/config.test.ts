// `momenta lint` with the configuration file a user writes: what it applies, and what a mistake in it prints
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixedDocsRoot } from "../../../test/support/docs-root.ts";
import { withCase } from "../../../test/support/lint-harness.ts";
import { helpText } from "./args.ts";
import { run } from "./main.ts";

/** Lint the `references/missing` case (one error, three warnings) with `files` written at its root first. */
function lint(argv: string[], files: Record<string, string>) {
  return withCase("references", "missing", (root) => {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(root, name), text);
    let stdout = "";
    let stderr = "";
    const code = run(argv, { cwd: root, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
    return { code, stdout: fixedDocsRoot(stdout), stderr };
  });
}

describe("momenta.config.json", () => {
  it("turns rules off and ignores files: only the rest is printed", () => {
    const config = { rules: { incomplete: "off" }, ignore: ["content/damage-types/**"] };
    expect(lint(["lint", "--no-color"], { "momenta.config.json": JSON.stringify(config, null, 2) })).toEqual({
      code: 0,
      // the ignored files (the case's four damage types) are loaded, and not counted as checked
      stdout: "checked 28 files (4 ignored): no problems\n",
      stderr: "",
    });
    const json = lint(["lint", "-f", "json"], { "momenta.config.json": JSON.stringify(config) });
    expect(JSON.parse(json.stdout)).toMatchObject({ fileCount: 28, ignoredCount: 4, diagnostics: [] });
  });

  it("prints a mistake at its line with its did-you-mean, and applies the rest", () => {
    const config = '{\n  "rules": {\n    "incomplete": "off",\n    "referencse": "warn"\n  }\n}\n';
    const result = lint(["lint", "--no-color"], { "momenta.config.json": config });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      [
        "error[config]: there is no rule `referencse`",
        "  --> momenta.config.json:4:5",
        "  |",
        '4 |     "referencse": "warn"',
        "  |     ^^^^^^^^^^^^",
        "  help: did you mean `references`",
        "  docs: file:///…/packages/lint/docs/rules/config.md",
        "",
        "error[references]: `[[Hindred]]` does not match any entry or chapter",
        "  --> content/damage-types/cold.json:9:37",
        "  |",
        '9 |   "definition": "Cold can leave you [[Hindred]]."',
        "  |                                     ^^^^^^^^^^^",
        "  help: did you mean `[[Hindered]]`",
        "  docs: file:///…/packages/lint/docs/rules/references.md",
        "",
        "checked 32 files: 2 errors, 0 warnings",
        "",
      ].join("\n"),
    );
  });

  it("`--config <path>` reads another file, relative to where the command runs, and `--rule` wins over it", () => {
    const result = lint(["lint", "--no-color", "--config", "ci.json", "--rule", "references=warn"], {
      "ci.json": JSON.stringify({ rules: { incomplete: "off", references: "off" } }),
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^warning\[references\]: `\[\[Hindred\]\]`/);
    expect(result.stdout.endsWith("checked 32 files: 0 errors, 1 warning\n")).toBe(true);
  });

  it("`--config` naming no file is an error, not the defaults in silence", () => {
    const result = lint(["lint", "--no-color", "--config", "missing.json", "--quiet"], {});
    expect(result.stdout.split("\n").slice(0, 3)).toEqual([
      "error[config]: `missing.json` cannot be read (no such file), so none of its settings apply",
      "  --> missing.json:1:1",
      "  help: check the path given to `--config`, or make the file readable",
    ]);
    expect(result.code).toBe(1);
  });

  it("is in `momenta --help`", () => {
    expect(helpText()).toContain(
      "  --config <path>          the configuration file (default: momenta.config.json",
    );
  });
});
