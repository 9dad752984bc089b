// What a re-lint changed, for the clients that print only that (`lint --watch`, `npm run dev`): new and fixed problems
import { type Diagnostic, escapeForTerminal, unloadedFiles } from "@momenta/content";
import type { LintResult } from "./lint.ts";

/**
 * A problem as the same problem after an edit elsewhere in its file: its place moves with the lines above it, so
 * the rule, message, file and field say which it is (a count keeps two alike apart).
 */
const identity = (d: Diagnostic) =>
  `${d.severity}\u0000${d.ruleId}\u0000${d.file}\u0000${d.path}\u0000${d.message}`;

/** What a re-lint changed: the problems it found that were not there before, and those gone. */
export function lintDelta(
  before: readonly Diagnostic[],
  after: readonly Diagnostic[],
): { added: Diagnostic[]; fixed: Diagnostic[] } {
  const count = new Map<string, number>();
  for (const d of before) count.set(identity(d), (count.get(identity(d)) ?? 0) + 1);
  const added: Diagnostic[] = [];
  for (const d of after) {
    const key = identity(d);
    const left = count.get(key) ?? 0;
    if (left > 0) count.set(key, left - 1);
    else added.push(d);
  }
  // what is left of `before` had no match after: fixed (or gone with its file)
  const fixed: Diagnostic[] = [];
  for (const d of [...before].reverse()) {
    const key = identity(d);
    const left = count.get(key) ?? 0;
    if (left > 0) {
      count.set(key, left - 1);
      fixed.push(d);
    }
  }
  return { added, fixed: fixed.reverse() };
}

/**
 * What a re-lint to `result` changed since `before`, for a client to print. A problem gone because its file, or a
 * file it depends on (its `related` locations: the chapter a glossary term points to, a knock-on's broken file),
 * no longer loads is not fixed but unchecked: it is left out of `fixed` (and printed nowhere), since the parse
 * error that hides it is the one new problem to show.
 */
export function relintDelta(
  before: readonly Diagnostic[],
  result: Pick<LintResult, "diagnostics" | "graph">,
): { added: Diagnostic[]; fixed: Diagnostic[]; unchecked: Diagnostic[] } {
  const { added, fixed: gone } = lintDelta(before, result.diagnostics);
  const unloaded = gone.length > 0 ? unloadedFiles(result.graph).files : new Set<string>();
  const fixed: Diagnostic[] = [];
  const unchecked: Diagnostic[] = [];
  for (const d of gone)
    (unloaded.has(d.file) || d.related.some((r) => unloaded.has(r.file)) ? unchecked : fixed).push(d);
  return { added, fixed, unchecked };
}

const plural = (n: number, one: string) => `${n.toLocaleString("en-US")} ${one}${n === 1 ? "" : "s"}`;

/** One problem a re-lint no longer finds: `fixed: file:line:column: error[rule] message` (`warning[…]`, as stylish words it). */
export function fixedLine(d: Diagnostic): string {
  return `fixed: ${escapeForTerminal(d.file)}:${d.line}:${d.column}: ${d.severity === "error" ? "error" : "warning"}[${d.ruleId}] ${escapeForTerminal(d.message)}`;
}

/** The whole state in one line, with what the last re-lint changed: `checked 415 files: 1 error, 140 warnings · 1 new, 0 fixed`. */
/** After `checked N files`: ` (3 ignored)` when the configuration's `ignore` matched some, which N leaves out. */
export const ignoredNote = (ignored = 0): string => (ignored > 0 ? ` (${ignored} ignored)` : "");

export function summaryLine(
  result: Pick<LintResult, "errorCount" | "warningCount" | "files" | "ignored">,
  delta: { added: readonly Diagnostic[]; fixed: readonly Diagnostic[] },
  options: { quiet?: boolean } = {},
): string {
  const errors = plural(result.errorCount, "error");
  const warnings = options.quiet ? "" : `, ${plural(result.warningCount, "warning")}`;
  return `checked ${plural(result.files.length - result.ignored, "file")}${ignoredNote(result.ignored)}: ${errors}${warnings} · ${delta.added.length} new, ${delta.fixed.length} fixed`;
}
