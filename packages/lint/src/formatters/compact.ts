// `compact`: one line per problem, `file:line:column: severity: message [rule] (help: …)`, for an editor's quickfix list
import { escapeForTerminal } from "@momenta/content";
import type { Formatter } from "./types.ts";

/** A line break inside a message would split one problem over two quickfix entries: it becomes a space. */
const oneLine = (text: string) => escapeForTerminal(text.replace(/\s*[\r\n]+\s*/g, " "));

export const compact: Formatter = (input) =>
  input.diagnostics
    .map((d) => {
      const severity = d.severity === "error" ? "error" : "warning";
      const help = d.help ? ` (help: ${oneLine(d.help)})` : "";
      return `${oneLine(d.file)}:${d.line}:${d.column}: ${severity}: ${oneLine(d.message)} [${d.ruleId}]${help}\n`;
    })
    .join("");
