// The pack CLI: `lint --pack` exit codes and formats, `init-pack` scaffolding that lints clean, the CI workflow
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Ajv from "ajv";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { PACK_SCHEMA_DIR, WORKFLOW_FILE } from "./init-pack.ts";
import { PACK_HELP, runPackCommand } from "./pack.ts";

const repo = join(import.meta.dirname, "../../..");

function cli(argv: string[], cwd = repo) {
  let stdout = "";
  let stderr = "";
  const code = runPackCommand(argv, {
    cwd,
    stdout: (text) => {
      stdout += text;
    },
    stderr: (text) => {
      stderr += text;
    },
  });
  return { code, stdout, stderr };
}

describe("momenta lint --pack", () => {
  it("leaves other commands to the regular CLI", () => {
    expect(cli(["lint", "content/weapons"]).code).toBeUndefined();
    expect(cli(["export"]).code).toBeUndefined();
  });

  it("exits 0 on a clean pack", () => {
    const run = cli(["lint", "--pack", "examples/homebrew"]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain("no problems");
  });

  it("exits 1 with errors, and --format github annotates the exact lines", () => {
    const run = cli(["lint", "--pack=examples/homebrew-broken", "--format", "github"]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(
      "::error file=examples/homebrew-broken/momenta-pack.json,line=6,col=14,endLine=6,endColumn=28,title=momenta(pack)::the pack supports Momenta `>=0.29 <0.30`, but these rules are version 0.31.0",
    );
  });

  it("--format sarif lists the pack rules and places results in pack files", () => {
    const run = cli(["lint", "--pack", "examples/homebrew-broken", "--format", "sarif"]);
    const sarif = JSON.parse(run.stdout) as {
      runs: {
        tool: { driver: { rules: { id: string }[] } };
        results: {
          ruleId: string;
          locations: { physicalLocation: { artifactLocation: { uri: string } } }[];
        }[];
      }[];
    };
    const [first] = sarif.runs;
    expect(first?.tool.driver.rules.map((rule) => rule.id)).toEqual(
      expect.arrayContaining(["pack", "untrusted-prose"]),
    );
    const uris = new Set(
      first?.results.map((result) => result.locations[0]?.physicalLocation.artifactLocation.uri),
    );
    expect([...uris].every((uri) => uri?.startsWith("examples/homebrew-broken/"))).toBe(true);
  });

  it("accepts --rule overrides for pack rules, and raising a safety rule", () => {
    const argv = ["lint", "--pack", "examples/homebrew-broken", "--format", "json"];
    const run = cli([...argv, "--rule", "patch=off", "--rule", "encoding=error"]);
    const report = JSON.parse(run.stdout) as { diagnostics: { ruleId: string }[] };
    expect(report.diagnostics.some((d) => d.ruleId === "pack")).toBe(true);
    expect(report.diagnostics.some((d) => d.ruleId === "untrusted-prose")).toBe(true);
  });

  it.each([
    ["pack", "off"],
    ["untrusted-prose", "warn"],
    ["encoding", "off"],
  ])("refuses `--rule %s=%s`: a safety rule is not turned off or lowered in pack mode", (id, severity) => {
    const run = cli(["lint", "--pack", "examples/homebrew-broken", "--rule", `${id}=${severity}`]);
    expect([run.code, run.stdout, run.stderr]).toEqual([
      2,
      "",
      `error: \`--rule ${id}=${severity}\` cannot lower a safety rule with \`--pack\`: \`${id}\` keeps a pack's text inert wherever it is read\nhelp: drop \`--rule ${id}=${severity}\`; its diagnostics stay as the rule reports them\n`,
    ]);
  });

  it.each([
    [["lint", "--pack"], "`--pack` needs a folder"],
    [["lint", "--pack", "--quiet"], "`--pack` needs a folder"],
    [["lint", "--pack", "x", "--core"], "`--core` needs a folder"],
    [["init-pack", "p", "--id"], "`--id` needs a value"],
    [
      ["lint", "--pack", "examples/homebrew", "--core", "/nonexistent"],
      "no core `content/` folder in `/nonexistent`",
    ],
    [["export", "--pack", "x"], "`--pack` works with `momenta lint`"],
    [["lint", "content", "--pack", "x"], "whole packs are linted"],
  ])("usage errors exit 2: %j", (argv, message) => {
    const run = cli(argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });
});

describe("momenta init-pack", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "momenta-init-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("scaffolds a pack that lints clean against the core", () => {
    const init = cli(["init-pack", "starter", "--id", "starter-pack", "--name", "Starter Pack"], dir);
    expect(init.code).toBe(0);
    const manifest = JSON.parse(readFileSync(join(dir, "starter/momenta-pack.json"), "utf8"));
    expect(manifest).toMatchObject({
      id: "starter-pack",
      name: "Starter Pack",
      version: "0.1.0",
      momenta: ">=0.31 <0.32",
    });
    const lint = cli(["lint", "--pack", "starter", "--format", "json"], dir);
    expect(JSON.parse(lint.stdout).diagnostics).toEqual([]);
    expect(lint.code).toBe(0);
  });

  it("refuses to overwrite existing files", () => {
    expect(cli(["init-pack", "p"], dir).code).toBe(0);
    const again = cli(["init-pack", "p"], dir);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain("not overwriting existing files: `momenta-pack.json`");
  });

  it("refuses an id that is not a slug", () => {
    const run = cli(["init-pack", "p", "--id", "Not A Slug"], dir);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("is not a pack id");
  });

  it("writes editor schemas that accept the example entry and reject a core-style id", () => {
    cli(["init-pack", "p", "--id", "ed"], dir);
    const settings = JSON.parse(readFileSync(join(dir, "p/.vscode/settings.json"), "utf8")) as {
      "json.schemas": { fileMatch: string[]; url: string }[];
    };
    const conditions = settings["json.schemas"].find((item) =>
      item.fileMatch.includes("/content/conditions/*.json"),
    );
    expect(conditions?.url).toBe(`./${PACK_SCHEMA_DIR}/condition.schema.json`);
    const schema = JSON.parse(readFileSync(join(dir, "p", conditions?.url ?? ""), "utf8"));
    const validate = new Ajv({ strict: false }).compile(schema);
    const entry = JSON.parse(readFileSync(join(dir, "p/content/conditions/singed.json"), "utf8"));
    expect(validate(entry), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...entry, id: "condition/singed" })).toBe(false);
    expect(validate({ ...entry, source: { book: "core-rules" } })).toBe(false);
    const manifestSchema = JSON.parse(
      readFileSync(join(dir, `p/${PACK_SCHEMA_DIR}/pack-manifest.schema.json`), "utf8"),
    );
    const manifest = JSON.parse(readFileSync(join(dir, "p/momenta-pack.json"), "utf8"));
    expect(new Ajv({ strict: false }).compile(manifestSchema)(manifest)).toBe(true);
  });

  it("writes a CI workflow that runs on pull_request only, uses no secrets, and reports sarif and github", () => {
    cli(["init-pack", "p"], dir);
    const text = readFileSync(join(dir, "p", WORKFLOW_FILE), "utf8");
    const workflow = parseYaml(text) as {
      on: Record<string, unknown>;
      permissions: Record<string, string>;
      jobs: Record<string, { steps: { run?: string; uses?: string }[]; permissions: Record<string, string> }>;
    };
    expect(Object.keys(workflow.on)).toEqual(["pull_request"]);
    const code = text.replace(/#.*$/gm, "");
    expect(code).not.toContain("pull_request_target");
    expect(code).not.toMatch(/secrets\./);
    expect(workflow.permissions).toEqual({ contents: "read" });
    const steps = Object.values(workflow.jobs).flatMap((job) => job.steps);
    const runs = steps.map((step) => step.run ?? "").join("\n");
    expect(runs).toContain("momenta lint --pack . --format github");
    expect(runs).toContain("momenta lint --pack . --format sarif");
    expect(steps.some((step) => step.uses?.startsWith("github/codeql-action/upload-sarif@"))).toBe(true);
  });

  it("prints help", () => {
    const run = cli(["init-pack", "--help"], dir);
    expect(run).toMatchObject({ code: 0, stdout: PACK_HELP });
  });
});

describe("linting a scaffolded pack after an author's edits", () => {
  it("reports the edit at its position", () => {
    const dir = mkdtempSync(join(tmpdir(), "momenta-edit-"));
    try {
      cli(["init-pack", "p", "--id", "edits"], dir);
      const file = join(dir, "p/content/conditions/singed.json");
      writeFileSync(file, readFileSync(file, "utf8").replace("[[Fire]]", "[[Fyre]]"));
      const run = cli(["lint", "--pack", "p", "--format", "json"], dir);
      const report = JSON.parse(run.stdout) as {
        diagnostics: { file: string; ruleId: string; line: number }[];
      };
      expect(report.diagnostics.map((d) => [d.file, d.ruleId, d.line])).toEqual([
        ["p/content/conditions/singed.json", "references", 13],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
