// `momenta lint --fix`: the files it writes, what it says it fixed, and that a second run changes nothing
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { lintContentSync } from "@momenta/lint";
import { afterEach, describe, expect, it } from "vitest";
import { FIXTURES as LINT_FIXTURES } from "../../../test/support/lint-harness.ts";
import { fixAndLint, formatFixed } from "./fix.ts";
import { run } from "./main.ts";

const FIXTURES = join(import.meta.dirname, "../test/fixtures/fix");
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** The lint fixtures' base corpus with a case's `input/` over it, in a fresh folder. */
function setUp(name: string): string {
  const root = mkdtempSync(join(tmpdir(), "momenta-fix-"));
  roots.push(root);
  cpSync(join(LINT_FIXTURES, "base"), root, { recursive: true });
  cpSync(join(FIXTURES, name, "input"), root, { recursive: true });
  return root;
}

function cli(root: string, argv: string[]) {
  let stdout = "";
  let stderr = "";
  const code = run(argv, { cwd: root, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

/** Every file under a folder, by relative path, with its bytes. */
function tree(folder: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const item of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, item.name);
      if (item.isDirectory()) walk(path);
      else files.set(relative(folder, path), readFileSync(path, "latin1"));
    }
  };
  walk(folder);
  return files;
}

interface FixCase {
  args: string[];
  code: number;
  /** What `--fix` says on stderr (the format is JSON, so stdout stays the document). */
  said: string[];
  /** Remaining diagnostics after the fix, as `ruleId:messageId file`. */
  left?: string[];
}

const CASES: Record<string, FixCase> = {
  references: {
    args: ["lint", "--fix", "-f", "json"],
    code: 0,
    said: [
      "fixed content/damage-types/cold.json:9:37  references  `[[Hindred]]` → `[[Hindered]]`",
      "fixed content/damage-types/cold.json:9:54  references  `[[conditon:Grabbed 2]]` → `[[condition:Grabbed 2]]`",
      "fixed content/damage-types/cold.json:9:84  references  `[[Conditions and States#stackng]]` → `[[Conditions and States#stacking]]`",
      "fixed content/rules/22-conditions-and-states.mdx:12:19  references  `[[Grabed 2]]` → `[[Grabbed 2]]`",
      "fixed 4 problems in 2 files",
    ],
  },
  // the key's fix lets the schema see its value: the value's fix is the second pass's
  schema: {
    args: ["lint", "--fix", "-f", "json"],
    code: 0,
    said: [
      'fixed content/weapons/knife.json:30:3  schema  `"weightClas"` → `"weightClass"`',
      'fixed content/weapons/knife.json:30:18  schema  `"Ligt"` → `"Light"`',
      "fixed 2 problems in 1 file",
    ],
  },
  unfixable: {
    args: ["lint", "--fix", "-f", "json"],
    code: 1,
    said: ["fixed nothing: no problem has a mechanical fix"],
    left: ["references:missing content/damage-types/cold.json"],
  },
  // clamping or dropping a stack count decides the book's rules: a suggestion the editor offers, never written here
  suggestions: {
    args: ["lint", "--fix", "-f", "json"],
    code: 1,
    said: ["fixed nothing: no problem has a mechanical fix"],
    left: [
      "condition-stacks:over-cap content/damage-types/cold.json",
      "condition-stacks:not-stackable content/damage-types/cold.json",
    ],
  },
  // the pack's file is fixed; the core it is linted against (here with a fixable typo of its own) is never written
  pack: {
    args: ["lint", "--pack", "packs/ash-roads", "--core", ".", "--fix", "-f", "json"],
    code: 0,
    said: [
      'fixed packs/ash-roads/content/weapons/cinder-whip.json:6:18  schema  `"Ligt"` → `"Light"`',
      "fixed 1 problem in 1 file",
    ],
  },
};

