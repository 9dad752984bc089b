// The validator's diagnostics as LSP diagnostics: same rule, message, help and range (1-based → 0-based)
import type { Diagnostic } from "@momenta/content";
import { isAbsoluteUrl, ruleDocsUrl } from "@momenta/lint";
import { DiagnosticSeverity, type Diagnostic as LspDiagnostic, type Range } from "vscode-languageserver";

/** What a code action needs to find the diagnostic's rule and message again. */
export interface DiagnosticData {
  ruleId: string;
  messageId: string;
  /** The rule's mechanical fix of its `help:` (replace `range` with `text`), offered as the quick fix. */
  fix?: { range: Range; text: string; suggestion?: true };
}

/** The data a diagnostic of this server carries, as the client sends it back (undefined when it is not of that shape). */
export function diagnosticDataOf(diagnostic: LspDiagnostic): DiagnosticData | undefined {
  const data: unknown = diagnostic.data;
  if (typeof data !== "object" || data === null || !("ruleId" in data) || !("messageId" in data))
    return undefined;
  const { ruleId, messageId } = data;
  if (typeof ruleId !== "string" || typeof messageId !== "string") return undefined;
  const out: DiagnosticData = { ruleId, messageId };
  if ("fix" in data && isFix(data.fix))
    out.fix = {
      range: data.fix.range,
      text: data.fix.text,
      ...(data.fix.suggestion === true && { suggestion: true }),
    };
  return out;
}

function isPosition(value: unknown): value is Range["start"] {
  return (
    typeof value === "object" &&
    value !== null &&
    "line" in value &&
    "character" in value &&
    typeof value.line === "number" &&
    typeof value.character === "number"
  );
}

function isFix(value: unknown): value is { range: Range; text: string; suggestion?: unknown } {
  if (typeof value !== "object" || value === null || !("text" in value) || !("range" in value)) return false;
  const { text, range } = value;
  return (
    typeof text === "string" &&
    typeof range === "object" &&
    range !== null &&
    "start" in range &&
    "end" in range &&
    isPosition(range.start) &&
    isPosition(range.end)
  );
}

export function lspRange(range: { line: number; column: number; endLine: number; endColumn: number }): Range {
  return {
    start: { line: range.line - 1, character: range.column - 1 },
    end: { line: range.endLine - 1, character: range.endColumn - 1 },
  };
}

/** One validator diagnostic for the editor; `uriOf` names related files. */
export function toLspDiagnostic(diagnostic: Diagnostic, uriOf: (file: string) => string): LspDiagnostic {
  const data: DiagnosticData = { ruleId: diagnostic.ruleId, messageId: diagnostic.messageId };
  if (diagnostic.fix)
    data.fix = {
      range: lspRange(diagnostic.fix.range),
      text: diagnostic.fix.text,
      ...(diagnostic.fix.suggestion && { suggestion: true as const }),
    };
  const docs = ruleDocsUrl(diagnostic.ruleId);
  const out: LspDiagnostic = {
    range: lspRange(diagnostic),
    severity: diagnostic.severity === "error" ? DiagnosticSeverity.Error : DiagnosticSeverity.Warning,
    code: diagnostic.ruleId,
    source: "momenta",
    // the editor links the code to the rule's page (the URL the terminal and SARIF give)
    ...(isAbsoluteUrl(docs) ? { codeDescription: { href: docs } } : {}),
    message: diagnostic.help ? `${diagnostic.message}\nhelp: ${diagnostic.help}` : diagnostic.message,
    data,
  };
  if (diagnostic.related.length > 0) {
    out.relatedInformation = diagnostic.related.map((related) => ({
      location: { uri: uriOf(related.file), range: lspRange(related) },
      message: related.message,
    }));
  }
  return out;
}
