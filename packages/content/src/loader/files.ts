// The loader's only window on files: the disk, or the disk with an editor's unsaved texts over it (no IO of its own)
import {
  closeSync,
  constants,
  type Dirent,
  fstatSync,
  lstatSync,
  openSync,
  readdirSync,
  readSync,
  type Stats,
} from "node:fs";
import { basename, dirname } from "node:path";

/** What the walk reads of a directory entry or a path's `lstat`. */
export type FileKind = Pick<
  Stats,
  "isFile" | "isDirectory" | "isSymbolicLink" | "isFIFO" | "isSocket" | "isCharacterDevice" | "isBlockDevice"
>;

/** Open flags for untrusted files: never follow a symlink, never block on a FIFO swapped in after listing. */
export const SAFE_OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** Shared read buffer: files are decoded straight out of it, so none needs its own Buffer (or an fstat). */
let readBuffer = Buffer.allocUnsafe(1 << 16);

/**
 * Read a file without following a symlink swapped in after listing (O_NOFOLLOW where the OS has it).
 * The bytes returned live in a shared buffer, valid until the next call: decode them before reading another file.
 */
function readBytes(path: string, maxBytes: number): Uint8Array | { tooLarge: number } {
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
      const wanted = readBuffer.length - read;
      const n = readSync(fd, readBuffer, read, wanted, null);
      read += n;
      // a regular file reads short only at its end: no second read (a syscall per file) just to be told so
      if (n < wanted) break;
    }
    if (read > maxBytes) return { tooLarge: fstatSync(fd).size };
    return readBuffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** A directory entry: its name and what it is. */
export type FileEntry = FileKind & { name: string };

/**
 * Every read the loader makes, by absolute path. The disk's is the default; an overlay puts texts an editor has not
 * saved in place of the disk's (rust-analyzer's VFS is the model), so an editor, `lint --watch` and the CLI read
 * content through the same loader, and no mirror folder is written.
 */
export interface ContentFiles {
  /** The path itself, without following a symlink (throws as `fs.lstatSync` does). */
  lstat(path: string): FileKind & { size: number };
  /** A folder's entries (throws as `fs.readdirSync` does). */
  readdir(path: string): FileEntry[];
  /**
   * A file's bytes, never through a symlink; past `maxBytes`, its size instead. The bytes may live in a shared
   * buffer that the next read reuses: decode them first.
   */
  read(path: string, maxBytes: number): Uint8Array | { tooLarge: number };
}

/** The disk, read as the walk requires (O_NOFOLLOW, one shared buffer). */
export const DISK_FILES: ContentFiles = {
  lstat: (path) => lstatSync(path),
  readdir: (path) => readdirSync(path, { withFileTypes: true }) as Dirent[],
  read: readBytes,
};

const NO = () => false;
const YES = () => true;
/** What an unsaved text is: a regular file. */
const REGULAR: FileKind = {
  isFile: YES,
  isDirectory: NO,
  isSymbolicLink: NO,
  isFIFO: NO,
  isSocket: NO,
  isCharacterDevice: NO,
  isBlockDevice: NO,
};

/**
 * The disk with editor texts over it, by absolute path. A text stands in for the file of its path; a text whose
 * file is not on disk yet (a new, unsaved file) is listed in its folder. A path that is a symlink or a folder on
 * disk stays what it is: the walk refuses it whatever the editor holds.
 */
export class OverlayFiles implements ContentFiles {
  private readonly texts = new Map<string, string>();

  constructor(private readonly base: ContentFiles = DISK_FILES) {}

  /** Put `text` in place of the file at `path`; undefined gives the disk's back. True when that changes anything. */
  set(path: string, text: string | undefined): boolean {
    if (text === undefined) return this.texts.delete(path);
    if (this.texts.get(path) === text) return false;
    this.texts.set(path, text);
    return true;
  }

  get size(): number {
    return this.texts.size;
  }

  lstat(path: string): FileKind & { size: number } {
    const text = this.texts.get(path);
    if (text === undefined) return this.base.lstat(path);
    try {
      const disk = this.base.lstat(path);
      if (!disk.isFile()) return disk;
    } catch {
      // not on disk yet: the editor's text is the file
    }
    return { ...REGULAR, size: Buffer.byteLength(text, "utf8") };
  }

  readdir(path: string): FileEntry[] {
    let entries: FileEntry[];
    try {
      entries = this.base.readdir(path);
    } catch (error) {
      // a folder that holds only unsaved files is a folder to the editor
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || !this.holdsTexts(path)) throw error;
      entries = [];
    }
    const names = new Set(entries.map((entry) => entry.name));
    for (const file of this.texts.keys())
      if (dirname(file) === path && !names.has(basename(file)))
        entries.push({ ...REGULAR, name: basename(file) });
    return entries;
  }

  read(path: string, maxBytes: number): Uint8Array | { tooLarge: number } {
    const text = this.texts.get(path);
    if (text === undefined) return this.base.read(path, maxBytes);
    const disk = (() => {
      try {
        return this.base.lstat(path);
      } catch {
        return undefined;
      }
    })();
    // a symlink the editor has open is still refused: read the disk's way, which never follows it
    if (disk && !disk.isFile()) return this.base.read(path, maxBytes);
    const bytes = Buffer.from(text, "utf8");
    return bytes.length > maxBytes ? { tooLarge: bytes.length } : bytes;
  }

  private holdsTexts(folder: string): boolean {
    for (const file of this.texts.keys()) if (dirname(file) === folder) return true;
    return false;
  }
}
