// What formatters receive: the lint diagnostics plus a way to read source lines for code frames
import type { Diagnostic } from "@momenta/content";

export interface FormatInput {
  diagnostics: readonly Diagnostic[];
  /** Source text of a file, for code frames; undefined when it was not read. */
  sourceText(file: string): string | undefined;
  /** Rule docs URL and description by rule id (SARIF lists rules). */
  rules: readonly { id: string; description: string; docs: string; defaultSeverity: string }[];
  errorCount: number;
  warningCount: number;
  /** Files checked, for the summary line. */
  fileCount: number;
}

export type Formatter = (input: FormatInput) => string;
