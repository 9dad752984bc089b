// The walk's problems reported at the paths concerned
import { unknownFileRule } from "../catalog/unknown-file.ts";
import { unsafeInputRule } from "../catalog/unsafe-input.ts";
import { SourceFile } from "../source/file.ts";
import type { Collector } from "./report.ts";
import type { WalkProblem } from "./walk.ts";

/** Report what the walk refused (symlinks, stray files and folders, unreadable paths) at the path concerned. */
export function reportWalkProblems(problems: readonly WalkProblem[], collector: Collector): void {
  for (const problem of problems) {
    const source = new SourceFile(problem.relative, "");
    const meta =
      problem.messageId === "folder" || problem.messageId === "file" || problem.messageId === "nested-folder"
        ? unknownFileRule.meta
        : unsafeInputRule.meta;
    const messageId = problem.messageId === "nested-folder" ? "folder" : problem.messageId;
    collector.add(source, meta, messageId, problem.data, 0, 0, {});
  }
}
