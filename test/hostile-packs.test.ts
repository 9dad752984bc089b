// The hostile-pack corpus through the real CLI: each case gives exactly its diagnostics, never exit 2 (issue 17)
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  EXPECTED,
  type Expected,
  HOSTILE_CASES,
  HUGE_CASES,
  writeCase,
} from "./fixtures/hostile-packs/cases.ts";

const repo = join(import.meta.dirname, "..");
// the `momenta` command as the workspace runs it (node_modules/.bin/momenta): its bundle starts in a third of the
// time the sources take through tsx, and this file starts it dozens of times
const CLI = [join(repo, "packages/cli/bin/momenta.mjs")];
const scratch = mkdtempSync(join(tmpdir(), "momenta-hostile-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What a crash leaves on stderr: an error's name, or a stack frame of the bundle or of a source file. */
const CRASH = /internal error|TypeError|RangeError|Maximum call stack|^\s+at .+:\d+:\d+\)?$/m;

/** The cases of issue 24, also read in every other format: each must carry the same diagnostics where they are. */
const EVERY_FORMAT = ["prototype-keys", "chapter-frontmatter", "manifest-strings"];

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
      expect(stderr).not.toMatch(CRASH);
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

/** [rule, file inside the pack, line, column] of each diagnostic, read back from one output format. */
function positions(format: string, stdout: string, name: string): [string, string, number, number][] {
  const inPack = (file: string) => file.slice(file.indexOf(`${name}/`) + name.length + 1);
  if (format === "sarif") {
    const log = JSON.parse(stdout) as {
      runs: {
        results: {
          ruleId: string;
          locations: {
            physicalLocation: {
              artifactLocation: { uri: string };
              region: { startLine: number; startColumn: number };
            };
          }[];
        }[];
      }[];
    };
    return (log.runs[0]?.results ?? []).map((result) => {
      const { artifactLocation, region } = result.locations[0]?.physicalLocation ?? {
        artifactLocation: { uri: "" },
        region: { startLine: 0, startColumn: 0 },
      };
      return [result.ruleId, inPack(artifactLocation.uri), region.startLine, region.startColumn];
    });
  }
  const pattern =
    format === "github"
      ? /^::error file=([^,]+),line=(\d+),col=(\d+),.*?title=momenta\(([a-z-]+)\)/gm
      : /^error\[([a-z-]+)\]: .*\n\s+--> (.+):(\d+):(\d+)$/gm;
  return [...stdout.matchAll(pattern)].map((m) =>
    format === "github"
      ? [m[4] as string, inPack(m[1] as string), Number(m[2]), Number(m[3])]
      : [m[1] as string, inPack(m[2] as string), Number(m[3]), Number(m[4])],
  );
}

describe("issue 24's cases in every output format", () => {
  it.each(EVERY_FORMAT.flatMap((name) => ["stylish", "sarif", "github"].map((format) => [name, format])))(
    "%s as %s: the same diagnostics at the same places, exit 1",
    (name, format) => {
      const { status, stdout, stderr } = momenta([
        "lint",
        "--pack",
        packOf(name),
        "--format",
        format,
        "--no-color",
      ]);
      expect(stderr).not.toMatch(CRASH);
      expect(status).toBe(1);
      const expected = (EXPECTED[name] ?? []).map(([rule, , file, line, column]) => [
        rule,
        file,
        line,
        column,
      ]);
      expect(positions(format, stdout, name)).toEqual(expected);
    },
    120_000,
  );
});

describe("messages that list candidates", () => {
  /** A pack of `n` conditions all named `Echo`, each referring to `[[Echo]]`: n ambiguous references of n candidates. */
  const echoes = (n: number) => {
    const dir = join(scratch, `echoes-${n}`);
    writeCase("core-name-vigor", dir);
    rmSync(join(dir, "content/conditions"), { recursive: true });
    mkdirSync(join(dir, "content/conditions"), { recursive: true });
    for (let i = 0; i < n; i++) {
      const entry = {
        id: `condition/core-name-vigor.c${i}`,
        name: "Echo",
        source: { pack: "core-name-vigor" },
        status: "complete",
        stackable: { max: 3 },
        clear: { type: "auto-clear" },
        effect: "See [[Echo]].",
      };
      writeFileSync(join(dir, `content/conditions/c${i}.json`), JSON.stringify(entry, null, 2));
    }
    return dir;
  };

  it("stay short: every format's output grows with the pack, not with its square (n → 10n under 20×)", () => {
    const small = echoes(40);
    const large = echoes(400);
    let json = "";
    for (const format of ["stylish", "json", "sarif", "github"]) {
      const sizes = [small, large].map((dir) => {
        const { status, stdout, stderr } = momenta(["lint", "--pack", dir, "--format", format, "--no-color"]);
        expect(stderr).not.toMatch(CRASH);
        expect(status).toBe(1);
        if (format === "json") json = stdout;
        return stdout.length;
      });
      // linear output is about 10× (a constant head aside), listing every candidate in every message 100×
      expect((sizes[1] as number) / (sizes[0] as number), format).toBeLessThan(20);
    }
    const messages = (JSON.parse(json) as { diagnostics: { message: string }[] }).diagnostics.map(
      (d) => d.message,
    );
    expect(messages).toContain(
      "`[[Echo]]` is ambiguous: it matches `condition/core-name-vigor.c0` and `condition/core-name-vigor.c1` and `condition/core-name-vigor.c10` and `condition/core-name-vigor.c100` and `condition/core-name-vigor.c101` and 395 more",
    );
  }, 300_000);
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
      expect(stderr).not.toMatch(CRASH);
      expect(status).not.toBe(2);
      expect(stdout.length).toBeGreaterThan(0);
    },
    120_000,
  );
});
