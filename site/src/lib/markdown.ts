// The sanitizing Markdown path for entry prose (core and homebrew): a Markdown subset that never emits raw HTML
//
// Safe by construction rather than by filtering: every character of the input ends up in a text node or
// an attribute value this module builds itself, and links keep only relative, http(s) and mailto targets.
import { findReferences, type Reference } from "@momenta/schema";
import { type HtmlNode, h, text } from "./html.ts";

/** How a `[[reference]]` renders: a link (with the id a preview is keyed by) or visibly unresolved. */
export type ReferenceRenderer = (reference: Reference) => HtmlNode;

export interface MarkdownOptions {
  renderReference: ReferenceRenderer;
  /** Heading level a `#` heading maps to, so prose headings nest under the page's own. */
  headingOffset?: number;
}

const SAFE_SCHEMES = new Set(["http:", "https:", "mailto:"]);

/** A link target the site may emit, or undefined for `javascript:`, `data:`, `vbscript:` and other schemes. */
export function safeHref(raw: string): string | undefined {
  // browsers ignore ASCII whitespace and control characters inside schemes ("java\tscript:")
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  const href = raw.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  if (href === "") return undefined;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(href);
  if (scheme) return SAFE_SCHEMES.has(`${scheme[1]?.toLowerCase()}:`) ? href : undefined;
  // "&#106;avascript:" or "%6Aavascript:" without a literal colon first stay relative paths
  if (href.startsWith("//")) return undefined;
  return href;
}

// ---------- inline ----------

const PUNCTUATION = /[!-/:-@[-`{-~]/;

function findClosing(source: string, delimiter: string, from: number): number {
  let index = source.indexOf(delimiter, from);
  while (index !== -1) {
    const before = source[index - 1];
    if (index > from && before !== undefined && !/\s/.test(before) && before !== "\\") return index;
    index = source.indexOf(delimiter, index + 1);
  }
  return -1;
}

export function renderInline(source: string, options: MarkdownOptions): HtmlNode[] {
  const out: HtmlNode[] = [];
  let buffer = "";
  const flush = () => {
    if (buffer) out.push(text(buffer));
    buffer = "";
  };
  let i = 0;
  while (i < source.length) {
    const char = source[i] as string;
    const next = source[i + 1];
    if (char === "\\" && next !== undefined && PUNCTUATION.test(next)) {
      buffer += next;
      i += 2;
      continue;
    }
    if (char === "\\" && next === "\n") {
      flush();
      out.push(h("br"));
      i += 2;
      continue;
    }
    if (char === " " && source.startsWith("  \n", i)) {
      flush();
      out.push(h("br"));
      i += 3;
      continue;
    }
    if (char === "`") {
      let run = 1;
      while (source[i + run] === "`") run++;
      const fence = "`".repeat(run);
      const close = source.indexOf(fence, i + run);
      if (close !== -1) {
        flush();
        out.push(h("code", {}, [source.slice(i + run, close).replace(/\n/g, " ")]));
        i = close + run;
        continue;
      }
      buffer += fence;
      i += run;
      continue;
    }
    if (char === "[" && next === "[") {
      const close = source.indexOf("]]", i + 2);
      const body = close === -1 ? "" : source.slice(i, close + 2);
      const [reference] = close === -1 ? [] : findReferences(body);
      if (reference && reference.raw === body) {
        flush();
        out.push(options.renderReference(reference));
        i = close + 2;
        continue;
      }
    }
    if (char === "[") {
      const link = /^\[([^\]\n]+)\]\(((?:[^()\s]|\([^()\s]*\))*)(?:\s+"([^"]*)")?\)/.exec(source.slice(i));
      if (link) {
        flush();
        const label = renderInline(link[1] ?? "", options);
        const href = safeHref(link[2] ?? "");
        // a refused link keeps its words and drops its target
        if (href === undefined) out.push(...label);
        else {
          const external = /^(https?:)?\/\//i.test(href);
          out.push(
            h(
              "a",
              { href, title: link[3], rel: external ? "nofollow noopener noreferrer" : undefined },
              label,
            ),
          );
        }
        i += link[0].length;
        continue;
      }
    }
    if ((char === "*" || char === "_") && next === char) {
      const close = findClosing(source, char + char, i + 2);
      if (close !== -1 && !/\s/.test(source[i + 2] ?? " ")) {
        flush();
        out.push(h("strong", {}, renderInline(source.slice(i + 2, close), options)));
        i = close + 2;
        continue;
      }
    }
    if (char === "*" || (char === "_" && !/[\p{L}\p{N}]/u.test(source[i - 1] ?? " "))) {
      const close = findClosing(source, char, i + 1);
      const after = source[close + 1] ?? " ";
      const closesWord = char === "*" || !/[\p{L}\p{N}]/u.test(after);
      if (close !== -1 && closesWord && !/\s/.test(next ?? " ") && source[close + 1] !== char) {
        flush();
        out.push(h("em", {}, renderInline(source.slice(i + 1, close), options)));
        i = close + 1;
        continue;
      }
    }
    buffer += char;
    i++;
  }
  flush();
  return out;
}

