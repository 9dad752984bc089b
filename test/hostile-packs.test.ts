// The hostile-pack corpus through the real CLI: each case gives exactly its diagnostics, never exit 2 (issue 17)
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { HOSTILE_CASES, HUGE_CASES, writeCase } from "./fixtures/hostile-packs/cases.ts";

const repo = join(import.meta.dirname, "..");
const CLI = ["--import", "tsx", join(repo, "packages/validator/src/cli/main.ts")];
const scratch = mkdtempSync(join(tmpdir(), "momenta-hostile-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** [rule, message id, file inside the pack, line, column] of every diagnostic, as `lint --pack --format json` gives. */
type Expected = [string, string, string, number, number];

// what each case gives today; the site-side checks of these cases (no script, handler, `javascript:` or external
// link in the built pages) are the site's own test
const EXPECTED: Record<string, Expected[]> = {
  "deep-quotes-chapter": [["unsafe-input", "markdown-too-deep", "content/rules/40-deep.mdx", 12, 17]],
  "deep-quotes-field": [["unsafe-input", "markdown-too-deep", "content/conditions/smouldering.json", 14, 46]],
  "emphasis-runs-chapter": [["unsafe-input", "markdown-markers", "content/rules/40-runs.mdx", 12, 1001]],
  "emphasis-runs-field": [
    ["unsafe-input", "markdown-markers", "content/conditions/smouldering.json", 14, 1016],
  ],
  "closing-bracket-runs": [
    ["unsafe-input", "markdown-markers", "content/conditions/smouldering.json", 14, 1016],
  ],
  "reference-regex-bomb": [["references", "missing", "content/conditions/smouldering.json", 14, 14]],
  "unknown-keys": [["unsafe-input", "too-many-keys", "content/conditions/smouldering.json", 1, 1]],
  "huge-tags-array": [["unsafe-input", "too-many-items", "content/weapons/glaive.json", 15, 11]],
  "mdx-code": [
    ["untrusted-prose", "mdx-code", "content/rules/40-code.mdx", 12, 1],
    ["untrusted-prose", "mdx-code", "content/rules/40-code.mdx", 15, 8],
  ],
  "script-tag": [
    ["untrusted-prose", "script", "content/conditions/smouldering.json", 14, 21],
    ["untrusted-prose", "script", "content/conditions/smouldering.json", 14, 37],
  ],
  "img-onerror": [["untrusted-prose", "event-handler", "content/conditions/smouldering.json", 14, 21]],
  "javascript-iframe": [
    ["untrusted-prose", "raw-html", "content/rules/40-frame.mdx", 12, 5],
    ["untrusted-prose", "unsafe-link", "content/rules/40-frame.mdx", 12, 53],
  ],
  "title-injection": [["untrusted-prose", "event-handler", "content/conditions/smouldering.json", 3, 12]],
  "core-name-vigor": [["pack", "redefines-core-name", "content/conditions/smouldering.json", 3, 11]],
  "core-name-vitality": [["pack", "redefines-core-name", "content/conditions/smouldering.json", 3, 11]],
  "core-alias-strain": [["pack", "redefines-core-name", "content/conditions/smouldering.json", 16, 5]],
  "cyrillic-lookalike": [["pack", "lookalike-core-name", "content/conditions/smouldering.json", 3, 11]],
  "zero-width-joiner": [
    ["pack", "invisible-character", "content/conditions/smouldering.json", 3, 11],
    ["pack", "lookalike-core-name", "content/conditions/smouldering.json", 3, 11],
  ],
  "rtl-override": [["pack", "invisible-character", "content/conditions/smouldering.json", 3, 11]],
  "errata-file-name": [["pack", "file-name", "content/conditions/Errata.json", 1, 1]],
  "backslash-link": [["untrusted-prose", "backslash", "content/conditions/smouldering.json", 14, 18]],
};

function momenta(args: string[]) {
  const result = spawnSync(process.execPath, [...CLI, ...args], {
    cwd: repo,
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The committed pack of a small case; huge ones are generated into a scratch folder (never committed). */
function packOf(name: string): string {
  return HUGE_CASES.has(name)
    ? writeCase(name, join(scratch, name))
    : join(repo, "test/fixtures/hostile-packs", name);
}

describe("the hostile-pack corpus", () => {
  it("has an expectation for every case", () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(HOSTILE_CASES).sort());
  });

  it.each(Object.keys(HOSTILE_CASES))(
    "%s: exact diagnostics from `momenta lint --pack`, exit 1",
    (name) => {
      const dir = packOf(name);
      const { status, stdout, stderr } = momenta(["lint", "--pack", dir, "--format", "json"]);
      expect(stderr).not.toMatch(/internal error|RangeError|at .*\.ts:\d+/);
      expect(status).toBe(1);
      const report = JSON.parse(stdout) as {
        diagnostics: { ruleId: string; messageId: string; file: string; line: number; column: number }[];
      };
      const found = report.diagnostics.map((d): Expected => {
        const at = d.file.indexOf(`${name}/`);
        return [d.ruleId, d.messageId, d.file.slice(at + name.length + 1), d.line, d.column];
      });
      expect(found).toEqual(EXPECTED[name]);
    },
    120_000,
  );
});

describe("deep nesting in core content", () => {
  const root = join(scratch, "core-deep");
  const chapter = (body: string) =>
    `---\nid: chapter/deep\ntitle: Deep\nchapter: "40"\nmoment:\n  number: 4\n  name: Combat\norder: 40\nsummary: Deep.\n---\n\n${body}\n`;

  it.each([
    ["lint", ["lint", "--root", root, "--format", "json"]],
    ["coverage", ["coverage", "--root", root]],
    ["export", ["export", "--root", root]],
  ])(
    "`momenta %s` reports 45,000 nested quotes (after a `{1+1}` chapter) instead of crashing",
    (_what, args) => {
      mkdirSync(join(root, "content/rules"), { recursive: true });
      writeFileSync(join(root, "content/rules/40-expression.mdx"), chapter("Two is {1+1}."));
      writeFileSync(join(root, "content/rules/41-deep.mdx"), chapter(`${"> ".repeat(45_000)}x`));
      const { status, stdout, stderr } = momenta(args as string[]);
      expect(stderr).not.toMatch(/internal error|RangeError|Maximum call stack/);
      expect(status).not.toBe(2);
      expect(stdout.length).toBeGreaterThan(0);
    },
    120_000,
  );
});
