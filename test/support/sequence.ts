// The order test files start in (vitest's sequencer): startOrder over the files vitest found
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { readDurations, startOrder } from "./start-order.ts";

const BUILDS_DIST = /\bensureSiteBuilt\b/;

export class BuiltSiteFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { cache, config } = this.ctx;
    const cached: Record<string, number> = {};
    const described = files.map((spec) => {
      const key = `${spec.project.name}:${relative(config.root, spec.moduleId)}`;
      const duration = cache.getFileTestResults(key)?.duration;
      if (duration !== undefined) cached[key] = duration;
      return {
        spec,
        key,
        project: spec.project.name,
        buildsDist: spec.project.name === "site" && BUILDS_DIST.test(readFileSync(spec.moduleId, "utf8")),
      };
    });
    return startOrder(described, cached, readDurations()).map((file) => file.spec);
  }
}
