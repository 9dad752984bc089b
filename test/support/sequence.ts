// Which test files are `site` tests (they build the site, drive Chromium or run astro), and the order files start in
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const repoRoot = resolve(import.meta.dirname, "../..");

/** Where test files live (vitest's include), repository-relative. */
export const TEST_FILES = [
  "packages/*/src/**/*.test.ts",
  "packages/*/test/**/*.test.ts",
  "editors/*/src/**/*.test.ts",
  "scripts/**/*.test.ts",
  "site/test/**/*.test.ts",
  "test/**/*.test.ts",
];

/** What a file that needs a site build, a browser or astro itself calls (site/test/support). */
const SITE_MARKERS = /\b(ensureSiteBuilt|withBuildLock|acquireBuildLock|CHROMIUM_PATH|launchChromium)\b/;
const BUILDS_DIST = /\bensureSiteBuilt\b/;

function testFilesUnder(folder: string, out: string[] = []): string[] {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return out;
  }
  for (const name of names) {
    if (name === "node_modules" || name === "dist" || name.startsWith(".")) continue;
    const path = join(folder, name);
    if (name.endsWith(".test.ts")) out.push(path);
    else if (!name.includes(".")) testFilesUnder(path, out);
  }
  return out;
}

/** Repository-relative test files that build the site, drive Chromium or run astro: the `site` project. */
export function siteTestFiles(root = repoRoot): string[] {
  const folders = ["packages", "editors", "scripts", "site/test", "test"];
  return [...new Set(folders.flatMap((folder) => testFilesUnder(join(root, folder))))]
    .filter((file) => SITE_MARKERS.test(readFileSync(file, "utf8")))
    .map((file) => relative(root, file))
    .sort();
}

/**
 * Vitest's order (the longest files of the last run first; on a clean clone, the largest), except that one site
 * file that needs site/dist goes first, so that the site build starts at once and the other workers run unit
 * files meanwhile instead of waiting for it behind the build lock.
 */
export class BuiltSiteFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const site = sorted.filter((file) => file.project.name === "site");
    const unit = sorted.filter((file) => file.project.name !== "site");
    const first = site.find((file) => BUILDS_DIST.test(readFileSync(file.moduleId, "utf8")));
    if (!first) return [...site, ...unit];
    return [first, ...unit, ...site.filter((file) => file !== first)];
  }
}
