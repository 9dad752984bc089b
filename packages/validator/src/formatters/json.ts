// `json`: the diagnostics as one JSON document, for tools
import type { Formatter } from "./types.ts";

export const json: Formatter = (input) =>
  `${JSON.stringify(
    {
      errorCount: input.errorCount,
      warningCount: input.warningCount,
      fileCount: input.fileCount,
      diagnostics: input.diagnostics,
    },
    null,
    2,
  )}\n`;
