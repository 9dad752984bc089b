// Where a pack keeps its house-rule patches (a module of its own: pack.ts and patches.ts both ask)
import { join } from "node:path";
import { type ContentFiles, DISK_FILES } from "./files.ts";

/** The folder of a pack that holds its house-rule patches: `patches/<kind>/<slug>.json`. */
export const PATCH_FOLDER = "patches";

/** Does the pack folder have a `patches/` folder (a real one: a symlink is reported by the walk)? */
export function hasPatchFolder(packDir: string, files: ContentFiles = DISK_FILES): boolean {
  try {
    return files.lstat(join(packDir, PATCH_FOLDER)).isDirectory();
  } catch {
    return false;
  }
}
