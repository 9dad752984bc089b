// Which leaves of two packs' patches of one entry overlap: a prefix index of each patch's leaves, and the conflicts
import { patchRule } from "../catalog/patch.ts";
import type { JsonPath } from "../diagnostic.ts";
import { formatPath } from "../diagnostic.ts";
import { noteOf } from "../rule.ts";
import type { PatchFile } from "./patch-file.ts";
import type { Collector } from "./report.ts";

/** A path's key in a {@link PathIndex}: each part tagged with its type and length, so no two paths share one. */
const keyPart = (part: string | number) =>
  `${typeof part === "number" ? "#" : "."}${String(part).length}:${part}`;

/**
 * Leaves of merge patches by every prefix, so "which leaf does this path lie in, or lie over" costs the path's length
 * instead of a look at every leaf (two packs' patches of 90,000 leaves each took 150 s to compare).
 */
export class PathIndex {
  private readonly leaves = new Map<string, JsonPath>();
  /** Key of a proper prefix of a leaf → the first leaf under it. */
  private readonly under = new Map<string, JsonPath>();
  private readonly first: JsonPath | undefined;

  constructor(paths: readonly JsonPath[]) {
    this.first = paths[0];
    for (const path of paths) {
      let key = "";
      for (let i = 0; i < path.length; i++) {
        if (i > 0 && !this.under.has(key)) this.under.set(key, path);
        key += keyPart(path[i] as string | number);
      }
      if (!this.leaves.has(key)) this.leaves.set(key, path);
    }
  }

  /** The first leaf that `path` is inside of (or is), else the first leaf inside `path`; as a walk of every leaf would. */
  overlapping(path: JsonPath): JsonPath | undefined {
    if (path.length === 0) return this.first;
    let key = "";
    for (const part of path) {
      key += keyPart(part);
      const leaf = this.leaves.get(key);
      if (leaf) return leaf;
    }
    return this.under.get(key);
  }
}

const indexes = new WeakMap<readonly JsonPath[], PathIndex>();
/** One index per list of leaves (a patch file's, read once). */
export function indexOf(paths: readonly JsonPath[]): PathIndex {
  let index = indexes.get(paths);
  if (!index) {
    index = new PathIndex(paths);
    indexes.set(paths, index);
  }
  return index;
}

/**
 * Conflicts reported one by one for each pair of patches; the rest are one diagnostic that counts them (90,000
 * conflicting leaves were 180,000 errors and a 143 MB JSON report, for a 627 KB patch).
 */
export const MAX_CONFLICTS_PER_PAIR = 20;

/** Two packs setting one field (or one inside the other) is a conflict, reported at both. */
export function reportConflicts(group: readonly PatchFile[], collector: Collector): void {
  for (const a of group)
    for (const b of group) {
      if (a === b || a.pack.id === b.pack.id) continue;
      const index = indexOf(b.paths);
      let found = 0;
      let firstUnreported: JsonPath | undefined;
      for (const path of a.paths) {
        const theirs = index.overlapping(path);
        if (!theirs) continue;
        found++;
        if (found > MAX_CONFLICTS_PER_PAIR) {
          firstUnreported ??= path;
          continue;
        }
        const at = a.source.locate(path, { key: true });
        const other = b.source.locate(theirs, { key: true });
        const related = [
          b.source.related(
            other.start,
            other.end,
            noteOf(patchRule.meta, "patched-here", { other: b.pack.id }),
          ),
        ];
        const data = { path: formatPath(path), id: a.target, other: b.pack.id };
        collector.add(a.source, patchRule.meta, "conflict", data, at.start, at.end, { path, related });
      }
      if (firstUnreported) {
        const at = a.source.locate(firstUnreported, { key: true });
        const more = (found - MAX_CONFLICTS_PER_PAIR).toLocaleString("en-US");
        const data = { count: more, id: a.target, other: b.pack.id };
        collector.add(a.source, patchRule.meta, "conflict-more", data, at.start, at.end, {
          path: firstUnreported,
        });
      }
    }
}
