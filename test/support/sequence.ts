// The order test files start in: the longest first, and one that builds site/dist before all others
import { readFileSync, statSync } from "node:fs";
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const BUILDS_DIST = /\bensureSiteBuilt\b/;

/**
 * The longest files of the last run first (vitest's cache), or on a clean clone, which has none, the largest;
 * across projects, so that no short file is left for the end. One site file that needs site/dist goes first of
 * all, so that the site build starts at once and the other workers run unit and cli files meanwhile instead of
 * waiting for it behind the build lock.
 */
export class BuiltSiteFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const durations = new Map(
      files.map((file) => [
        file,
        cache.getFileTestResults(`${file.project.name}:${relative(config.root, file.moduleId)}`)?.duration,
      ]),
    );
    const timed = [...durations.values()].every((duration) => duration !== undefined);
    const weight = (file: TestSpecification) =>
      timed ? (durations.get(file) as number) : statSync(file.moduleId).size;
    const sorted = [...files].sort((a, b) => weight(b) - weight(a));
    const first = sorted.find(
      (file) => file.project.name === "site" && BUILDS_DIST.test(readFileSync(file.moduleId, "utf8")),
    );
    return first
      ? [
          first,
          ...sorted.filter((file) => file !== first && file.project.name !== "site"),
          ...sorted.filter((file) => file !== first && file.project.name === "site"),
        ]
      : sorted;
  }
}
