// Which files are tests, and which of them are `site` tests (they build the site, drive Chromium or run astro)
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";

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
const SITE_MARKERS =
  /\b(ensureSiteBuilt|withBuildLock|acquireBuildLock|CHROMIUM_PATH|launchChromium|FIREFOX_PATH|launchFirefox|browseSiteInFirefox)\b/;

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

/** Every test file in TEST_FILES' folders, repository-relative and sorted. */
export function allTestFiles(root = repoRoot): string[] {
  const folders = ["packages", "editors", "scripts", "site/test", "test"];
  return [...new Set(folders.flatMap((folder) => testFilesUnder(join(root, folder))))]
    .map((file) => relative(root, file))
    .filter((file) => !file.startsWith("site/") || file.startsWith("site/test/"))
    .sort();
}

/** A file that starts processes of its own: the CLI, the packed tarball, the language server, scripts. */
const PROCESS_MARKERS = /from "node:child_process"/;

/**
 * The test files of each project, repository-relative: `site` builds the site, drives Chromium or runs astro;
 * `cli` starts processes (the CLI, the packed tarball, the language server over stdio, scripts); `unit` is the rest,
 * in-process tests of schemas, rules, the linter, the language server and the site's pieces.
 */
export function projectFiles(root = repoRoot): { unit: string[]; cli: string[]; site: string[] } {
  const out = { unit: [] as string[], cli: [] as string[], site: [] as string[] };
  for (const file of allTestFiles(root)) {
    const text = readFileSync(join(root, file), "utf8");
    out[SITE_MARKERS.test(text) ? "site" : PROCESS_MARKERS.test(text) ? "cli" : "unit"].push(file);
  }
  return out;
}
