// What a build of the site was made from, kept in its output: a dist built with homebrew packs is never reused as the core site
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";

/** The record's file name in the output folder: a dot file, so neither the precache nor a page lists it. */
export const BUILD_RECORD = ".momenta-build.json";

export interface BuildRecord {
  /**
   * A digest of the pack folders of MOMENTA_PACKS (absolute, in the order given), so a published dist does not
   * show the builder's paths; the digest of no packs for the core site.
   */
  packs: string;
}

/** The record's digest of a list of pack folders. */
export const packsDigest = (packs: readonly string[]): string =>
  createHash("sha256").update(JSON.stringify(packs)).digest("hex");

/** The pack folders MOMENTA_PACKS names (separated like PATH), absolute from `root`. */
export function packsOf(value: string | undefined, root: string): string[] {
  return (value ?? "")
    .split(delimiter)
    .filter(Boolean)
    .map((folder) => resolve(root, folder));
}

export function writeBuildRecord(dir: string, record: BuildRecord): void {
  writeFileSync(join(dir, BUILD_RECORD), `${JSON.stringify(record, null, 2)}\n`);
}

/** The record of the build in `dir`; undefined when there is none (a build from before records, or none at all). */
export function readBuildRecord(dir: string): BuildRecord | undefined {
  const path = join(dir, BUILD_RECORD);
  if (!existsSync(path)) return undefined;
  try {
    const value = JSON.parse(readFileSync(path, "utf8")) as Partial<BuildRecord>;
    return typeof value.packs === "string" ? { packs: value.packs } : undefined;
  } catch {
    return undefined;
  }
}
