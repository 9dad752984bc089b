// `stylish`: rustc/Biome-style blocks — location, message, code frame underlining the exact span, help line; content escaped
import { LineIndex, escapeForTerminal as safe } from "@momenta/content";
import { ignoredNote } from "../delta.ts";
import { isAbsoluteUrl } from "../docs-url.ts";
import type { Formatter } from "./types.ts";

const TAB = /\t/g;

export interface StylishOptions {
  color?: boolean;
  /** `false`: the blocks only, without the closing `checked N files` line (watch prints its own after them). */
  summary?: boolean;
  /**
   * Make each rule id a hyperlink to its page (OSC 8, for a terminal); otherwise the page's URL is printed under the
   * first diagnostic of each rule, as text.
   */
  links?: boolean;
}

/** `text` as an OSC 8 hyperlink to `url` (terminals without support show the text alone). */
const hyperlink = (url: string, text: string) => `\u001b]8;;${url}\u001b\\${text}\u001b]8;;\u001b\\`;

export function createStylish(options: StylishOptions = {}): Formatter {
  const paint = (code: string, text: string) => (options.color ? `\u001b[${code}m${text}\u001b[0m` : text);
  const red = (text: string) => paint("31;1", text);
  const yellow = (text: string) => paint("33;1", text);
  const blue = (text: string) => paint("34;1", text);
  const dim = (text: string) => paint("2", text);
  const bold = (text: string) => paint("1", text);
  return (input) => {
    const indexes = new Map<string, LineIndex | null>();
    const lineIndex = (file: string) => {
      if (!indexes.has(file)) {
        const text = input.sourceText(file);
        indexes.set(file, text === undefined ? null : new LineIndex(text));
      }
      return indexes.get(file) ?? null;
    };
    const urls = new Map(input.rules.map((rule) => [rule.id, rule.url]));
    const linked = new Set<string>();
    const blocks: string[] = [];
    for (const d of input.diagnostics) {
      const label = d.severity === "error" ? red("error") : yellow("warning");
      const url = urls.get(d.ruleId);
      // a URL is made by the tool from a rule id, never from content: it needs no escaping
      const hyperlinked = options.links === true && url !== undefined && isAbsoluteUrl(url);
      const id = hyperlinked ? hyperlink(url, d.ruleId) : d.ruleId;
      const lines = [`${label}${bold(`[${id}]`)}: ${bold(safe(d.message))}`];
      lines.push(`  ${blue("-->")} ${safe(d.file)}:${d.line}:${d.column}`);
      const index = lineIndex(d.file);
      if (index && index.text.length > 0) {
        const last = Math.min(d.endLine, d.line + 3);
        const width = String(last).length;
        lines.push(`${" ".repeat(width + 1)}${blue("|")}`);
        for (let n = d.line; n <= last; n++) {
          const text = index.lineText(n);
          // code frames show at most 160 columns around the span so minified or huge lines stay readable
          const from = n === d.line ? Math.max(0, d.column - 1 - 60) : 0;
          const raw = text.slice(from, from + 160).replace(TAB, " ");
          const shown = safe(raw);
          lines.push(
            `${blue(String(n).padStart(width))} ${blue("|")} ${shown}${from + 160 < text.length ? dim(" …") : ""}`,
          );
          const rawStart = Math.max(n === d.line ? d.column - 1 - from : 0, 0);
          const rawEnd = n === d.endLine ? d.endColumn - 1 - from : text.length - from;
          // carets count the escaped text, so they stay under the span when a control character widens the line
          const start = safe(raw.slice(0, rawStart)).length;
          const end = start + safe(raw.slice(rawStart, Math.max(rawEnd, rawStart))).length;
          const span = Math.max(1, Math.min(end, shown.length) - start);
          if (n === d.line || n === d.endLine || n < last) {
            const marker = (d.severity === "error" ? red : yellow)("^".repeat(span));
            lines.push(`${" ".repeat(width + 1)}${blue("|")} ${" ".repeat(start)}${marker}`);
          }
        }
        if (last < d.endLine) lines.push(`${" ".repeat(width + 1)}${blue("|")} ${dim("…")}`);
      }
      for (const related of d.related) {
        lines.push(
          `  ${blue("note")}: ${safe(related.message)} at ${safe(related.file)}:${related.line}:${related.column}`,
        );
      }
      if (d.help) lines.push(`  ${blue("help")}: ${safe(d.help)}`);
      if (!hyperlinked && url && !linked.has(d.ruleId)) {
        linked.add(d.ruleId);
        lines.push(`  ${blue("docs")}: ${url}`);
      }
      blocks.push(lines.join("\n"));
    }
    const summary =
      input.errorCount + input.warningCount === 0
        ? `checked ${count(input.fileCount, "file")}${ignoredNote(input.ignoredCount)}: no problems`
        : `checked ${count(input.fileCount, "file")}${ignoredNote(input.ignoredCount)}: ${count(input.errorCount, "error")}, ${count(input.warningCount, "warning")}`;
    if (options.summary === false) return blocks.length ? `${blocks.join("\n\n")}\n` : "";
    return `${blocks.length ? `${blocks.join("\n\n")}\n\n` : ""}${summary}\n`;
  };
}

const count = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

export const stylish: Formatter = createStylish();
