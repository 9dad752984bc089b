#!/usr/bin/env node
// Builds the standalone @momenta/validator package: one bundled CLI (schema + rules + linter) plus the core content
//
// usage: node packages/cli/scripts/bundle.mjs [--out <dir>] [--repository <url>]
//        (default out: packages/cli/dist/package; the repository URL also from MOMENTA_REPOSITORY_URL)
// The output folder is a complete package with no dependencies: `pnpm pack` there gives a tarball that
// installs offline and lints homebrew packs against the bundled core rules.
import { cpSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { builtinModules, createRequire } from "node:module";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const repo = resolve(packageDir, "../..");

/** esbuild is not a dependency of ours: take the copy vite brings (vitest → vite → esbuild). */
export function loadEsbuild() {
  const fromVitest = createRequire(realpathSync(join(repo, "node_modules/vitest/package.json")));
  const vite = realpathSync(fromVitest.resolve("vite/package.json"));
  return createRequire(vite)("esbuild");
}

const builtins = new Set(builtinModules);
const packageName = (specifier) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

/** The package.json of the workspace package a source file belongs to (walking up from its folder). */
function owningManifest(file, cache) {
  for (let dir = dirname(file); dir !== dirname(dir); dir = dirname(dir)) {
    if (cache.has(dir)) return cache.get(dir);
    try {
      const manifest = { dir, ...JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) };
      cache.set(dir, manifest);
      return manifest;
    } catch {}
  }
  return undefined;
}

/**
 * Fails the bundle when workspace source imports a package its own package.json does not list in `dependencies`:
 * a devDependency resolves in this checkout (pnpm installs it) but is not what a production install carries, so
 * the bundle would only work by accident of the workspace.
 */
export const declaredDependenciesOnly = {
  name: "declared-dependencies-only",
  setup(build) {
    const manifests = new Map();
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (!args.importer || args.importer.split(sep).includes("node_modules")) return undefined;
      if (args.path.startsWith("node:") || builtins.has(args.path)) return undefined;
      const manifest = owningManifest(args.importer, manifests);
      const name = packageName(args.path);
      if (!manifest || manifest.name === name) return undefined;
      if (name in { ...manifest.dependencies, ...manifest.peerDependencies }) return undefined;
      const where = relative(repo, join(manifest.dir, "package.json"));
      return { errors: [{ text: `${name} is used at runtime but is not in the dependencies of ${where}` }] };
    });
  },
};

/** The name homebrew CI installs (init-pack's workflow pins it): kept when the workspace's packages were split up. */
export const PUBLISHED_NAME = "@momenta/validator";

function flag(argv, name) {
  const index = argv.indexOf(name);
  if (index === -1) return undefined;
  const value = argv[index + 1];
  if (!value) throw new Error(`${name} needs a value`);
  return value;
}

/**
 * The `repository` field npm provenance checks against the workflow that publishes: the release workflow passes its
 * own GitHub repository, so the field is never a guess (no URL is written down anywhere in this repository).
 */
function repositoryField(url) {
  if (!url) return undefined;
  return {
    type: "git",
    url: url.startsWith("git+") ? url : `git+${url.replace(/\/$/, "")}.git`,
    directory: "packages/cli",
  };
}

/** `options.repository`: the source repository's URL (https://github.com/<owner>/<name>), for provenance. */
export async function bundle(target, options = {}) {
  const esbuild = loadEsbuild();
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
  const { tsImport } = await import("tsx/esm/api");
  const { replaceFolder } = await tsImport("../src/fs/atomic-write.ts", import.meta.url);
  // built in a temp folder beside the target and swapped in whole: an interrupted build leaves the old package
  await replaceFolder(target, (out) =>
    build(
      esbuild,
      manifest,
      out,
      repositoryField(options.repository),
      docsRoot(options.repository, manifest),
    ),
  );
  return target;
}

/**
 * What the linter's rule links resolve against in the release (packages/lint/src/docs-url.ts): the repository's files
 * at the tag the release workflow publishes (`v<version>`); none without a repository (a local bundle).
 */
export function docsRoot(url, manifest) {
  if (!url) return undefined;
  return `${url
    .replace(/^git\+/, "")
    .replace(/\.git$/, "")
    .replace(/\/$/, "")}/blob/v${manifest.version}/`;
}

async function build(esbuild, manifest, out, repository, docs) {
  mkdirSync(join(out, "dist"), { recursive: true });
  await esbuild.build({
    // the whole command: the language server's entry registers `lsp`, then runs the validator's pack-aware CLI
    entryPoints: [join(repo, "packages/language-server/src/main.ts")],
    outfile: join(out, "dist/momenta.mjs"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // prefer ES module builds: UMD builds (jsonc-parser) hide their requires from the bundler
    mainFields: ["module", "main"],
    legalComments: "none",
    logLevel: "warning",
    plugins: [declaredDependenciesOnly],
    // the rule pages' root (`""`: none, so a diagnostic names the page's repository path instead of a link)
    define: { __MOMENTA_DOCS_ROOT__: JSON.stringify(docs ?? "") },
    // bundled CommonJS dependencies call require() for Node built-ins
    banner: {
      js: '#!/usr/bin/env node\nimport { createRequire as __momentaCreateRequire } from "node:module";\nconst require = __momentaCreateRequire(import.meta.url);',
    },
  });
  // core content sits beside dist/, where findCoreRoot looks first
  cpSync(join(repo, "content"), join(out, "content"), { recursive: true, dereference: false });
  // what each rules release changed, for `lint --pack`'s rules-changed warnings
  cpSync(join(repo, "packages/lint/changes"), join(out, "changes"), { recursive: true, dereference: false });
  const standalone = {
    name: PUBLISHED_NAME,
    version: manifest.version,
    description:
      "The Momenta linter with the core rules bundled: lint homebrew packs (momenta lint --pack <dir>)",
    type: "module",
    bin: { momenta: "dist/momenta.mjs" },
    files: ["dist", "content", "changes", "README.md"],
    engines: { node: ">=20.19" },
    // the project states no license: the package says so rather than guessing one
    license: "UNLICENSED",
    ...(repository ? { repository } : {}),
    publishConfig: { access: "public" },
  };
  writeFileSync(join(out, "package.json"), `${JSON.stringify(standalone, null, 2)}\n`);
  writeFileSync(
    join(out, "README.md"),
    `# ${PUBLISHED_NAME} (standalone)\n\nThe Momenta linter with the core rules ${manifest.version} bundled.\n\n` +
      "```sh\nmomenta init-pack my-pack\nmomenta lint --pack my-pack\n```\n\nSee docs/homebrew.md in the Momenta repository.\n",
  );
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const out = resolve(flag(argv, "--out") ?? join(packageDir, "dist/package"));
  await bundle(out, { repository: flag(argv, "--repository") ?? process.env.MOMENTA_REPOSITORY_URL });
  console.log(`bundled the momenta CLI and core content into ${out}`);
}
