// A/B against a git revision: check it out into a temp worktree, install it, and time both trees' commands alternately
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { BenchArgsError } from "./bench-args.ts";

const REPO = resolve(import.meta.dirname, "..");
const TIME = "/usr/bin/time";

export interface Tree {
  /** What the tree is: `this tree` or the revision as given, with its short hash. */
  label: string;
  dir: string;
  remove(): void;
}

/** `rev` as given to `--against`, once git knows it as a commit of this repository; else a BenchArgsError. */
export function againstRevision(rev: string): string {
  const found = spawnSync("git", ["rev-parse", "--verify", "--quiet", `${rev}^{commit}`], {
    cwd: REPO,
    encoding: "utf8",
  });
  if (found.status !== 0)
    throw new BenchArgsError(`\`--against\` takes a git revision of this repository, not \`${rev}\``);
  return rev;
}

/** `rev` checked out (detached) into a temp worktree of this repository, its packages installed from the lockfile. */
export function checkoutRevision(rev: string): Tree {
  const hash = execFileSync("git", ["rev-parse", "--short", `${rev}^{commit}`], {
    cwd: REPO,
    encoding: "utf8",
  }).trim();
  const dir = mkdtempSync(join(tmpdir(), `momenta-against-${hash}-`));
  execFileSync("git", ["worktree", "add", "--detach", dir, hash], { cwd: REPO, stdio: "ignore" });
  const remove = () => {
    spawnSync("git", ["worktree", "remove", "--force", dir], { cwd: REPO, stdio: "ignore" });
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    execFileSync("npx", ["-y", "pnpm@12.4.2", "install", "--frozen-lockfile", "--prefer-offline"], {
      cwd: dir,
      stdio: ["ignore", "ignore", "inherit"],
    });
  } catch (error) {
    remove();
    throw error;
  }
  return { label: `${rev} (${hash})`, dir, remove };
}

export const thisTree: Tree = { label: "this tree", dir: REPO, remove() {} };

export interface Timed {
  wallMs: number;
  /** User + system time of the whole process tree, from /usr/bin/time; undefined without it. */
  cpuMs?: number;
}

/** Runs `command args` once in `cwd` (output discarded) and times it; exit codes in `ok` count as success. */
export function timeProcess(command: string, args: string[], cwd: string, ok = [0]): Timed {
  const cpuFile = join(tmpdir(), `momenta-time-${process.pid}.txt`);
  const timed = existsSync(TIME);
  const start = performance.now();
  const result = timed
    ? spawnSync(TIME, ["-f", "%U %S", "-o", cpuFile, command, ...args], {
        cwd,
        stdio: ["ignore", "ignore", "pipe"],
      })
    : spawnSync(command, args, { cwd, stdio: ["ignore", "ignore", "pipe"] });
  const wallMs = performance.now() - start;
  if (result.error) throw result.error;
  if (!ok.includes(result.status ?? -1))
    throw new Error(`\`${command} ${args.join(" ")}\` exited with ${result.status}:\n${result.stderr}`);
  if (!timed) return { wallMs };
  const [user = 0, system = 0] = readFileSync(cpuFile, "utf8").trim().split(/\s+/).slice(-2).map(Number);
  rmSync(cpuFile, { force: true });
  return { wallMs, cpuMs: (user + system) * 1000 };
}

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/** `median× (runs min–max×)`: a same-run ratio with the spread of its pairs. */
export function ratioWithSpread(ratios: number[]): string {
  return `${median(ratios).toFixed(2)}× (pairs ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)}×)`;
}

/**
 * `pairs` rounds of A then B (B then A on odd rounds, so neither side always runs second), each side's times, and
 * the ratio A ÷ B of each round: both sides of a round see the same machine, so the ratios' spread is the
 * comparison's own, apart from the load's swings between rounds.
 */
export function alternate(pairs: number, a: () => Timed, b: () => Timed): { a: Timed[]; b: Timed[] } {
  const out = { a: [] as Timed[], b: [] as Timed[] };
  for (let round = 0; round < pairs; round++) {
    if (round % 2 === 0) {
      out.a.push(a());
      out.b.push(b());
    } else {
      out.b.push(b());
      out.a.push(a());
    }
  }
  return out;
}
