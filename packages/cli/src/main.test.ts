// The momenta CLI: commands, options, exit codes (0 clean, 1 errors, 2 usage) and what it prints
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { RULES } from "@momenta/lint";
import { describe, expect, it } from "vitest";
import { withCase } from "../../../test/support/lint-harness.ts";
import { run } from "./main.ts";

function cli(argv: string[], rule?: string, name?: string) {
  return withCase(rule, name, (root) => {
    let stdout = "";
    let stderr = "";
    const code = run(argv, {
      cwd: root,
      stdout: (text) => (stdout += text),
      stderr: (text) => (stderr += text),
    });
    return { code, stdout, stderr, root };
  });
}

describe("momenta lint", () => {
  it("links each diagnostic's rule to its page: a hyperlink on a terminal, the URL as text in a pipe", () => {
    const url = pathToFileURL(join(import.meta.dirname, "../../lint/docs/rules/references.md")).href;
    const piped = cli(["lint"], "references", "missing");
    expect(piped.stdout).toContain(`  help: did you mean \`[[Hindered]]\`\n  docs: ${url}\n`);
    expect(piped.stdout).not.toContain("\u001b]8;;");
    const terminal = withCase("references", "missing", (root) => {
      let stdout = "";
      run(["lint", "--no-color"], { cwd: root, stdout: (t) => (stdout += t), stderr: () => {}, isTty: true });
      return stdout;
    });
    expect(terminal).toContain(
      `error[\u001b]8;;${url}\u001b\\references\u001b]8;;\u001b\\]: \`[[Hindred]]\``,
    );
    expect(terminal).not.toContain("docs:");
  });

  it("exits 0 on clean content (warnings allowed)", () => {
    const result = cli(["lint"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/checked \d+ files: 0 errors, 3 warnings\n$/);
  });

  it("exits 1 on errors and shows them", () => {
    const result = cli(["lint"], "weapons", "ladder-decreasing");
    expect(result.code).toBe(1);
    expect(result.stdout).toContain("error[weapons]: `damage.2s` is 3, less than `damage.1s` (4)");
  });

  it("--rule turns a rule off or changes its severity", () => {
    expect(cli(["lint", "--rule", "weapons=off"], "weapons", "ladder-decreasing").code).toBe(0);
    const warned = cli(["lint", "--rule=weapons=warn"], "weapons", "ladder-decreasing");
    expect(warned.code).toBe(0);
    expect(warned.stdout).toContain("warning[weapons]");
  });

  it("--max-warnings fails on too many warnings; --quiet hides them", () => {
    expect(cli(["lint", "--max-warnings", "2"]).code).toBe(1);
    expect(cli(["lint", "--max-warnings", "3"]).code).toBe(0);
    expect(cli(["lint", "--quiet"]).stdout).not.toContain("warning[");
  });

  it("limits the report to the paths given", () => {
    const result = cli(["lint", "content/conditions", "--format", "json"], "weapons", "ladder-decreasing");
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).diagnostics).toEqual([]);
  });

  it("--timing prints each loader phase and rule, with the total, to stderr only", () => {
    const plain = cli(["lint", "--format", "json"]);
    const timed = cli(["lint", "--format", "json", "--timing"]);
    expect(timed.code).toBe(plain.code);
    expect(JSON.parse(timed.stdout).diagnostics).toEqual(JSON.parse(plain.stdout).diagnostics);
    expect(plain.stderr).toBe("");
    const lines = timed.stderr.trimEnd().split("\n");
    expect(lines[0]).toMatch(/^phase +\| time \(ms\) \| relative$/);
    for (const phase of [
      "read files",
      "parse JSON",
      "validate schemas",
      "find references",
      "rule references",
    ])
      expect(timed.stderr).toMatch(new RegExp(`^${phase} +\\| +\\d+\\.\\d \\| +\\d+\\.\\d%$`, "m"));
    expect(lines.at(-1)).toMatch(/^total +\| +\d+\.\d \| +100\.0%$/);
  });

  it("prints every format", () => {
    expect(JSON.parse(cli(["lint", "-f", "sarif"]).stdout).version).toBe("2.1.0");
    expect(cli(["lint", "--format", "github"], "weapons", "ladder-decreasing").stdout).toMatch(
      /^::error file=content\/weapons\/knife\.json,line=28,/m,
    );
  });

  it("lists the rules", async () => {
    const result = cli(["lint", "--list-rules"]);
    expect(result.code).toBe(0);
    expect(
      result.stdout
        .trim()
        .split("\n")
        .map((line) => line.split(/\s+/)[0]),
    ).toEqual(RULES.map((rule) => rule.meta.id));
    await expect(result.stdout).toMatchFileSnapshot("../test/__snapshots__/list-rules.txt");
  });

  it.each([
    [["lint", "--format", "xml"], "unknown format `xml`"],
    [["lint", "--rule", "nope=off"], "unknown rule `nope`"],
    [["lint", "--rule", "weapons=loud"], "`--rule` takes `<id>=off|warn|error`"],
    [["lint", "--max-warnings", "many"], "`--max-warnings` needs a whole number"],
    [["lint", "--frobnicate"], "unknown option `--frobnicate`"],
    [["lint", "../outside"], "is outside the repository root"],
    [["lint", "content/nothing-here"], "`content/nothing-here` matches no content file"],
    [["publish"], "unknown command `publish`"],
  ])("usage error %j exits 2", (argv, message) => {
    const result = cli(argv);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
  });

  it("prints help, listing no command it cannot run (`lsp` is the language server's to register)", () => {
    const result = cli(["--help"]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("momenta lint [paths…]");
    expect(result.stdout).not.toContain("momenta lsp");
    expect(cli(["lsp", "--stdio"])).toMatchObject({
      code: 2,
      stderr: expect.stringContaining("unknown command `lsp`"),
    });
  });
});

