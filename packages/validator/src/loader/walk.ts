// Lists content files without trusting the tree: no symlinks, no escaping the root, capped size and count
import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";

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
  messageId: "symlink" | "too-large" | "too-many-files" | "folder" | "file" | "nested-folder";
  data: Record<string, string | number>;
}

export const toPosix = (path: string) => (sep === "/" ? path : path.split(sep).join("/"));

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
): {
  files: ListedFile[];
  problems: WalkProblem[];
} {
  const files: ListedFile[] = [];
  const problems: WalkProblem[] = [];
  const rel = (absolute: string) => toPosix(relative(repoRoot, absolute));
  const contentRel = rel(contentDir);
  const prefix = contentRel ? `${contentRel}/` : "";
  let folders: import("node:fs").Dirent[];
  try {
    folders = readdirSync(contentDir, { withFileTypes: true });
  } catch {
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
      if (!folder.name.startsWith(".")) {
        problems.push({
          relative: rel(folderPath),
          messageId: "file",
          data: { path: rel(folderPath), expected: "catalog" },
        });
      }
      continue;
    }
    const children = readdirSync(folderPath, { withFileTypes: true });
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
      if (!child.isFile()) continue;
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
