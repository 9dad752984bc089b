// Proof that a refactor keeps what users get: writes the platform's outputs to a folder, or compares two such folders
// Run: npx tsx scripts/compare-outputs.ts --out <dir> [--corpus]          (capture, on one tree)
//      npx tsx scripts/compare-outputs.ts --before <dir> --after <dir> [--intended 'old=>new' …]   (compare)
// Captured, each as the command a user runs from the repository root (the workspace's `momenta` bin):
//   lint/<name>.json      `momenta lint -f json` on content/, `--pack examples/homebrew`, `--pack examples/homebrew-broken`
//                         (and the 27,000-entry benchmark corpus with --corpus), with the exit code and stderr beside it
//   lint/hostile/<dir>.json  `momenta lint -f json --pack <dir>` on every hostile fixture pack (HOSTILE_FIXTURES below)
//   obsidian/<pack>/…     `momenta export --format obsidian <dir>`: every note of the vault, core and with the example pack
//   foundry/<pack>/…      `momenta export --format foundry <dir>`: module.json and the compendium's source JSON (the
//                         LevelDB it compiles is binary and not compared; its source is what it is compiled from)
//   api/<pack>/…          the site's API documents (site/src/lib/api.ts → buildApi), one file per document
//   site/…                with --site: every file of the built core site (the site tests' build, site/dist, made
//                         if it is not fresh), byte for byte; the build record (a dot file, with its time) is not
// The repository's own path is written as `<repo>` so two worktrees compare. Comparing prints every file that
// differs, is missing or is new, and exits 1 when any does; `--intended 'old=>new'` replaces a text in the before
// folder's files first, for a change that is meant (a docs path that moved), so it is listed on the command line.
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { BenchArgsError, benchArgs } from "./bench-args.ts";
import { benchCorpus } from "./bench-corpus.ts";

const REPO = resolve(import.meta.dirname, "..");
const MOMENTA = join(REPO, "node_modules/.bin/momenta");
const PACKS = { homebrew: "examples/homebrew", "homebrew-broken": "examples/homebrew-broken" } as const;
// the folders whose packs are written to attack the linter and the exports; each folder holding a momenta-pack.json
const HOSTILE_FIXTURES = [
  "test/fixtures/hostile-packs",
  "test/fixtures/hostile-exports",
  "site/test/fixtures/hostile-packs",
  "packages/lint/test/fixtures/packs/hostile",
];

const settings = benchArgs(
  {
    usage:
      "npx tsx scripts/compare-outputs.ts --out <dir> [--corpus] | --before <dir> --after <dir> [--intended 'a=>b']",
    description: [
      "Captures lint JSON, the Obsidian vault, Foundry's source JSON and the API into a folder, or compares two captures.",
      "  --out <dir>          capture this tree's outputs into <dir> (replaced)",
      "  --corpus             also lint the generated 27,000-entry benchmark corpus (slow: about a minute)",
      "  --site               also capture the built core site, every file (builds site/dist if stale: minutes)",
      "  --api-worker         (internal) print the API documents of this process's MOMENTA_PACKS as JSON",
      "  --before <dir>       the capture of the tree before the change",
      "  --after <dir>        the capture after it",
      "  --intended <a=>b>    a meant change: replace text a by b in the before files (repeatable)",
    ].join("\n"),
    options: {
      out: { type: "string" },
      corpus: { type: "boolean", default: false },
      site: { type: "boolean", default: false },
      "api-worker": { type: "boolean", default: false },
      before: { type: "string" },
      after: { type: "string" },
      intended: { type: "string", multiple: true, default: [] },
    },
  },
  (values) => {
    const intended = (values.intended ?? []).map((pair) => {
      const at = pair.indexOf("=>");
      if (at <= 0) throw new BenchArgsError(`\`--intended\` takes \`old=>new\`, not \`${pair}\``);
      return [pair.slice(0, at), pair.slice(at + 2)] as const;
    });
    if (values["api-worker"]) return { mode: "api-worker" as const };
    if (values.out && !values.before && !values.after)
      return {
        mode: "capture" as const,
        out: resolve(values.out),
        corpus: values.corpus === true,
        site: values.site === true,
      };
    if (values.before && values.after && !values.out)
      return {
        mode: "compare" as const,
        before: resolve(values.before),
        after: resolve(values.after),
        intended,
      };
    throw new BenchArgsError("give either `--out <dir>` or both `--before <dir>` and `--after <dir>`");
  },
);

const normalize = (text: string) => text.split(REPO).join("<repo>");

function write(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function run(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(MOMENTA, args, {
    cwd: REPO,
    encoding: "utf8",
    maxBuffer: 1 << 30,
    env: { ...process.env, NO_COLOR: "1", MOMENTA_PACKS: "", ...env },
  });
  if (result.error) throw result.error;
  return { code: result.status ?? -1, stdout: normalize(result.stdout), stderr: normalize(result.stderr) };
}

function files(dir: string, under = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name), under) : [relative(under, join(dir, entry.name))],
  );
}

function hostilePacks(): string[] {
  return HOSTILE_FIXTURES.flatMap((folder) =>
    files(join(REPO, folder))
      .filter((file) => file === "momenta-pack.json" || file.endsWith("/momenta-pack.json"))
      .map((file) => relative(REPO, dirname(join(REPO, folder, file)))),
  ).sort();
}

function captureLint(out: string, name: string, args: string[]): void {
  const result = run(["lint", "-f", "json", ...args]);
  write(join(out, "lint", `${name}.json`), result.stdout);
  write(join(out, "lint", `${name}.status.txt`), `exit ${result.code}\n${result.stderr}`);
}

