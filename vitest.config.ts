// One vitest run covers every package: tests live beside the code as *.test.ts; projects `unit` and `site` split it
import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import { BuiltSiteFirst } from "./test/support/sequence.ts";
import { hasSourceText, missingSourceLine, SOURCE_DIR, sourceTextTests } from "./test/support/source-text.ts";
import { projectFiles, TEST_FILES } from "./test/support/test-files.ts";
import { WAIT_TIMEOUT_MS } from "./test/support/timeouts.ts";

// A plain clone has no source text: its fidelity tests are left out with one line saying so; CI requires them.
const withoutSource = hasSourceText() ? [] : sourceTextTests();
if (withoutSource.length > 0) {
  if (process.env.MOMENTA_REQUIRE_SOURCE)
    throw new Error(`MOMENTA_REQUIRE_SOURCE is set but the source text is not at ${SOURCE_DIR}`);
  // vitest evaluates this file again for each project and worker: the line is said once per run (a run of another
  // source folder, as source-text.test.ts starts, says it again)
  if (process.env.MOMENTA_SOURCE_NOTICE !== SOURCE_DIR) console.log(missingSourceLine(withoutSource.length));
  process.env.MOMENTA_SOURCE_NOTICE = SOURCE_DIR;
}

// three projects (README "Running a part of the tests"); `npm run test:unit` is the unit one
const { cli, site } = projectFiles();

export default defineConfig({
  test: {
    exclude: [...configDefaults.exclude, ...withoutSource],
    // a timeout guards against a hang, never measures speed: a loaded 2-core machine runs these many times slower
    testTimeout: 300_000,
    // a hook may wait for another worker's site build (behind the build lock) and then build itself: the hooks that
    // take the lock (ensureSiteBuilt, withBuildLock, acquireBuildLock) set no shorter bound of their own, since
    // vitest fails a synchronous hook that overran its bound even when the wait ended well
    hookTimeout: 20 * 60_000,
    pool: "forks",
    // vitest leaves a core to its main process by default (1 worker on 2 cores); the workers mostly wait on
    // Chromium, Astro and the CLI's child processes, so every core runs a test file
    maxWorkers: availableParallelism(),
    sequence: { sequencer: BuiltSiteFirst },
    // expect.poll waits for a condition (a page's script, a service worker), not for a second's worth of it
    // (the browsers' actions take the same bound)
    expect: { poll: { timeout: WAIT_TIMEOUT_MS } },
    projects: [
      // each project's lists add to the root's (vitest merges arrays), so the root names no include
      { extends: true, test: { name: "unit", include: TEST_FILES, exclude: [...cli, ...site] } },
      { extends: true, test: { name: "cli", include: cli } },
      { extends: true, test: { name: "site", include: site } },
    ],
  },
});
