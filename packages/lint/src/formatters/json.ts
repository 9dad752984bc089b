// `json`: the diagnostics as one JSON document, for tools
import type { Formatter } from "./types.ts";

export const json: Formatter = (input) =>
  `${JSON.stringify(
    {
      errorCount: input.errorCount,
      warningCount: input.warningCount,
      fileCount: input.fileCount,
      // only when the configuration ignored some: the document stays what it was for a lint without `ignore`
      ...(input.ignoredCount ? { ignoredCount: input.ignoredCount } : {}),
      // `fix` is for editors: the document stays what it was before fixes existed
      diagnostics: input.diagnostics.map(({ fix: _fix, ...diagnostic }) => diagnostic),
    },
    null,
    2,
  )}\n`;
