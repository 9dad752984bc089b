// Where the source text (the seed files) lives for the fidelity tests: $MOMENTA_SOURCE, else the sibling ../shared/seeds
import { existsSync, readdirSync } from "node:fs";
import { join, resolve } from "node:path";

const repoRoot = resolve(import.meta.dirname, "../..");

/** The folder of seed files; MOMENTA_SOURCE (absolute, or relative to the repository) wins over the sibling folder. */
export const SOURCE_DIR = process.env.MOMENTA_SOURCE
  ? resolve(repoRoot, process.env.MOMENTA_SOURCE)
  : join(repoRoot, "../shared/seeds");

/** The seed every fidelity test reads: the book as one text export. */
export const BOOK_SEED = "000_56d699f8274ebde5.txt";

export const hasSourceText = (): boolean => existsSync(join(SOURCE_DIR, BOOK_SEED));

/** Rules tests that quote the book beside the math (module-level reads included), so they need it as a whole. */
const RULES_TESTS_QUOTING_THE_BOOK = [
  "build/legality",
  "conditions/stacking",
  "dice/successes",
  "harm/consequences",
  "harm/damage",
  "outcomes/narrative",
  "spells/casting",
  "stats/advancement",
  "stats/derived",
  "tables/index",
].map((name) => `packages/rules/src/${name}.test.ts`);

/**
 * Test files (repository-relative) that compare content or rules with the source text, so they cannot run without
 * it: the fidelity tests, the seed reader's, the chapter text and coverage tests and the rules tests that quote the book. A file not
 * caught here that reads the source fails with ENOENT on a plain clone, which makes the omission visible.
 */
export function sourceTextTests(): string[] {
  const inFolder = (folder: string, name: RegExp) =>
    readdirSync(join(repoRoot, folder))
      .filter((file) => name.test(file))
      .map((file) => `${folder}/${file}`);
  return [
    ...inFolder("packages/schema/test", /^(fidelity-.*|seed)\.test\.ts$/),
    ...inFolder("test/chapters", /^(chapters|coverage)\.test\.ts$/),
    ...RULES_TESTS_QUOTING_THE_BOOK.filter((file) => existsSync(join(repoRoot, file))),
  ].sort();
}

/** The line a run without the source text prints instead of ENOENT failures. */
export function missingSourceLine(files: number): string {
  return (
    `source text not found at ${SOURCE_DIR}: ${files} test files that compare with it not run ` +
    "(set MOMENTA_SOURCE to the folder of seed files, or put it at ../shared/seeds; see README)"
  );
}
