// The rules' mechanical fixes (`Diagnostic.fix`) as edits of a file: the one fix source of `lint --fix` and the editor
import { compareDiagnostics, type Diagnostic, LineIndex } from "@momenta/content";

/** One diagnostic's fix placed in its file's text. */
export interface PlannedFix {
  diagnostic: Diagnostic;
  /** Offsets in the text the diagnostic was found in. */
  start: number;
  end: number;
  /** What the range holds now, and what the fix writes there. */
  before: string;
  text: string;
}

/**
 * The fixes of one file's diagnostics that apply together: in file order, each one that changes the text and does not
 * overlap one taken before it (an overlapping fix waits for the next pass, made from the re-linted text).
 */
export function planFixes(text: string, diagnostics: readonly Diagnostic[]): PlannedFix[] {
  const lines = new LineIndex(text);
  const planned: PlannedFix[] = [];
  let reached = -1;
  for (const diagnostic of [...diagnostics].sort(compareDiagnostics)) {
    const fix = diagnostic.fix;
    // a suggestion decides the book's text: the author takes it in the editor, one at a time
    if (!fix || fix.suggestion) continue;
    const start = lines.offset(fix.range.line, fix.range.column);
    const end = lines.offset(fix.range.endLine, fix.range.endColumn);
    const before = text.slice(start, end);
    if (before === fix.text || start < reached) continue;
    // two diagnostics may offer the one edit (a name reported by two rules): it is made once
    const last = planned.at(-1);
    if (last && last.start === start && last.end === end && last.text === fix.text) continue;
    planned.push({ diagnostic, start, end, before, text: fix.text });
    reached = Math.max(end, start + 1);
  }
  return planned;
}

/** The text with the planned fixes made (from the end, so the earlier offsets hold). */
export function applyFixes(text: string, planned: readonly PlannedFix[]): string {
  let out = text;
  for (const fix of [...planned].sort((a, b) => b.start - a.start))
    out = out.slice(0, fix.start) + fix.text + out.slice(fix.end);
  return out;
}
