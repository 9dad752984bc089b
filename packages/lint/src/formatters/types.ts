// What formatters receive: the lint diagnostics plus a way to read source lines for code frames
import type { Diagnostic } from "@momenta/content";

export interface FormatInput {
  diagnostics: readonly Diagnostic[];
  /** Source text of a file, for code frames; undefined when it was not read. */
  sourceText(file: string): string | undefined;
  /**
   * Rule docs and description by rule id (SARIF lists rules): `docs` the page's repository-relative path, `url` the
   * link to it (`ruleDocsUrl`; the path itself when no root is known).
   */
  rules: readonly { id: string; description: string; docs: string; url: string; defaultSeverity: string }[];
  errorCount: number;
  warningCount: number;
  /** Files checked, for the summary line (the configuration's ignored files not among them). */
  fileCount: number;
  /** Files the configuration's `ignore` matched (loaded, not reported): the summary says `(N ignored)`. */
  ignoredCount?: number;
}

export type Formatter = (input: FormatInput) => string;
