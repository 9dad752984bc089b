// One vitest run covers every package: tests live beside the code as *.test.ts
import { configDefaults, defineConfig } from "vitest/config";
import { hasSourceText, missingSourceLine, SOURCE_DIR, sourceTextTests } from "./test/support/source-text.ts";

// A plain clone has no source text: its fidelity tests are left out with one line saying so; CI requires them.
const withoutSource = hasSourceText() ? [] : sourceTextTests();
if (withoutSource.length > 0) {
  if (process.env.MOMENTA_REQUIRE_SOURCE)
    throw new Error(`MOMENTA_REQUIRE_SOURCE is set but the source text is not at ${SOURCE_DIR}`);
  console.log(missingSourceLine(withoutSource.length));
}

export default defineConfig({
  test: {
    include: [
      "packages/*/src/**/*.test.ts",
      "packages/*/test/**/*.test.ts",
      "editors/*/src/**/*.test.ts",
      "scripts/**/*.test.ts",
      "site/test/**/*.test.ts",
      "test/**/*.test.ts",
    ],
    exclude: [...configDefaults.exclude, ...withoutSource],
    testTimeout: 30_000,
    hookTimeout: 180_000,
    pool: "forks",
  },
});
