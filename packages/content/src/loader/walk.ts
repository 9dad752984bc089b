// Lists content files without trusting the tree: no symlinks, no escaping the root, capped size and count
import { join, relative, sep } from "node:path";
import { type ContentFiles, DISK_FILES, type FileEntry, type FileKind } from "./files.ts";

export interface LoaderLimits {
  /** Largest file read, in bytes; micromark is superlinear on big documents, so this also bounds time. */
  maxFileBytes: number;
  /** Largest MDX chapter parsed, in characters: micromark slows down sharply on big documents. */
  maxMdxChars: number;
  /** Most files read from one content tree. */
  maxFiles: number;
}

export const DEFAULT_LOADER_LIMITS: LoaderLimits = {
  maxFileBytes: 1_000_000,
  maxMdxChars: 250_000,
  maxFiles: 200_000,
};

export interface ListedFile {
  absolute: string;
  /** Path relative to the repo root, forward slashes. */
  relative: string;
  /** Top-level folder under the content root (`weapons`, `rules`). */
  folder: string;
}

export interface WalkProblem {
  relative: string;
  messageId:
    | "symlink"
    | "too-large"
    | "too-many-files"
    | "folder"
    | "file"
    | "nested-folder"
    | "unreadable"
    | "special-file";
  data: Record<string, string | number>;
}

/** Why a path could not be read, in words (`permission denied`), from a Node system error. */
export function readFailureReason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const known: Record<string, string> = {
    EACCES: "permission denied",
    EPERM: "operation not permitted",
    ENOENT: "no such file or directory",
    ENOTDIR: "not a directory",
    EIO: "input/output error",
    EAGAIN: "no data available without blocking",
    EISDIR: "is a directory",
    EMFILE: "too many open files",
  };
  return (code && known[code]) ?? code ?? "unknown error";
}

/** O_NOFOLLOW refuses a symlink with ELOOP (Linux), EMLINK (FreeBSD) or EFTYPE (NetBSD). */
export function isSymlinkRefusal(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return code === "ELOOP" || code === "EMLINK" || code === "EFTYPE";
}

/** The problem to report when opening a listed file failed: a symlink swapped in, or an unreadable file. */
export function readFailure(relativePath: string, error: unknown): Omit<WalkProblem, "relative"> {
  return isSymlinkRefusal(error)
    ? { messageId: "symlink", data: { path: relativePath } }
    : { messageId: "unreadable", data: { path: relativePath, reason: readFailureReason(error) } };
}

/** What a special file is (FIFO, device, socket), or undefined for files, folders and symlinks. */
export function specialFileType(entry: FileKind): string | undefined {
  if (entry.isFIFO()) return "named pipe (FIFO)";
  if (entry.isCharacterDevice()) return "character device";
  if (entry.isBlockDevice()) return "block device";
  if (entry.isSocket()) return "socket";
  return undefined;
}

export const toPosix = (path: string) => (sep === "/" ? path : path.split(sep).join("/"));

/**
 * Whether a file (its name or path) is one the loader reads as an entry or a chapter: a `.json` or `.mdx` file not
 * named with a dot. An editor's or `sed -i`'s temp file (`.x.swp`, `sedBykj7I`, `4913`) is not, though the loader
 * still reports one that stays.
 */
export function isContentFile(path: string): boolean {
  const base = path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf(sep)) + 1);
  return !base.startsWith(".") && /\.(json|mdx)$/.test(base);
}

/** Is `child` inside `parent` (or equal to it)? Both absolute and resolved. */
/** The slug an entry file is named after: `content/weapons/long-sword.json` → `long-sword`. */
export function entrySlug(file: string): string {
  return file.slice(file.lastIndexOf("/") + 1, file.endsWith(".json") ? -5 : undefined);
}

export function isInside(parent: string, child: string): boolean {
  const rel = relative(parent, child);
  return rel === "" || (!rel.startsWith("..") && !rel.startsWith(sep) && !/^[a-zA-Z]:/.test(rel));
}

/**
 * The files of a content tree: `<folder>/<file>` one level deep, as the layout prescribes.
 * Deeper folders, symlinks and oversized files are reported, never read.
 */
export function listContentFiles(
  contentDir: string,
  repoRoot: string,
  limits: LoaderLimits,
  source: ContentFiles = DISK_FILES,
): {
  files: ListedFile[];
  problems: WalkProblem[];
} {
  const files: ListedFile[] = [];
  const problems: WalkProblem[] = [];
  const rel = (absolute: string) => toPosix(relative(repoRoot, absolute));
  const contentRel = rel(contentDir);
  const prefix = contentRel ? `${contentRel}/` : "";
  const unreadable = (absolute: string, error: unknown) => {
    const path = rel(absolute) || absolute; // the root itself: name it in full
    problems.push({
      relative: path,
      messageId: "unreadable",
      data: { path, reason: readFailureReason(error) },
    });
  };
  const special = (absolute: string, type: string) =>
    problems.push({
      relative: rel(absolute),
      messageId: "special-file",
      data: { path: rel(absolute), type },
    });
  let folders: FileEntry[];
  try {
    folders = source.readdir(contentDir);
  } catch (error) {
    // fail closed: an unreadable (or missing) content folder is an error, never "0 files: no problems"
    unreadable(contentDir, error);
    return { files, problems };
  }
  folders.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const folder of folders) {
    const folderPath = join(contentDir, folder.name);
    if (folder.isSymbolicLink()) {
      problems.push({ relative: rel(folderPath), messageId: "symlink", data: { path: rel(folderPath) } });
      continue;
    }
    if (!folder.isDirectory()) {
      const type = specialFileType(folder);
      if (type && !folder.name.startsWith(".")) special(folderPath, type);
      else if (!folder.name.startsWith(".")) {
        problems.push({
          relative: rel(folderPath),
          messageId: "file",
          data: { path: rel(folderPath), expected: "catalog" },
        });
      }
      continue;
    }
    let children: FileEntry[];
    try {
      children = source.readdir(folderPath);
    } catch (error) {
      unreadable(folderPath, error);
      continue;
    }
    children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const child of children) {
      // concatenation, not path.join: a directory entry's name holds no separator, and this runs once per file
      const childPath = `${folderPath}${sep}${child.name}`;
      if (child.name.startsWith(".")) continue;
      if (child.isSymbolicLink()) {
        problems.push({ relative: rel(childPath), messageId: "symlink", data: { path: rel(childPath) } });
        continue;
      }
      if (child.isDirectory()) {
        problems.push({
          relative: rel(childPath),
          messageId: "nested-folder",
          data: { folder: rel(childPath) },
        });
        continue;
      }
      if (!child.isFile()) {
        const type = specialFileType(child);
        // reading a FIFO blocks and a device never ends: report them, never open them
        if (type) special(childPath, type);
        continue;
      }
      if (files.length >= limits.maxFiles) {
        problems.push({
          relative: rel(childPath),
          messageId: "too-many-files",
          data: { limit: limits.maxFiles },
        });
        return { files, problems };
      }
      // no stat here: the reader opens with O_NOFOLLOW and checks the size on the open descriptor
      // string concatenation, not path.relative: this runs once per file
      files.push({
        absolute: childPath,
        relative: `${prefix}${folder.name}/${child.name}`,
        folder: folder.name,
      });
    }
  }
  return { files, problems };
}
