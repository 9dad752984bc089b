// A plain clone without the source text: its fidelity tests are left out with one line saying so; CI requires them
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { missingSourceLine, SOURCE_DIR, sourceTextTests } from "./source-text.ts";
import { allTestFiles } from "./test-files.ts";

const repo = join(import.meta.dirname, "../..");

/**
 * `vitest run <filter>` in a child, with the source text pointed at a folder that does not exist; CI's own
 * MOMENTA_REQUIRE_SOURCE is not passed down (each case sets it when it means to).
 */
function vitestWithoutSource(
  filter: string,
  env: NodeJS.ProcessEnv = {},
  command = ["run", filter, "--passWithNoTests"],
) {
  const { MOMENTA_REQUIRE_SOURCE: _required, ...inherited } = process.env;
  const result = spawnSync(process.execPath, [join(repo, "node_modules/vitest/vitest.mjs"), ...command], {
    cwd: repo,
    encoding: "utf8",
    env: { ...inherited, MOMENTA_SOURCE: "/nonexistent-seeds", NO_COLOR: "1", ...env },
    timeout: 120_000,
  });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

describe("tests that need the source text", () => {
  it("are listed by existing file, fidelity, seed, chapter and rules tests among them", () => {
    const files = sourceTextTests();
    expect(files.length).toBe(17);
    for (const file of files) expect(existsSync(join(repo, file)), file).toBe(true);
    expect(files).toContain("packages/schema/test/seed.test.ts");
    expect(files).toContain("test/chapters/chapters.test.ts");
    expect(files).toContain("packages/rules/src/stats/derived.test.ts");
    expect(missingSourceLine(files.length)).toBe(
      `source text not found at ${SOURCE_DIR}: 17 test files that compare with it not run ` +
        "(set MOMENTA_SOURCE to the folder of seed files, or put it at ../shared/seeds; see README)",
    );
  });

  it("without it, are left out with one line naming their count, and the run passes", () => {
    const run = vitestWithoutSource("packages/schema/test/seed");
    expect(run.output).toContain(
      "source text not found at /nonexistent-seeds: 17 test files that compare with it not run " +
        "(set MOMENTA_SOURCE to the folder of seed files, or put it at ../shared/seeds; see README)\n",
    );
    // once, though vitest evaluates its config again for each project and worker
    expect(run.output.split("source text not found").length - 1).toBe(1);
    expect(run.output).not.toContain("ENOENT");
    expect(run.status).toBe(0);
  });

  // the plain clone's whole run as vitest resolves it (a listing, not the suite run twice): every test file but those
  it("without it, vitest's list of the whole run holds every test file but those, in its three projects", () => {
    const run = vitestWithoutSource("", {}, ["list", "--filesOnly"]);
    expect(run.status, run.output).toBe(0);
    expect(run.output).toContain(missingSourceLine(17).replace(SOURCE_DIR, "/nonexistent-seeds"));
    const listed = [...run.output.matchAll(/^\[(unit|cli|site)\] (.+)$/gm)];
    const excluded = new Set(sourceTextTests());
    expect(listed.map(([, , file]) => file).sort()).toEqual(
      allTestFiles().filter((file) => !excluded.has(file)),
    );
    expect(new Set(listed.map(([, project]) => project))).toEqual(new Set(["unit", "cli", "site"]));
  });

  it("with MOMENTA_REQUIRE_SOURCE (CI), a missing source text fails the run", () => {
    const run = vitestWithoutSource("packages/schema/test/seed", { MOMENTA_REQUIRE_SOURCE: "1" });
    expect(run.output).toContain(
      "MOMENTA_REQUIRE_SOURCE is set but the source text is not at /nonexistent-seeds",
    );
    expect(run.status).not.toBe(0);
  });
});