describe("momenta export and coverage", () => {
  it("exports the resolved graph as one JSON document", () => {
    const result = withCase(undefined, undefined, (root) => {
      const code = run(["export", "--out", "graph.json"], { cwd: root, stdout: () => {}, stderr: () => {} });
      return { code, document: JSON.parse(readFileSync(join(root, "graph.json"), "utf8")) };
    });
    expect(result.code).toBe(0);
    const dagger = result.document.entries.find((entry: { id: string }) => entry.id === "weapon/dagger");
    expect(dagger).toMatchObject({
      kind: "weapon",
      name: "Dagger",
      status: "complete",
      fields: { weightClass: "Light" },
    });
    expect(dagger.references).toEqual([
      { raw: "[[Piercing]]", field: "special", target: "damage-type/piercing" },
      {
        raw: "[[Wracked 1 (Fire)]]",
        field: "special",
        target: "condition/wracked",
        count: 1,
        parameter: "Fire",
      },
    ]);
    expect(result.document.chapters[0]).toMatchObject({ id: "chapter/conditions-and-states", order: 22 });
  });

  it("lists what is missing, grouped by catalog", async () => {
    const result = cli(["coverage"], "incomplete", "missing-table");
    expect(result.code).toBe(0);
    await expect(result.stdout).toMatchFileSnapshot("../test/__snapshots__/coverage.txt");
  });
});

describe("bin/momenta.mjs", () => {
  it("runs the CLI from the repository root through tsx", () => {
    const bin = join(import.meta.dirname, "../bin/momenta.mjs");
    const result = withCase("weapons", "ladder-decreasing", (root) =>
      spawnSync(process.execPath, [bin, "lint", "--format", "json"], { cwd: root, encoding: "utf8" }),
    );
    expect(result.status).toBe(1);
    expect(JSON.parse(result.stdout).errorCount).toBe(1);
  });
});
