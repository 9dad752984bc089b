// Runs the real `momenta` CLI in a child process, optionally as an unprivileged user (tests run as root)
import { type SpawnSyncReturns, spawnSync } from "node:child_process";
import { chmodSync, cpSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const BIN = join(import.meta.dirname, "../bin/momenta.mjs");
/** uid/gid of `nobody`: permissions apply to it, unlike to root. */
const NOBODY = 65534;
const isRoot = () => process.getuid?.() === 0;

/**
 * argv that runs `momenta <args>` as a user whom chmod 000 keeps out: under `setpriv` when we are root (root reads
 * everything), directly otherwise. Sources run through tsx (MOMENTA_NO_BUNDLE), so no bundle cache is written.
 */
export function unprivilegedArgv(args: string[]): [string, string[]] {
  const node = [BIN, ...args];
  if (!isRoot()) return [process.execPath, node];
  return ["setpriv", [`--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups", process.execPath, ...node]];
}

export function runUnprivileged(args: string[], cwd: string): SpawnSyncReturns<string> {
  const [command, argv] = unprivilegedArgv(args);
  const result = spawnSync(command, argv, {
    cwd,
    encoding: "utf8",
    env: { ...process.env, MOMENTA_NO_BUNDLE: "1", NO_COLOR: "1" },
    timeout: 60_000,
  });
  if (result.error) throw result.error;
  return result;
}

/** A world-readable copy of `source` (folders 755, files 644) in a fresh temp folder, so `nobody` can read it. */
export function readableCopy(source: string, name = "tree"): { dir: string; root: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), "momenta-fail-closed-"));
  const root = join(dir, name);
  cpSync(source, root, { recursive: true });
  const open = (path: string) => {
    const folder = statSync(path).isDirectory();
    chmodSync(path, folder ? 0o755 : 0o644);
    if (folder) for (const child of readdirSync(path)) open(join(path, child));
  };
  chmodSync(dir, 0o755);
  open(root);
  return { dir, root, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}
