// Biome (format + lint) and the strict TypeScript check pass on the whole repository
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");
const bin = (name: string) => join(root, "node_modules/.bin", name);

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8", timeout: 170_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("static checks", () => {
  it("biome check reports no errors", () => {
    const { status, output } = run(bin("biome"), ["check", ".", "--reporter=summary"]);
    expect(status, output).toBe(0);
  }, 180_000);

  it("tsc --noEmit (strict) reports no errors", () => {
    const { status, output } = run(bin("tsc"), ["-p", "tsconfig.json", "--noEmit"]);
    expect(status, output).toBe(0);
  }, 180_000);

  // `npm test` runs `astro sync` first (scripts/run.mjs), which writes the content types the site imports
  it("the site type-checks", () => {
    const { status, output } = run(bin("tsc"), ["-p", "site/tsconfig.json", "--noEmit"]);
    expect(status, output).toBe(0);
  }, 180_000);
});
