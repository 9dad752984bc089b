// One cause, one error: knock-ons of a file that did not load are folded under that file's first error as notes
import type { Diagnostic, RelatedLocation } from "@momenta/content";
import { andMore } from "@momenta/content";

/** Most knock-ons one error lists (the last one says how many more there are). */
export const MAX_FOLDED = 20;

/**
 * Each `knock-on` diagnostic (a reference, StatBlock or pointer into a file that did not load; its `related[0]` is
 * that file) becomes a related location of the broken file's first error, in file order, and leaves the list. A
 * knock-on whose broken file reports no error here (filtered out by `paths`, or its rule turned off) stays, a warning
 * that points at the file to fix. `diagnostics` is sorted; the errors changed are copies (an incremental re-lint
 * keeps the originals).
 */
export function foldKnockOns(diagnostics: Diagnostic[]): Diagnostic[] {
  if (!diagnostics.some((diagnostic) => diagnostic.messageId === "knock-on")) return diagnostics;
  const primary = new Map<string, number>();
  diagnostics.forEach((diagnostic, index) => {
    if (
      diagnostic.severity === "error" &&
      diagnostic.messageId !== "knock-on" &&
      !primary.has(diagnostic.file)
    )
      primary.set(diagnostic.file, index);
  });
  const folded = new Map<number, RelatedLocation[]>();
  const counts = new Map<number, number>();
  const kept: (Diagnostic | number)[] = [];
  // two rules may see the same link into the broken file (`[[Wracked (Fire)]]`: a reference and a fallback): one note
  const seen = new Set<string>();
  diagnostics.forEach((diagnostic, index) => {
    const cause = diagnostic.messageId === "knock-on" ? diagnostic.related[0]?.file : undefined;
    const at = cause === undefined ? undefined : primary.get(cause);
    if (at === undefined) {
      kept.push(primary.has(diagnostic.file) && primary.get(diagnostic.file) === index ? index : diagnostic);
      return;
    }
    const key = `${at}\0${diagnostic.file}\0${diagnostic.line}\0${diagnostic.column}\0${diagnostic.message}`;
    if (seen.has(key)) return;
    seen.add(key);
    counts.set(at, (counts.get(at) ?? 0) + 1);
    const list = folded.get(at) ?? [];
    folded.set(at, list);
    if (list.length < MAX_FOLDED)
      list.push({
        file: diagnostic.file,
        line: diagnostic.line,
        column: diagnostic.column,
        endLine: diagnostic.endLine,
        endColumn: diagnostic.endColumn,
        message: diagnostic.message,
      });
  });
  return kept.map((item) => {
    if (typeof item !== "number") return item;
    const original = diagnostics[item] as Diagnostic;
    const notes = folded.get(item);
    if (!notes) return original;
    const more = (counts.get(item) ?? 0) - notes.length;
    if (more > 0) {
      const last = notes[notes.length - 1] as RelatedLocation;
      notes[notes.length - 1] = {
        ...last,
        message: andMore(last.message, more),
      };
    }
    return { ...original, related: [...original.related, ...notes] };
  });
}
