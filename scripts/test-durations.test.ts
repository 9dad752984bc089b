// scripts/test-durations.ts as a contributor runs it: the file it writes from vitest's cache, and its usage errors
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "..");
const dir = mkdtempSync(join(tmpdir(), "test-durations-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (...args: string[]) =>
  spawnSync("npx", ["tsx", "scripts/test-durations.ts", ...args], { cwd: root, encoding: "utf8" });

describe("scripts/test-durations.ts", () => {
  it("writes each existing test file's cached duration, keeps an untimed one's old figure, drops a gone one", () => {
    const cache = join(dir, "results.json");
    writeFileSync(
      cache,
      JSON.stringify({
        version: "4.1.12",
        results: [
          ["unit:packages/rules/src/dice/patterns.test.ts", { duration: 470.4, failed: false }],
          ["unit:packages/gone.test.ts", { duration: 900, failed: false }],
        ],
      }),
    );
    const out = join(dir, "durations.json");
    writeFileSync(
      out,
      JSON.stringify({ "site:site/test/search.test.ts": 34_200, "unit:packages/gone.test.ts": 1 }),
    );
    const result = run("--from", cache, "--out", out);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^wrote .*durations\.json: 2 of \d+ test files timed\n$/);
    expect(JSON.parse(readFileSync(out, "utf8"))).toEqual({
      "site:site/test/search.test.ts": 34_200,
      "unit:packages/rules/src/dice/patterns.test.ts": 500,
    });
  });

  it("says what to do when there is no cache to read, and refuses an unknown option with its usage", () => {
    const missing = run("--from", join(dir, "none.json"), "--out", join(dir, "x.json"));
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("does not exist\nhelp: run `npm test` first");
    const notCache = join(dir, "not-cache.json");
    writeFileSync(notCache, "{}");
    const wrong = run("--from", notCache, "--out", join(dir, "x.json"));
    expect(wrong.status).toBe(1);
    expect(wrong.stderr).toMatch(
      /^error: `.*not-cache\.json` is not vitest's results\.json: it has no `results` list\n$/,
    );
    const unknown = run("--bogus");
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(
      /^error: unknown option `--bogus`.*\nhelp: npx tsx scripts\/test-durations\.ts .*\(--help says more\)\n$/,
    );
  });
});
