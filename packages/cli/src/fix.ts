// `momenta lint --fix`: the rules' mechanical fixes written into the linted files, pass after pass until none is left
import { readFileSync } from "node:fs";
import { type Diagnostic, decodeUtf8 } from "@momenta/content";
import { applyFixes, type LintResult, planFixes } from "@momenta/lint";
import { writeFileAtomicSync } from "./fs/atomic-write.ts";

/** A fix can make another fixable (or free an overlapping one): lint again, this many times at most. */
export const MAX_FIX_PASSES = 10;

/** One fix written, where it was and what it replaced. */
export interface FixedProblem {
  file: string;
  line: number;
  column: number;
  ruleId: string;
  before: string;
  text: string;
}

/** Where a diagnosed file is on disk and the folder its write must stay in; undefined: `--fix` never writes it. */
export type FixTarget = (file: string, result: LintResult) => { path: string; within: string } | undefined;

export interface FixOutcome<R extends LintResult = LintResult> {
  /** The lint of the fixed files: what is left to report. */
  result: R;
  fixed: FixedProblem[];
  /** Files left alone because the disk no longer holds the text that was linted (edited meanwhile). */
  changedMeanwhile: string[];
}

/**
 * Lint, write every file's fixes at once (temp file and rename: a reader sees the old file or the fixed one), lint
 * again, until a pass fixes nothing. A file is written only when `target` allows it and the disk still holds the
 * text the fixes were planned on; its byte order mark is kept.
 */
export function fixAndLint<R extends LintResult>(lint: () => R, target: FixTarget): FixOutcome<R> {
  let result = lint();
  const fixed: FixedProblem[] = [];
  const changedMeanwhile = new Set<string>();
  for (let pass = 0; pass < MAX_FIX_PASSES; pass++) {
    let wrote = false;
    for (const [file, diagnostics] of fixableByFile(result.diagnostics)) {
      const place = target(file, result);
      const text = result.graph.source(file)?.text;
      if (!place || text === undefined || changedMeanwhile.has(file)) continue;
      const planned = planFixes(text, diagnostics);
      if (planned.length === 0) continue;
      const disk = decodeUtf8(readFileSync(place.path));
      if (disk.invalidUtf8At !== undefined || disk.text !== text) {
        changedMeanwhile.add(file);
        continue;
      }
      const out = applyFixes(text, planned);
      writeFileAtomicSync(place.path, disk.hadBom ? `\uFEFF${out}` : out, { within: place.within });
      wrote = true;
      for (const fix of planned) {
        const { line, column, ruleId } = fix.diagnostic;
        fixed.push({ file, line, column, ruleId, before: fix.before, text: fix.text });
      }
    }
    if (!wrote) break;
    result = lint();
  }
  return { result, fixed, changedMeanwhile: [...changedMeanwhile].sort() };
}

function fixableByFile(diagnostics: readonly Diagnostic[]): Map<string, Diagnostic[]> {
  const byFile = new Map<string, Diagnostic[]>();
  for (const diagnostic of diagnostics) {
    if (!diagnostic.fix || diagnostic.fix.suggestion) continue;
    const list = byFile.get(diagnostic.file);
    if (list) list.push(diagnostic);
    else byFile.set(diagnostic.file, [diagnostic]);
  }
  return byFile;
}

/** What `--fix` says it did: one line per fix, then how many in how many files. */
export function formatFixed(outcome: FixOutcome): string {
  const { fixed, changedMeanwhile } = outcome;
  let out = "";
  for (const fix of fixed)
    out += `fixed ${fix.file}:${fix.line}:${fix.column}  ${fix.ruleId}  \`${fix.before}\` → \`${fix.text}\`\n`;
  for (const file of changedMeanwhile) out += `not fixed ${file}: it changed on disk while it was linted\n`;
  const files = new Set(fixed.map((fix) => fix.file)).size;
  const problems = `${fixed.length} ${fixed.length === 1 ? "problem" : "problems"}`;
  out +=
    fixed.length === 0
      ? "fixed nothing: no problem has a mechanical fix\n"
      : `fixed ${problems} in ${files} ${files === 1 ? "file" : "files"}\n`;
  return out;
}