function captureExport(out: string, format: "obsidian" | "foundry", name: string, packs: string): void {
  const dir = mkdtempSync(join(tmpdir(), `compare-${format}-`));
  try {
    const result = run(["export", "--format", format, dir], { MOMENTA_PACKS: packs });
    write(
      join(out, format, `${name}.status.txt`),
      `exit ${result.code}\n${result.stderr.split(dir).join("<out>")}`,
    );
    for (const file of files(dir)) {
      // Foundry's compiled LevelDB is binary with its own timestamps; its source JSON beside it is compared instead
      if (format === "foundry" && file.startsWith("packs/")) continue;
      write(join(out, format, name, file), normalize(readFileSync(join(dir, file), "utf8")));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function captureApi(out: string, name: string, packs: string): void {
  // a child process per pack set: the site's loader caches its graph per process
  const result = spawnSync(process.execPath, ["--import", "tsx", import.meta.filename, "--api-worker"], {
    cwd: REPO,
    encoding: "utf8",
    maxBuffer: 1 << 30,
    env: { ...process.env, MOMENTA_PACKS: packs },
  });
  if (result.status !== 0) throw new Error(`API worker failed: ${result.stderr}`);
  const documents = JSON.parse(result.stdout) as Record<string, unknown>;
  for (const [path, document] of Object.entries(documents))
    write(join(out, "api", name, path), normalize(`${JSON.stringify(document, null, 2)}\n`));
}

async function apiWorker(): Promise<void> {
  const { apiDocuments } = (await import(pathToFileURL(join(REPO, "site/src/lib/api.ts")).href)) as {
    apiDocuments(): Promise<Map<string, unknown>>;
  };
  process.stdout.write(JSON.stringify(Object.fromEntries(await apiDocuments())));
}

async function captureSite(out: string): Promise<void> {
  // the tests' own build (their SITE_URL and environment), so a capture reuses a fresh one and a test reuses this
  const build = (await import(pathToFileURL(join(REPO, "site/test/support/build.ts")).href)) as {
    DIST_DIR: string;
    ensureSiteBuilt(): void;
  };
  const previous = process.env.MOMENTA_PACKS;
  process.env.MOMENTA_PACKS = "";
  try {
    build.ensureSiteBuilt();
  } finally {
    if (previous === undefined) delete process.env.MOMENTA_PACKS;
    else process.env.MOMENTA_PACKS = previous;
  }
  for (const file of files(build.DIST_DIR)) {
    if (file.split(/[\\/]/).some((part) => part.startsWith("."))) continue;
    const bytes = readFileSync(join(build.DIST_DIR, file));
    mkdirSync(dirname(join(out, "site", file)), { recursive: true });
    writeFileSync(join(out, "site", file), isText(bytes) ? normalize(bytes.toString("utf8")) : bytes);
  }
}

/** Bytes that are UTF-8 text (a page, a script, JSON), which the repository path and `--intended` apply to. */
function isText(bytes: Buffer): boolean {
  return !bytes.includes(0) && Buffer.from(bytes.toString("utf8"), "utf8").equals(bytes);
}

async function capture(out: string, corpus: boolean, site: boolean): Promise<void> {
  rmSync(out, { recursive: true, force: true });
  const step = (label: string, work: () => void) => {
    const started = performance.now();
    work();
    process.stderr.write(`${label}: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  };
  step("lint content", () => captureLint(out, "content", []));
  for (const [name, dir] of Object.entries(PACKS))
    step(`lint ${dir}`, () => captureLint(out, name, ["--pack", dir]));
  step("lint hostile packs", () => {
    for (const dir of hostilePacks()) captureLint(out, join("hostile", dir), ["--pack", dir]);
  });
  if (corpus) {
    const root = benchCorpus();
    step("lint corpus", () => captureLint(out, "corpus", ["--root", root]));
  }
  for (const [name, packs] of [
    ["core", ""],
    ["homebrew", PACKS.homebrew],
    ["homebrew-broken", PACKS["homebrew-broken"]],
  ] as const) {
    step(`obsidian ${name}`, () => captureExport(out, "obsidian", name, packs));
    step(`foundry ${name}`, () => captureExport(out, "foundry", name, packs));
    if (name !== "homebrew-broken") step(`api ${name}`, () => captureApi(out, name, packs));
  }
  if (site) {
    const started = performance.now();
    await captureSite(out);
    process.stderr.write(`site: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
  process.stdout.write(`${files(out).length} files written to ${out}\n`);
}

function compare(before: string, after: string, intended: readonly (readonly [string, string])[]): number {
  const left = new Set(files(before));
  const right = new Set(files(after));
  const problems: string[] = [];
  for (const file of [...new Set([...left, ...right])].sort()) {
    if (!right.has(file)) problems.push(`missing after: ${file}`);
    else if (!left.has(file)) problems.push(`new after: ${file}`);
    else {
      const old = readFileSync(join(before, file));
      const now = readFileSync(join(after, file));
      let same = old.equals(now);
      if (!same && intended.length > 0 && isText(old)) {
        let text = old.toString("utf8");
        for (const [from, to] of intended) text = text.split(from).join(to);
        same = text === now.toString("utf8");
      }
      if (!same) problems.push(`differs: ${file}`);
    }
  }
  for (const line of problems) process.stdout.write(`${line}\n`);
  process.stdout.write(
    `${left.size} files before, ${right.size} after, ${problems.length} differ` +
      (intended.length > 0 ? ` (intended: ${intended.map(([a, b]) => `${a} => ${b}`).join(", ")})` : "") +
      "\n",
  );
  return problems.length === 0 ? 0 : 1;
}

if (settings.mode === "api-worker") await apiWorker();
else if (settings.mode === "capture") await capture(settings.out, settings.corpus, settings.site);
else process.exitCode = compare(settings.before, settings.after, settings.intended);
