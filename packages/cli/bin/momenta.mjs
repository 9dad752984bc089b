#!/usr/bin/env node
// The `momenta` command. Runs the TypeScript sources: bundled once into node_modules/.cache (one file starts in a
// fraction of the time tsx needs to load ~400 modules), rebuilt when any source is newer, tsx as the fallback.
// The bundle is a CommonJS script run with V8's code cache beside it (cli.cjs.v8), so a run neither parses its
// 2.8 MB again nor compiles again the functions the first run compiled. It parses content; it never runs it.
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import Module, { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Script } from "node:vm";

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
  const out = join(process.env.MOMENTA_CACHE_DIR || join(repo, "node_modules/.cache/momenta"), "cli.cjs");
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
    // a script, not a module: only scripts take V8's code cache on Node 20 (no top-level await in the sources)
    format: "cjs",
    target: "node20",
    // ES module builds: UMD builds (jsonc-parser) hide their requires from the bundler
    mainFields: ["module", "main"],
    logLevel: "silent",
    // the sources' `import.meta` (paths beside the module) is the bundle's own
    define: { "import.meta.url": "__momentaUrl", "import.meta.dirname": "__dirname" },
    banner: { js: 'const __momentaUrl = require("node:url").pathToFileURL(__filename).href;' },
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

/** Header of a code cache: the bundle's size and modification time, and whether a lint made the cache. */
const HEADER = 24;

/**
 * The code cache of `bundle`: V8's data after a header naming the bundle's size and modification time (V8 checks
 * its own version and flags, and of the source only its length, so the header ties the data to this very bundle).
 */
function codeCache(bundle) {
  const stats = statSync(bundle);
  const header = Buffer.alloc(HEADER);
  header.writeDoubleLE(stats.size, 0);
  header.writeDoubleLE(stats.mtimeMs, 8);
  try {
    const file = readFileSync(`${bundle}.v8`);
    if (file.length > HEADER && file.subarray(0, 16).equals(header.subarray(0, 16)))
      return { header, data: file.subarray(HEADER), ofLint: file.readDoubleLE(16) === 1 };
  } catch {
    // no cache yet
  }
  return { header, data: undefined, ofLint: false };
}

/**
 * Run the CommonJS bundle as Node runs a module, with its code cache. A run without a usable cache writes one at
 * exit, holding the functions the run compiled; a lint rewrites one that a lighter command (`--help`) made.
 */
function runBundle(bundle) {
  const { header, data, ofLint } = codeCache(bundle);
  const script = new Script(Module.wrap(readFileSync(bundle, "utf8")), {
    filename: bundle,
    ...(data ? { cachedData: data } : {}),
  });
  const lint = process.argv[2] === "lint";
  if (!data || script.cachedDataRejected || (lint && !ofLint)) {
    process.once("exit", () => {
      const temp = `${bundle}.v8.${process.pid}.tmp`;
      try {
        header.writeDoubleLE(lint ? 1 : 0, 16);
        // written whole or not at all: a concurrent run reads the old cache or the new one
        writeFileSync(temp, Buffer.concat([header, script.createCachedData()]));
        renameSync(temp, `${bundle}.v8`);
      } catch {
        rmSync(temp, { force: true }); // a read-only cache folder: the next run compiles again
      }
    });
  }
  const module = new Module(bundle);
  module.filename = bundle;
  module.paths = Module._nodeModulePaths(dirname(bundle));
  script.runInThisContext()(module.exports, createRequire(bundle), module, bundle, dirname(bundle));
}

let bundle;
if (!process.env.MOMENTA_NO_BUNDLE) {
  try {
    bundle = await bundledCli();
  } catch {
    bundle = undefined; // no esbuild or a read-only tree: run the sources through tsx instead
  }
}
if (bundle) runBundle(bundle);
else await viaTsx();
