// Writes test/support/file-durations.json, each test file's duration in the last run, which orders a clean clone's run
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { DURATIONS_FILE, durationsFromCache } from "../test/support/start-order.ts";
import { projectFiles } from "../test/support/test-files.ts";
import { benchArgs } from "./bench-args.ts";

const root = resolve(import.meta.dirname, "..");
const { from: fromOption, out: outOption } = benchArgs(
  {
    usage: "npx tsx scripts/test-durations.ts [--from <vitest results.json>] [--out <file>]",
    description: `Rewrites test/support/file-durations.json from vitest's cache of the last run, so that a clone without that
cache starts the longest test files first. Run it after a whole \`npm test\`: a file the run did not time keeps its
old figure, and a file that no longer exists is dropped.
  --from <file>  vitest's results.json to read (default: the newest node_modules/.vite/vitest/*/results.json)
  --out <file>   the file to write (default: test/support/file-durations.json)`,
    options: { from: { type: "string" }, out: { type: "string" } },
  },
  (values) => values,
);

/** A path as the user reads it: relative to where they are, unless it lies outside. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith("..") ? rel : path;
}

/** The newest of vitest's cached results, if any run left one. */
function newestCache(): string | undefined {
  const folder = join(root, "node_modules/.vite/vitest");
  if (!existsSync(folder)) return undefined;
  return readdirSync(folder)
    .map((name) => join(folder, name, "results.json"))
    .filter((path) => existsSync(path))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)[0];
}

function main(): number {
  const from = fromOption ? resolve(fromOption) : newestCache();
  if (!from || !existsSync(from)) {
    console.error(
      `error: ${from ? `\`${fromOption}\` does not exist` : "no vitest cache in node_modules/.vite/vitest"}\nhelp: run \`npm test\` first`,
    );
    return 1;
  }
  // keyed as vitest's cache keys them: `<project>:<path>`
  const keys = Object.entries(projectFiles(root)).flatMap(([project, files]) =>
    files.map((file) => `${project}:${file}`),
  );
  const out = outOption ? resolve(outOption) : fileURLToPath(DURATIONS_FILE);
  let old: Record<string, number> = {};
  // a missing or unreadable file has no old figures to keep
  try {
    old = JSON.parse(readFileSync(out, "utf8"));
  } catch {}
  let durations: Record<string, number>;
  try {
    durations = durationsFromCache(readFileSync(from, "utf8"), keys, old);
  } catch (error) {
    console.error(`error: \`${shown(from)}\` is not vitest's results.json: ${(error as Error).message}`);
    return 1;
  }
  writeFileSync(out, `${JSON.stringify(durations, null, 2)}\n`);
  const timed = Object.keys(durations).length;
  console.log(`wrote ${shown(out)}: ${timed} of ${keys.length} test files timed`);
  return 0;
}

process.exitCode = main();
