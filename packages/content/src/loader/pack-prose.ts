// Untrusted prose in a pack's JSON (entries and house-rule patches): Markdown caps first, then the prose linter
import { untrustedProseRule } from "../catalog/pack.ts";
import { unsafeInputRule } from "../catalog/unsafe-input.ts";
import { lintProse } from "../prose/lint.ts";
import type { SourceFile } from "../source/file.ts";
import { walkStrings } from "../source/json.ts";
import { checkMarkdownLimits } from "../source/limits.ts";
import type { Collector } from "./report.ts";

/** Report every string of a pack's JSON value (but its `$schema` and `id`) that is not plain, capped Markdown. */
export function scanEntryProse(collector: Collector, source: SourceFile, raw: Record<string, unknown>): void {
  for (const [text, path] of walkStrings(raw)) {
    if (path.length === 1 && (path[0] === "$schema" || path[0] === "id")) continue;
    // text over the Markdown caps is never parsed (micromark recurses per container, quadratic in openers)
    const limited = checkMarkdownLimits(text);
    if (limited) {
      const { start, end } = source.locateInString(path, limited.start, limited.end);
      collector.add(source, unsafeInputRule.meta, limited.messageId, { limit: limited.limit }, start, end, {
        path,
      });
      continue;
    }
    for (const problem of lintProse(text)) {
      const at = source.locateInString(path, problem.start, problem.end);
      collector.add(source, untrustedProseRule.meta, problem.messageId, problem.data, at.start, at.end, {
        path,
      });
    }
  }
}
