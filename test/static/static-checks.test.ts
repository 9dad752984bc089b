// Biome (format + lint) and the strict TypeScript check pass on the whole repository
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SITE_DIR, withBuildLock } from "../../site/test/support/build.ts";

const root = join(import.meta.dirname, "../..");
const bin = (name: string) => join(root, "node_modules/.bin", name);

// bounds for a hung checker only: tsc over the repository takes minutes on a loaded 2-core machine
const CHECK_TIMEOUT = 900_000;

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8", timeout: CHECK_TIMEOUT });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("static checks", () => {
  it(
    "biome check reports no errors",
    () => {
      const { status, output } = run(bin("biome"), ["check", ".", "--reporter=summary"]);
      expect(status, output).toBe(0);
    },
    CHECK_TIMEOUT + 60_000,
  );

  it(
    "tsc --noEmit (strict) reports no errors",
    () => {
      const { status, output } = run(bin("tsc"), ["-p", "tsconfig.json", "--noEmit"]);
      expect(status, output).toBe(0);
    },
    CHECK_TIMEOUT + 60_000,
  );

  // the site imports content types that `astro sync` writes to site/.astro, which site builds in other test
  // files rewrite (a build with a pack removed it): write them and check them under the build lock
  it(
    "the site type-checks",
    () => {
      let result = { status: null as number | null, output: "the build lock was never taken" };
      withBuildLock(() => {
        const sync = spawnSync(join(SITE_DIR, "node_modules/.bin/astro"), ["sync"], {
          cwd: SITE_DIR,
          encoding: "utf8",
          timeout: CHECK_TIMEOUT,
        });
        result =
          sync.status === 0
            ? run(bin("tsc"), ["-p", "site/tsconfig.json", "--noEmit"])
            : { status: sync.status, output: `astro sync failed:\n${sync.stdout}${sync.stderr}` };
      });
      expect(result.status, result.output).toBe(0);
    },
    2 * CHECK_TIMEOUT + 60_000,
  );
});
