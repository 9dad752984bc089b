// `github`: GitHub Actions workflow commands (::error file=…,line=…::message) that annotate pull requests
import { escapeForTerminal } from "@momenta/content";
import type { Formatter } from "./types.ts";

/** Workflow command escaping: data escapes %, CR, LF; properties also escape `:` and `,`. */
const escapeData = (text: string) => text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");

export const github: Formatter = (input) =>
  input.diagnostics
    .map((d) => {
      const command = d.severity === "error" ? "error" : "warning";
      const properties = [
        `file=${escapeProperty(escapeForTerminal(d.file))}`,
        `line=${d.line}`,
        `col=${d.column}`,
        `endLine=${d.endLine}`,
        `endColumn=${d.endColumn}`,
        `title=${escapeProperty(`momenta(${d.ruleId})`)}`,
      ].join(",");
      // the runner's log renders ANSI codes: content's control characters are escaped before our own line break
      const safe = (text: string) => escapeForTerminal(text, { keepLineBreaks: true });
      const text = d.help ? `${safe(d.message)}\nhelp: ${safe(d.help)}` : safe(d.message);
      return `::${command} ${properties}::${escapeData(text)}\n`;
    })
    .join("");
