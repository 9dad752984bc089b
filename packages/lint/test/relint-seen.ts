// What a person sees of a lint, for the tests that compare a long-lived re-lint with a fresh full lint
import type { LintResult } from "../src/lint.ts";

/** Every diagnostic as reported (exact range, message, help and notes), the counts and the files checked. */
export const seen = (result: LintResult) => ({
  diagnostics: result.diagnostics.map(
    (d) => `${d.file}:${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.ruleId} ${d.message} | ${d.help}`,
  ),
  related: result.diagnostics.map((d) => JSON.stringify(d.related)),
  errors: result.errorCount,
  warnings: result.warningCount,
  files: result.files,
});

/** Files whose diagnostics (as a person sees them, notes included) differ between two lints. */
export function changedFiles(before: LintResult, after: LintResult): Set<string> {
  const byFile = (result: LintResult) => {
    const map = new Map<string, string[]>();
    for (const d of result.diagnostics) {
      const line = `${d.line}:${d.column}:${d.endLine}:${d.endColumn} ${d.ruleId} ${d.message} | ${d.help} ${JSON.stringify(d.related)}`;
      map.set(d.file, [...(map.get(d.file) ?? []), line]);
    }
    return map;
  };
  const [a, b] = [byFile(before), byFile(after)];
  const changed = new Set<string>();
  for (const file of new Set([...a.keys(), ...b.keys()]))
    if (JSON.stringify(a.get(file)) !== JSON.stringify(b.get(file))) changed.add(file);
  return changed;
}
