// Where a pack keeps its house-rule patches (a module of its own: pack.ts and patches.ts both ask)
import { lstatSync } from "node:fs";
import { join } from "node:path";

/** The folder of a pack that holds its house-rule patches: `patches/<kind>/<slug>.json`. */
export const PATCH_FOLDER = "patches";

/** Does the pack folder have a `patches/` folder (a real one: a symlink is reported by the walk)? */
export function hasPatchFolder(packDir: string): boolean {
  try {
    return lstatSync(join(packDir, PATCH_FOLDER)).isDirectory();
  } catch {
    return false;
  }
}
