// Reading listed files for the loader: one shared buffer, no symlink followed, and the walk's problems reported
import { closeSync, fstatSync, openSync, readSync } from "node:fs";
import { unknownFileRule } from "../catalog/unknown-file.ts";
import { unsafeInputRule } from "../catalog/unsafe-input.ts";
import { SourceFile } from "../source/file.ts";
import type { Collector } from "./report.ts";
import { SAFE_OPEN_FLAGS, type WalkProblem } from "./walk.ts";

/** Shared read buffer: files are decoded straight out of it, so none needs its own Buffer (or an fstat). */
let readBuffer = Buffer.allocUnsafe(1 << 16);

/**
 * Read a file without following a symlink swapped in after listing (O_NOFOLLOW where the OS has it).
 * The bytes returned live in a shared buffer, valid until the next call: decode them before reading another file.
 */
export function readBytes(path: string, maxBytes: number): Uint8Array | { tooLarge: number } {
  const fd = openSync(path, SAFE_OPEN_FLAGS);
  try {
    let read = 0;
    for (;;) {
      if (read === readBuffer.length) {
        // one byte past the limit is enough to know a file is too large; fstat then gives its size
        if (read > maxBytes) return { tooLarge: fstatSync(fd).size };
        const grown = Buffer.allocUnsafe(Math.min(readBuffer.length * 2, maxBytes + 1));
        readBuffer.copy(grown, 0, 0, read);
        readBuffer = grown;
      }
      const n = readSync(fd, readBuffer, read, readBuffer.length - read, null);
      if (n === 0) break;
      read += n;
    }
    if (read > maxBytes) return { tooLarge: fstatSync(fd).size };
    return readBuffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** Report what the walk refused (symlinks, stray files and folders, unreadable paths) at the path concerned. */
export function reportWalkProblems(problems: readonly WalkProblem[], collector: Collector): void {
  for (const problem of problems) {
    const source = new SourceFile(problem.relative, "");
    const meta =
      problem.messageId === "folder" || problem.messageId === "file" || problem.messageId === "nested-folder"
        ? unknownFileRule.meta
        : unsafeInputRule.meta;
    const messageId = problem.messageId === "nested-folder" ? "folder" : problem.messageId;
    collector.add(source, meta, messageId, problem.data, 0, 0, {});
  }
}
