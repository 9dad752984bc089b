// What a re-lint changed between two diagnostic lists of a file: the same problems, and the knock-ons they fold
import type { Diagnostic } from "@momenta/content";
import { byFile } from "./incremental-index.ts";

/** The same problems, at the same places (a whole rule's run makes new objects for unchanged ones). */
export function sameDiagnostics(
  a: readonly Diagnostic[] | undefined,
  b: readonly Diagnostic[] | undefined,
): boolean {
  if (!a || !b) return a === b || (a ?? b)?.length === 0;
  if (a.length !== b.length) return false;
  return a.every((d, i) => {
    const e = b[i] as Diagnostic;
    return (
      d.message === e.message &&
      d.line === e.line &&
      d.column === e.column &&
      d.endLine === e.endLine &&
      d.endColumn === e.endColumn &&
      d.severity === e.severity &&
      d.help === e.help &&
      JSON.stringify(d.related) === JSON.stringify(e.related)
    );
  });
}

/** A knock-on is folded under its broken file's error: that file's notes change with it. */
export function knockOnCauses(list: readonly Diagnostic[] | undefined, into: Set<string>): void {
  for (const diagnostic of list ?? []) {
    const cause = diagnostic.messageId === "knock-on" ? diagnostic.related[0]?.file : undefined;
    if (cause !== undefined) into.add(cause);
  }
}

/** The files whose diagnostics differ between two lints' (sorted) lists. */
export function changedFiles(before: readonly Diagnostic[], after: readonly Diagnostic[]): Set<string> {
  const [was, now] = [byFile(before), byFile(after)];
  const changed = new Set<string>();
  for (const file of new Set([...was.keys(), ...now.keys()]))
    if (!sameDiagnostics(was.get(file), now.get(file))) changed.add(file);
  return changed;
}
