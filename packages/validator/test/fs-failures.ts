// Read failures and special files for fail-closed tests: tests run as root, who can read chmod-000 files
import { execFileSync } from "node:child_process";
import type * as fs from "node:fs";
import { join, resolve } from "node:path";

/** Absolute paths whose reads fail with EACCES while a test file mocks `node:fs` with `withDeniedReads`. */
export const DENIED = new Set<string>();

export function denyReads(...paths: string[]): void {
  for (const path of paths) DENIED.add(resolve(path));
}

function denied(syscall: string, path: unknown): void {
  if (typeof path === "string" && DENIED.has(resolve(path))) {
    throw Object.assign(new Error(`EACCES: permission denied, ${syscall} '${path}'`), {
      code: "EACCES",
      errno: -13,
      syscall,
      path,
    });
  }
}

/** `node:fs` with readdir/open/read-file failing for DENIED paths, as they do for a user without permission. */
export function withDeniedReads(real: typeof fs): typeof fs {
  const guard =
    <A extends unknown[], R>(syscall: string, fn: (...args: A) => R) =>
    (...args: A): R => {
      denied(syscall, args[0]);
      return fn(...args);
    };
  const mocked = {
    ...real,
    readdirSync: guard("scandir", real.readdirSync),
    openSync: guard("open", real.openSync),
    readFileSync: guard("open", real.readFileSync),
  } as typeof fs;
  return { ...mocked, default: mocked } as typeof fs;
}

/** A named pipe (FIFO) at `path`: `mkfifo` works for any user, unlike device nodes. */
export function makeFifo(path: string): void {
  execFileSync("mkfifo", [path]);
}

/** A Unix socket file at `path`, left behind by a child that listens and exits. */
export function makeSocket(path: string): void {
  execFileSync(process.execPath, [
    "-e",
    "require('node:net').createServer().listen(process.argv[1], () => process.exit(0))",
    path,
  ]);
}

export function makeSpecialFiles(root: string): void {
  makeFifo(join(root, "content/weapons/pipe.json"));
  makeSocket(join(root, "content/conditions/socket.json"));
  makeFifo(join(root, "content/inbox"));
}
