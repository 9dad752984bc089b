// `momenta diff <old> <new>`: two content trees (folders or git revisions) loaded by the one loader, then compared
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { ContentGraph } from "@momenta/content";
import { diffGraphs, load } from "@momenta/content";
import { DIFF_FORMATS, type DiffFormat, formatDiff } from "@momenta/export";
import { UsageError } from "./args.ts";
import type { CliIo } from "./io.ts";

export const DIFF_HELP = `  momenta diff <old> <new> [--format stylish|json|markdown]
                           what changed between two content trees: folders (a repository or its content/)
                           or git revisions of this repository (v0.31.0, HEAD~3): added, removed, renamed
                           (through aliases) and changed entries, field by field, prose as a word diff;
                           chapters added, removed and changed, section by section (per heading) as a word diff
`;

const isFolder = (path: string) => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

const git = (cwd: string, args: string[]) =>
  spawnSync("git", args, { cwd, encoding: "buffer", maxBuffer: 1 << 30 });

/** A tree to compare: a folder as it is, or a revision's content/ checked out (read-only) into a temp folder. */
function openTree(spec: string, cwd: string, temps: string[]): string {
  const path = resolve(cwd, spec);
  if (isFolder(path)) return path;
  const top = git(cwd, ["rev-parse", "--show-toplevel"]);
  const commit = git(cwd, ["rev-parse", "--verify", "--quiet", `${spec}^{commit}`]);
  if (top.status !== 0 || commit.status !== 0)
    throw new UsageError(`\`${spec}\` is neither a folder nor a git revision of this repository`);
  const repo = top.stdout.toString("utf8").trim();
  const dir = mkdtempSync(join(tmpdir(), "momenta-diff-"));
  temps.push(dir);
  if (!writeRevision(repo, commit.stdout.toString("utf8").trim(), dir))
    throw new UsageError(`\`${spec}\` has no \`content/\` folder`);
  return dir;
}

/**
 * Write a revision's `content/` files into `dir` as its blobs hold them. Not `git archive`: it honours the
 * revision's own `.gitattributes`, so an `export-ignore` line hid an added entry ("no differences"), and
 * `export-subst` rewrote text. Symlinks and submodules are left out, as the loader refuses them anyway.
 */
function writeRevision(repo: string, commit: string, dir: string): boolean {
  const listing = git(repo, ["ls-tree", "-r", "-z", "--full-tree", commit, "--", "content"]);
  if (listing.status !== 0) return false;
  const files: { sha: string; path: string }[] = [];
  for (const line of listing.stdout.toString("utf8").split("\0")) {
    const match = /^(\d+) blob ([0-9a-f]+)\t(.+)$/.exec(line);
    if (match && match[1] !== "120000") files.push({ sha: match[2] as string, path: match[3] as string });
  }
  if (files.length === 0) return false;
  const batch = spawnSync("git", ["cat-file", "--batch"], {
    cwd: repo,
    input: files.map((file) => `${file.sha}\n`).join(""),
    maxBuffer: 1 << 30,
  });
  if (batch.status !== 0) throw new Error(`git cat-file failed: ${batch.stderr.toString("utf8")}`);
  const out = batch.stdout;
  let at = 0;
  for (const file of files) {
    const header = out.indexOf(10, at);
    const size = Number(out.subarray(at, header).toString("utf8").split(" ")[2]);
    const target = join(dir, ...file.path.split("/"));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, out.subarray(header + 1, header + 1 + size));
    at = header + 1 + size + 1;
  }
  return true;
}

/** The graph of a tree, by the one loader (its problems are lint's to report; references are not compared). */
const graphOf = (root: string): ContentGraph => load({ root, references: false }).graph;

export function runDiff(argv: readonly string[], io: CliIo): number {
  const { values, positionals } = parseArgs({
    args: [...argv],
    options: {
      format: { type: "string", short: "f", default: "stylish" },
      help: { type: "boolean", short: "h" },
    },
    allowPositionals: true,
    strict: true,
  });
  if (values.help) {
    io.stdout(`usage:\n${DIFF_HELP}`);
    return 0;
  }
  const format = values.format as DiffFormat;
  if (!DIFF_FORMATS.includes(format))
    throw new UsageError(`unknown format \`${values.format}\` for diff: use ${DIFF_FORMATS.join(", ")}`);
  const [before, after, ...rest] = positionals;
  if (!before || !after || rest.length > 0)
    throw new UsageError("usage: momenta diff <old> <new> [--format …]");
  const temps: string[] = [];
  try {
    const diff = diffGraphs(
      graphOf(openTree(before, io.cwd, temps)),
      graphOf(openTree(after, io.cwd, temps)),
    );
    io.stdout(formatDiff(diff, format, `Changes from ${before} to ${after}`));
    return 0;
  } finally {
    for (const dir of temps) rmSync(dir, { recursive: true, force: true });
  }
}

/** Wrap parse errors of node:util as usage errors (one line, exit 2). */
export function runDiffCommand(argv: readonly string[], io: CliIo): number {
  try {
    return runDiff(argv, io);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (error instanceof UsageError || code?.startsWith("ERR_PARSE_ARGS")) {
      io.stderr(`error: ${(error as Error).message}\n`);
      return 2;
    }
    throw error;
  }
}
