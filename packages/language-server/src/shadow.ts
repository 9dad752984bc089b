// Unsaved editor text for the loader: a hard-linked mirror of the content root with the edited files written in
import {
  copyFileSync,
  linkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { assertNoSymlinks, WriteError, writeFileAtomicSync } from "@momenta/cli";

const SKIPPED = new Set(["node_modules", ".git"]);

/**
 * The loader reads files from disk, so buffers the editor has not saved are written into a mirror of the root
 * (hard links, so building it copies no file) and the mirror is loaded instead. Paths below the mirror are the
 * same as below the root, so diagnostics name the real files.
 */
export class Shadow {
  private mirror: string | undefined;
  /** Root-relative paths (forward slashes) whose mirror copy holds editor text. */
  private readonly edited = new Map<string, string>();

  constructor(
    /** The folder the loader is given (repository root or pack folder). */
    readonly root: string,
    /** Folders below the root to mirror (`content`, and the manifest for a pack). */
    private readonly parts: readonly string[],
  ) {}

  /** The folder to load: the root itself while no buffer differs from disk, else the mirror. */
  get loadRoot(): string {
    return this.edited.size === 0 ? this.root : this.ensureMirror();
  }

  /** Put editor text in place of the file at `file` (root-relative); undefined takes the disk's text back. */
  set(file: string, text: string | undefined): boolean {
    if (text === undefined) {
      if (!this.edited.delete(file)) return false;
      if (!this.mirror) return true;
      const target = join(this.mirror, file);
      try {
        // below a symlinked folder the path leads out of the mirror: never remove or link there
        assertNoSymlinks(target, this.mirror);
        rmSync(target, { force: true });
        linkSync(join(this.root, file), target);
      } catch {
        // deleted on disk meanwhile, or behind a link: the mirror keeps no copy either
      }
      return true;
    }
    if (this.edited.get(file) === text) return false;
    this.edited.set(file, text);
    if (this.mirror) this.write(file, text);
    return true;
  }

  /** Files changed on disk (created, deleted): rebuild the mirror on the next load. */
  invalidate(): void {
    this.dispose();
  }

  dispose(): void {
    if (this.mirror) rmSync(this.mirror, { recursive: true, force: true });
    this.mirror = undefined;
  }

  private write(file: string, text: string): void {
    const mirror = this.mirror as string;
    try {
      // atomic: the rename replaces the hard link, so the author's file is never written through, and a symlinked
      // folder (which would lead out of the mirror) is refused
      writeFileAtomicSync(join(mirror, file), text, { within: mirror, createFolders: true });
    } catch (error) {
      if (!(error instanceof WriteError)) throw error;
      // behind a symlinked folder: the loader refuses that folder anyway, so the buffer is not needed
    }
  }

  private ensureMirror(): string {
    if (this.mirror) return this.mirror;
    const mirror = mkdtempSync(join(tmpdir(), "momenta-lsp-"));
    for (const part of this.parts) this.copy(join(this.root, part), mirror);
    this.mirror = mirror;
    for (const [file, text] of this.edited) this.write(file, text);
    return mirror;
  }

  /** Mirror one file or folder: regular files as hard links, symlinks as symlinks (the loader refuses them). */
  private copy(source: string, mirror: string): void {
    let stats: ReturnType<typeof lstatSync>;
    try {
      stats = lstatSync(source);
    } catch {
      return;
    }
    const target = join(mirror, relative(this.root, source));
    if (stats.isDirectory()) {
      mkdirSync(target, { recursive: true });
      for (const name of readdirSync(source)) {
        if (!SKIPPED.has(name)) this.copy(`${source}${sep}${name}`, mirror);
      }
    } else if (stats.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else if (stats.isFile()) {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target); // another file system: a copy does
      }
    }
  }
}