describe("momenta lint --fix", () => {
  it.each(Object.entries(CASES))("%s", (name, testCase) => {
    const root = setUp(name);
    if (name === "pack") cpSync(join(FIXTURES, "references", "input"), root, { recursive: true });
    const before = tree(root);
    const first = cli(root, testCase.args);
    expect(first.stderr.split("\n").slice(0, -1)).toEqual(testCase.said);
    expect(first.code).toBe(testCase.code);
    const left = JSON.parse(first.stdout).diagnostics.filter(
      (d: { ruleId: string }) => d.ruleId !== "incomplete",
    );
    expect(
      left.map(
        (d: { ruleId: string; messageId: string; file: string }) => `${d.ruleId}:${d.messageId} ${d.file}`,
      ),
    ).toEqual(testCase.left ?? []);
    // exactly the expected files changed, to exactly the expected bytes; nothing else written or left behind
    const expected = join(FIXTURES, name, "expected");
    const want = new Map(before);
    if (existsSync(expected)) for (const [file, bytes] of tree(expected)) want.set(file, bytes);
    expect(tree(root)).toEqual(want);
    // idempotent: a second run finds nothing to fix and writes nothing
    const second = cli(root, testCase.args);
    expect(second.stderr).toBe("fixed nothing: no problem has a mechanical fix\n");
    expect(second.stdout).toBe(first.stdout);
    expect(tree(root)).toEqual(want);
  });

  it("covers every fixture case", () => {
    expect(Object.keys(CASES).sort()).toEqual(readdirSync(FIXTURES).sort());
  });

  it("tells the fixes on stdout before the stylish report", () => {
    const root = setUp("references");
    const result = cli(root, ["lint", "--fix"]);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(
      /^fixed content\/damage-types\/cold\.json:9:37 {2}references {2}`\[\[Hindred\]\]` → `\[\[Hindered\]\]`\n/,
    );
    expect(result.stdout).toContain("fixed 4 problems in 2 files\nwarning[incomplete]");
  });

  it("fixes only the paths given", () => {
    const root = setUp("references");
    const result = cli(root, ["lint", "--fix", "-f", "json", "content/rules"]);
    expect(result.stderr).toBe(
      "fixed content/rules/22-conditions-and-states.mdx:12:19  references  `[[Grabed 2]]` → `[[Grabbed 2]]`\nfixed 1 problem in 1 file\n",
    );
    expect(readFileSync(join(root, "content/damage-types/cold.json"), "utf8")).toContain("[[Hindred]]");
  });

  it("keeps a file's byte order mark and CRLF line breaks", () => {
    const root = setUp("references");
    const file = join(root, "content/damage-types/cold.json");
    const crlf = (text: string) => `\uFEFF${text.replace(/\n/g, "\r\n")}`;
    writeFileSync(file, crlf(readFileSync(file, "utf8")));
    expect(cli(root, ["lint", "--fix", "-f", "json"]).code).toBe(0);
    const fixed = readFileSync(join(FIXTURES, "references/expected/content/damage-types/cold.json"), "utf8");
    expect(readFileSync(file, "utf8")).toBe(crlf(fixed));
  });

  it("leaves a file alone when it changed on disk after it was linted", () => {
    const root = setUp("references");
    const file = join(root, "content/damage-types/cold.json");
    const edited = `${readFileSync(file, "utf8")}\n`;
    const outcome = fixAndLint(
      () => {
        const result = lintContentSync({ root });
        writeFileSync(file, edited);
        return result;
      },
      (name, result) => ({ path: result.graph.pathOf(name) ?? "", within: root }),
    );
    expect(readFileSync(file, "utf8")).toBe(edited);
    expect(formatFixed(outcome)).toContain(
      "not fixed content/damage-types/cold.json: it changed on disk while it was linted\n",
    );
  });

  it("refuses `--watch` with `--fix`", () => {
    const result = cli(setUp("references"), ["lint", "--fix", "--watch"]);
    expect([result.code, result.stderr]).toEqual([
      2,
      "error: `--fix` writes the files once: drop `--watch`\n",
    ]);
  });

  it("is in `momenta lint --help`", () => {
    expect(cli(setUp("unfixable"), ["lint", "--help"]).stdout).toContain(
      "  --fix                    write the rules' mechanical fixes",
    );
  });
});