// ---------- blocks ----------

const BULLET = /^( {0,3})([-*+])\s+(.*)$/;
const ORDERED = /^( {0,3})(\d{1,9})[.)]\s+(.*)$/;
const HEADING = /^ {0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^ {0,3}(```+|~~~+)/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-{1,}:?\s*(\|\s*:?-{1,}:?\s*)*\|?\s*$/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(\s*\1){2,}\s*$/;

function splitRow(line: string): string[] {
  let row = line.trim();
  if (row.startsWith("|")) row = row.slice(1);
  if (row.endsWith("|") && !row.endsWith("\\|")) row = row.slice(0, -1);
  const cells: string[] = [];
  let cell = "";
  let inReference = false;
  for (let i = 0; i < row.length; i++) {
    const char = row[i] as string;
    if (char === "\\" && row[i + 1] === "|") {
      cell += "|";
      i++;
      continue;
    }
    // `[[Hindered|hindered]]` inside a cell keeps its label bar
    if (row.startsWith("[[", i)) inReference = true;
    if (row.startsWith("]]", i)) inReference = false;
    if (char === "|" && !inReference) {
      cells.push(cell.trim());
      cell = "";
      continue;
    }
    cell += char;
  }
  cells.push(cell.trim());
  return cells;
}

function alignments(separator: string): Array<"left" | "center" | "right" | undefined> {
  return splitRow(separator).map((cell) => {
    const left = cell.startsWith(":");
    const right = cell.endsWith(":");
    if (left && right) return "center";
    if (right) return "right";
    if (left) return "left";
    return undefined;
  });
}

function isBlockStart(line: string, nextLine: string | undefined): boolean {
  return (
    HEADING.test(line) ||
    FENCE.test(line) ||
    BULLET.test(line) ||
    ORDERED.test(line) ||
    /^ {0,3}>/.test(line) ||
    THEMATIC_BREAK.test(line) ||
    (line.includes("|") && nextLine !== undefined && TABLE_SEPARATOR.test(nextLine) && nextLine.includes("-"))
  );
}

export function renderBlocks(lines: readonly string[], options: MarkdownOptions): HtmlNode[] {
  const out: HtmlNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    if (line.trim() === "") {
      i++;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const level = Math.min(6, (heading[1]?.length ?? 1) + (options.headingOffset ?? 2));
      out.push(h(`h${level}`, {}, renderInline(heading[2] ?? "", options)));
      i++;
      continue;
    }
    if (THEMATIC_BREAK.test(line)) {
      out.push(h("hr"));
      i++;
      continue;
    }
    const fence = FENCE.exec(line);
    if (fence) {
      const marker = fence[1] as string;
      const body: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] as string).trimStart().startsWith(marker))
        body.push(lines[i++] as string);
      i++;
      out.push(h("pre", {}, [h("code", {}, [body.join("\n")])]));
      continue;
    }
    if (/^ {0,3}>/.test(line)) {
      const body: string[] = [];
      while (i < lines.length && /^ {0,3}>/.test(lines[i] as string)) {
        body.push((lines[i] as string).replace(/^ {0,3}> ?/, ""));
        i++;
      }
      out.push(h("blockquote", {}, renderBlocks(body, options)));
      continue;
    }
    const nextLine = lines[i + 1];
    if (
      line.includes("|") &&
      nextLine !== undefined &&
      TABLE_SEPARATOR.test(nextLine) &&
      nextLine.includes("-")
    ) {
      const header = splitRow(line);
      const align = alignments(nextLine);
      const rows: string[][] = [];
      i += 2;
      while (i < lines.length && (lines[i] as string).trim() !== "" && (lines[i] as string).includes("|")) {
        rows.push(splitRow(lines[i] as string));
        i++;
      }
      const cell = (tag: string, content: string, column: number) =>
        h(tag, align[column] ? { style: `text-align:${align[column]}` } : {}, renderInline(content, options));
      out.push(
        h("table", {}, [
          h("thead", {}, [
            h(
              "tr",
              {},
              header.map((content, column) => cell("th", content, column)),
            ),
          ]),
          h(
            "tbody",
            {},
            rows.map((row) =>
              h(
                "tr",
                {},
                header.map((_, column) => cell("td", row[column] ?? "", column)),
              ),
            ),
          ),
        ]),
      );
      continue;
    }
    const listMatch = BULLET.exec(line) ?? ORDERED.exec(line);
    if (listMatch) {
      const ordered = !BULLET.test(line);
      const pattern = ordered ? ORDERED : BULLET;
      const items: string[][] = [];
      while (i < lines.length) {
        const current = lines[i] as string;
        const item = pattern.exec(current);
        if (item) {
          items.push([item[3] ?? ""]);
          i++;
          continue;
        }
        const last = items[items.length - 1];
        // indented lines continue the item (nested lists, wrapped text); a blank line ends the list
        // unless the next line is indented or another item
        if (
          last &&
          current.trim() !== "" &&
          (/^\s{2,}/.test(current) || !isBlockStart(current, lines[i + 1]))
        ) {
          last.push(current.replace(/^\s{2,4}/, ""));
          i++;
          continue;
        }
        if (last && current.trim() === "" && i + 1 < lines.length) {
          const after = lines[i + 1] as string;
          if (pattern.test(after) || /^\s{2,}\S/.test(after)) {
            last.push("");
            i++;
            continue;
          }
        }
        break;
      }
      const start = ordered ? Number(ORDERED.exec(line)?.[2] ?? "1") : 1;
      out.push(
        h(
          ordered ? "ol" : "ul",
          ordered && start !== 1 ? { start } : {},
          items.map((item) => {
            const blocks = renderBlocks(item, options);
            // tight items render their paragraph inline
            const only = blocks[0];
            const tight =
              blocks.length >= 1 && only?.type === "element" && only.tagName === "p" && !item.includes("");
            const children = tight
              ? [...(only as { children: HtmlNode[] }).children, ...blocks.slice(1)]
              : blocks;
            return h("li", {}, children);
          }),
        ),
      );
      continue;
    }
    const paragraph: string[] = [];
    while (i < lines.length && (lines[i] as string).trim() !== "") {
      if (paragraph.length > 0 && isBlockStart(lines[i] as string, lines[i + 1])) break;
      paragraph.push(lines[i] as string);
      i++;
    }
    out.push(h("p", {}, renderInline(paragraph.map((part) => part.replace(/^\s+/, "")).join("\n"), options)));
  }
  return out;
}

/** Markdown prose → a safe HTML tree. */
export function renderMarkdown(source: string, options: MarkdownOptions): HtmlNode[] {
  return renderBlocks(source.replace(/\r\n?/g, "\n").split("\n"), options);
}

/** Markdown prose that is one paragraph → its inline content (for table cells and one-liners). */
export function renderMarkdownInline(source: string, options: MarkdownOptions): HtmlNode[] {
  const blocks = renderMarkdown(source, options);
  const only = blocks[0];
  if (blocks.length === 1 && only?.type === "element" && only.tagName === "p") return only.children;
  return blocks;
}
