// The core content packs are checked against: found next to the validator (repo or bundled package), loaded once
import { existsSync, lstatSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { LoadResult } from "@momenta/content";
import { load, UsageError } from "@momenta/content";

/** Core files are named under this prefix beside packs, so they never collide with a pack's own `content/…`. */
export const CORE_PREFIX = "core:";

const isContentRoot = (dir: string) => {
  try {
    return lstatSync(join(dir, "content", "rules")).isDirectory();
  } catch {
    return false;
  }
};

/**
 * The folder holding the core `content/`: the nearest ancestor of this module that has one. In the
 * repository that is the repo root; in the installed package, the package folder the bundle step filled.
 */
export function findCoreRoot(from: string = dirname(fileURLToPath(import.meta.url))): string | undefined {
  let dir = resolve(from);
  for (;;) {
    if (isContentRoot(dir)) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

const cache = new Map<string, LoadResult>();

/** The core under `root` as a dependency of packs: loaded once per process, its files named under `core:`. */
export function loadCore(root: string): LoadResult {
  const absolute = resolve(root);
  const cached = cache.get(absolute);
  if (cached) return cached;
  // a usage mistake (`--core` names the folder that holds content/), not an internal error with a stack
  if (!existsSync(join(absolute, "content")))
    throw new UsageError(
      `no core \`content/\` folder in \`${absolute}\` (give \`--core\` the folder that holds \`content/\`)`,
    );
  const core = load({ roots: [{ dir: absolute, name: CORE_PREFIX }] });
  cache.set(absolute, core);
  return core;
}
