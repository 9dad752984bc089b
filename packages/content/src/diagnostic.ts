// Diagnostics are plain data: every problem the loader or a rule finds, with its exact source range
export type Severity = "error" | "warn";
export type SeveritySetting = Severity | "off";

/** A JSON path into an entry (`["ladder", "2s"]`), empty for a whole file. */
export type JsonPath = ReadonlyArray<string | number>;

export interface Range {
  /** 1-based line of the first character. */
  line: number;
  /** 1-based column (UTF-16 code units) of the first character. */
  column: number;
  /** 1-based line of the last character. */
  endLine: number;
  /** 1-based column just past the last character. */
  endColumn: number;
}

export interface RelatedLocation extends Range {
  file: string;
  message: string;
}

export interface Diagnostic extends Range {
  ruleId: string;
  /** Which of the rule's `meta.messages` this is; tests assert on it rather than on wording. */
  messageId: string;
  severity: Severity;
  message: string;
  /** Repo-relative path with forward slashes. */
  file: string;
  /** Dotted path of the field inside the entry, when the problem is in one. */
  path: string;
  related: RelatedLocation[];
  /** One line: what to try. Lowercase, no trailing period, code in backticks. */
  help?: string;
  /**
   * The `help:` as an edit, when it is mechanical: replace `range` (in the file's text, escaped as it must be
   * written there) with `text`. Editors offer it as a quick fix; the CLI formats never print it.
   */
  fix?: DiagnosticFix;
}

export interface DiagnosticFix {
  range: Range;
  text: string;
  /**
   * The edit decides a rule of the book's text (a stack count clamped or dropped, a parameter removed), not a
   * spelling: an editor offers it, `lint --fix` and the editor's fix-all never make it (ESLint's suggestions).
   */
  suggestion?: true;
}

/** `ladder.2s`, `ranks[1].abilities` — the form messages and `path` use. */
export function formatPath(path: JsonPath): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${part}` : part;
  }
  return out;
}

/** Stable order for output and tests: file, position, rule. */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  return (
    (a.file < b.file ? -1 : a.file > b.file ? 1 : 0) ||
    a.line - b.line ||
    a.column - b.column ||
    (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0) ||
    (a.message < b.message ? -1 : a.message > b.message ? 1 : 0)
  );
}
