#!/usr/bin/env node
// The `momenta` command. Runs the TypeScript sources: bundled once into node_modules/.cache (one file starts in a
// fraction of the time tsx needs to load ~400 modules), rebuilt when any source is newer, tsx as the fallback.
// It parses content; it never runs it.
import { mkdirSync, readdirSync, realpathSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const repo = resolve(packageDir, "../..");
const SOURCES = [
  "packages/cli/src",
  "packages/content/src",
  "packages/lint/src",
  "packages/export/src",
  "packages/render/src",
  "packages/schema/src",
  "packages/rules/src",
  "packages/language-server/src",
].map((dir) => join(repo, dir));
// homebrew pack commands (`lint --pack`, `init-pack`) live in src/pack.ts and fall through to the core CLI
// the workspace's `momenta` is the whole command: the language server's entry registers `lsp`, then runs this CLI
// (a path, not an import: the CLI's own code never depends on the language server built on it)
const FULL_ENTRY = join(repo, "packages/language-server/src/main.ts");
const PACK_ENTRY = exists(FULL_ENTRY) ? FULL_ENTRY : join(packageDir, "src/bin.ts");
const CORE_ENTRY = join(packageDir, "src/main.ts");

function exists(path) {
  try {
    statSync(path);
    return true;
  } catch {
    return false;
  }
}

/** Newest modification time among the sources (and the lockfile, which pins the bundled dependencies). */
function newestSource() {
  let newest = exists(join(repo, "pnpm-lock.yaml")) ? statSync(join(repo, "pnpm-lock.yaml")).mtimeMs : 0;
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.isFile() && entry.name.endsWith(".ts"))
        newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of SOURCES) if (exists(dir)) walk(dir);
  return newest;
}

/** esbuild is not our dependency: use the copy vite brings (vitest → vite → esbuild). */
function loadEsbuild() {
  const fromVitest = createRequire(realpathSync(join(repo, "node_modules/vitest/package.json")));
  return createRequire(realpathSync(fromVitest.resolve("vite/package.json")))("esbuild");
}

async function bundledCli() {
  const out = join(process.env.MOMENTA_CACHE_DIR || join(repo, "node_modules/.cache/momenta"), "cli.mjs");
  if (exists(out) && statSync(out).mtimeMs > newestSource()) return out;
  const usePack = exists(PACK_ENTRY);
  mkdirSync(dirname(out), { recursive: true });
  // built in memory, then written by the one atomic-write helper: no half-written `.tmp` survives a signal
  const built = await loadEsbuild().build({
    ...(usePack
      ? { entryPoints: [PACK_ENTRY] }
      : {
          stdin: {
            contents: `import { main } from ${JSON.stringify(CORE_ENTRY)};\nmain();\n`,
            resolveDir: packageDir,
            loader: "ts",
          },
        }),
    outfile: out,
    write: false,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // ES module builds: UMD builds (jsonc-parser) hide their requires from the bundler
    mainFields: ["module", "main"],
    logLevel: "silent",
    banner: {
      js: 'import { createRequire as __momentaRequire } from "node:module";\nconst require = __momentaRequire(import.meta.url);',
    },
  });
  const [file] = built.outputFiles;
  if (!file) throw new Error("esbuild produced no bundle");
  const { tsImport } = await import("tsx/esm/api");
  const { writeFileAtomicSync } = await tsImport("../src/fs/atomic-write.ts", import.meta.url);
  writeFileAtomicSync(out, file.contents); // a concurrent run sees the old bundle or the new one, never half of one
  return out;
}

async function viaTsx() {
  const { register } = await import("tsx/esm/api");
  register();
  if (exists(PACK_ENTRY)) await import(pathToFileURL(PACK_ENTRY).href);
  else (await import(pathToFileURL(CORE_ENTRY).href)).main();
}

let bundle;
if (!process.env.MOMENTA_NO_BUNDLE) {
  try {
    bundle = await bundledCli();
  } catch {
    bundle = undefined; // no esbuild or a read-only tree: run the sources through tsx instead
  }
}
if (bundle) await import(pathToFileURL(bundle).href);
else await viaTsx();
