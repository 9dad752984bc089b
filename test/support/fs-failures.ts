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

/** When set, `writeSync` fails with ENOSPC once this many bytes were written (a full disk mid-write). */
export const WRITE_FAILURE: { afterBytes?: number; written: number } = { written: 0 };

export function failWritesAfter(bytes: number | undefined): void {
  WRITE_FAILURE.afterBytes = bytes;
  WRITE_FAILURE.written = 0;
}

/**
 * `node:fs` with readdir/open/read-file failing for DENIED paths, as they do for a user without permission, and
 * `writeSync` failing per WRITE_FAILURE.
 */
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
    writeSync: (...args: Parameters<typeof real.writeSync>) => {
      const limit = WRITE_FAILURE.afterBytes;
      if (limit !== undefined && WRITE_FAILURE.written >= limit)
        throw Object.assign(new Error("ENOSPC: no space left on device, write"), {
          code: "ENOSPC",
          errno: -28,
          syscall: "write",
        });
      // a short write up to the limit, as a filling disk gives
      const [fd, buffer, offset = 0, length] = args as unknown as [number, Uint8Array, number?, number?];
      if (limit !== undefined && typeof buffer !== "string") {
        const wanted = Math.min(length ?? buffer.length - offset, limit - WRITE_FAILURE.written);
        const n = real.writeSync(fd, buffer, offset, wanted);
        WRITE_FAILURE.written += n;
        return n;
      }
      return real.writeSync(...args);
    },
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
