// Every write the tools make: temp file in the same folder, fsync, rename; no symlinks followed, no temp file left
import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  fsyncSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join, relative, resolve, sep } from "node:path";

/** A write refused or failed; the message names the path and is fit for a user (no stack needed). */
export class WriteError extends Error {
  constructor(
    message: string,
    readonly path: string,
  ) {
    super(message);
    this.name = "WriteError";
  }
}

export interface AtomicWriteOptions {
  /**
   * The folder the write must stay in: no folder between it and the target may be a symbolic link
   * (default: the target's own folder, so only the target itself is checked).
   */
  within?: string;
  /** Refuse to replace an existing file (init-pack never overwrites). */
  exclusive?: boolean;
  /** Create missing folders between `within` and the target, each checked first. */
  createFolders?: boolean;
}

/** Temp files and folders not yet renamed into place, removed on error, on exit and on SIGINT/SIGTERM/SIGHUP. */
const pending = new Set<string>();
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
let handlersInstalled = false;

function removePending(): void {
  for (const path of pending) rmSync(path, { recursive: true, force: true });
  pending.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  removePending();
  // the only listener: die of the signal as we would have without one (exit status 128 + n)
  if (process.listenerCount(signal) === 1) {
    for (const name of SIGNALS) process.removeListener(name, onSignal);
    process.kill(process.pid, signal);
  }
}

/**
 * Installed on first use and kept: a signal during a synchronous write then waits for the write to finish or clean
 * up (instead of killing the process between the temp file and the rename), and one during an asynchronous fill
 * removes the temp folder.
 */
function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  for (const signal of SIGNALS) process.on(signal, onSignal);
  process.on("exit", removePending);
}

const tempName = (target: string) =>
  join(dirname(target), `.${basename(target)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);

const errorText = (error: unknown) => {
  const e = error as NodeJS.ErrnoException;
  return e.code ? `${e.code}${e.syscall ? ` (${e.syscall})` : ""}` : String(e.message ?? error);
};

/** The display form of a path: relative to the working directory when inside it. */
function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith("..") && !rel.startsWith(sep) ? rel : path;
}

function isSymlink(path: string): boolean | undefined {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Refuse when the target or any folder from `within` down to it is a symbolic link: a write must never land
 * outside the folder it was aimed at (a symlinked `.github` in a pack, a settings file linked elsewhere).
 */
export function assertNoSymlinks(target: string, within = dirname(resolve(target))): void {
  const root = resolve(within);
  const path = resolve(target);
  const rel = relative(root, path);
  if (rel.startsWith("..") || rel.startsWith(sep))
    throw new WriteError(`\`${shown(path)}\` is outside \`${shown(root)}\``, path);
  let current = root;
  for (const part of rel ? rel.split(sep) : []) {
    current = join(current, part);
    const link = isSymlink(current);
    if (link === undefined) return; // the rest does not exist yet, so it cannot be a link
    if (link)
      throw new WriteError(
        `\`${shown(current)}\` is a symbolic link; writes never follow links (it would write outside \`${shown(root)}\`)`,
        current,
      );
  }
}

/** Create the folders between `within` and `folder` one at a time, refusing links (mkdir -p would follow them). */
function createFolders(folder: string, within: string): void {
  const root = resolve(within);
  let current = root;
  for (const part of relative(root, folder).split(sep).filter(Boolean)) {
    current = join(current, part);
    try {
      mkdirSync(current);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
    if (isSymlink(current)) throw new WriteError(`\`${shown(current)}\` is a symbolic link`, current);
  }
}

/** Write `data` to `target` atomically: readers see the old file or the new one, never part of one. */
export function writeFileAtomicSync(
  target: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): void {
  const path = resolve(target);
  const within = options.within ?? dirname(path);
  installHandlers();
  try {
    if (options.createFolders) createFolders(dirname(path), within);
    assertNoSymlinks(path, within);
  } catch (error) {
    if (error instanceof WriteError) throw error;
    throw new WriteError(`cannot write \`${shown(path)}\`: ${errorText(error)}`, path);
  }
  let mode = 0o666;
  try {
    const existing = statSync(path);
    if (options.exclusive) throw new WriteError(`\`${shown(path)}\` already exists`, path);
    if (!existing.isFile()) throw new WriteError(`\`${shown(path)}\` is not a regular file`, path);
    mode = existing.mode & 0o7777; // keep the replaced file's permissions
  } catch (error) {
    if (error instanceof WriteError) throw error;
  }
  const temp = tempName(path);
  pending.add(temp);
  try {
    const fd = openSync(
      temp,
      constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | (constants.O_NOFOLLOW ?? 0),
      mode,
    );
    try {
      const bytes = typeof data === "string" ? Buffer.from(data) : data;
      let written = 0;
      while (written < bytes.length) written += writeSync(fd, bytes, written, bytes.length - written);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    if (options.exclusive) {
      // link(2) fails when the name exists: no file created meanwhile is ever replaced
      linkSync(temp, path);
      rmSync(temp, { force: true });
    } else renameSync(temp, path);
    pending.delete(temp);
    syncFolder(dirname(path));
  } catch (error) {
    rmSync(temp, { force: true });
    pending.delete(temp);
    if (error instanceof WriteError) throw error;
    throw new WriteError(`cannot write \`${shown(path)}\`: ${errorText(error)}`, path);
  }
}

/** fsync a folder so the rename itself survives a crash (not supported everywhere: best effort). */
function syncFolder(folder: string): void {
  try {
    const fd = openSync(folder, constants.O_RDONLY);
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  } catch {
    // Windows and some filesystems cannot fsync a folder; the rename is still atomic
  }
}

/**
 * Replace the folder `target` with one `fill` builds in a temp folder beside it: an interrupted or failed build
 * leaves the old folder as it was and no temp folder behind.
 */
export async function replaceFolder(
  target: string,
  fill: (folder: string) => void | Promise<void>,
): Promise<void> {
  const path = resolve(target);
  installHandlers();
  if (isSymlink(path)) throw new WriteError(`\`${shown(path)}\` is a symbolic link`, path);
  mkdirSync(dirname(path), { recursive: true });
  const temp = tempName(path);
  pending.add(temp);
  const old = `${temp}.old`;
  let movedAside = false;
  try {
    mkdirSync(temp);
    await fill(temp);
    // two renames, synchronously (a signal waits for them): the old folder moves aside only once the new one is complete
    if (isSymlink(path) !== undefined) {
      renameSync(path, old);
      movedAside = true;
    }
    renameSync(temp, path);
    pending.delete(temp);
    if (movedAside) rmSync(old, { recursive: true, force: true });
  } catch (error) {
    if (movedAside && isSymlink(path) === undefined) renameSync(old, path);
    rmSync(temp, { recursive: true, force: true });
    pending.delete(temp);
    throw error;
  }
}
