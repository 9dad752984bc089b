// Linear pre-scans run before any parser that recurses or backtracks: Markdown nesting and markers, YAML nesting
//
// micromark (remark-parse) recurses once per open container (~45,000 nested `>` overflow the stack), and its time
// grows with the square of a text's emphasis, strikethrough, link and HTML openers (92 s for an 80 KB `*_*_…`
// chapter, 200 s for 40,000 `*a*` paragraphs) and of its list items (3 s for 6,000 `* a` lines). The yaml package
// recurses once per level and runs out of memory past a few thousand. Text over these caps is refused with a
// positioned problem and never reaches a parser; the caps sit ten times above real content (deepest Markdown nesting
// 1, most markers in one text 90, most quote and list markers 22, deepest YAML nesting 3).
import { referenceEndAt } from "@momenta/schema";
import { CST, Lexer } from "yaml";

export interface MarkdownLimits {
  /** Most nested block containers (block quotes and list items) a line may open. */
  maxMarkdownNesting: number;
  /** Most emphasis, strikethrough, link and HTML markers (`*`, `_`, `~`, `[`, `]`, `<`) in one text. */
  maxMarkdownMarkers: number;
  /** Most block quote and list item markers in one text. */
  maxMarkdownContainers: number;
  /** Deepest nesting of YAML frontmatter (flow brackets, or indentation and `- ` entries). */
  maxYamlNesting: number;
}

export const DEFAULT_MARKDOWN_LIMITS: MarkdownLimits = {
  maxMarkdownNesting: 16,
  maxMarkdownMarkers: 1_000,
  maxMarkdownContainers: 1_000,
  maxYamlNesting: 64,
};

export interface LimitProblem {
  messageId: "markdown-too-deep" | "markdown-markers" | "markdown-containers" | "too-deep";
  /** Offsets of the marker that goes over the limit. */
  start: number;
  end: number;
  limit: number;
}

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const BACKSLASH = 92;
const LEFT_BRACKET = 91;
const RIGHT_BRACKET = 93;

const isBlank = (c: number) => c === SPACE || c === TAB;
const isLineEnd = (c: number) => c === LF || c === CR;
/** `*`, `_`, `~`, `[`, `]`, `<`: the characters whose runs micromark matches against each other per paragraph. */
// `]` counts too: runs of `]]` sent micromark's GFM footnote-call tokenizer quadratic (99,000 of them: 48 s)
const isMarker = (c: number) =>
  c === 42 || c === 95 || c === 126 || c === LEFT_BRACKET || c === RIGHT_BRACKET || c === 60;

/** Container markers in the line `scanPrefix` measured last (a module variable: no object per line). */
let prefixMarkers = 0;

/**
 * Block containers a line opens: `>` quotes and `-`/`*`/`+`/`1.`/`1)` list markers in its prefix; a list marker's
 * indentation counts a level per two columns (how nested lists are written). Returns the offset of the first
 * marker past `limit`, or -1; leaves the line's marker count in `prefixMarkers`.
 */
function scanPrefix(text: string, lineStart: number, limit: number): number {
  let depth = 0;
  prefixMarkers = 0;
  let i = lineStart;
  for (;;) {
    let columns = 0;
    while (i < text.length && isBlank(text.charCodeAt(i))) {
      columns += text.charCodeAt(i) === TAB ? 4 : 1;
      i++;
    }
    const c = text.charCodeAt(i);
    let markerEnd = -1;
    let list = false;
    if (c === 62) markerEnd = i + 1;
    else if (c === 45 || c === 42 || c === 43) {
      markerEnd = i + 1;
      list = true;
    } else if (c >= 48 && c <= 57) {
      let j = i;
      while (j < text.length && j - i < 9 && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
      const d = text.charCodeAt(j);
      if (d === 46 || d === 41) {
        markerEnd = j + 1;
        list = true;
      }
    }
    if (markerEnd < 0) return -1;
    // a list marker opens a container only when a space, a tab or the line's end follows it
    const after = text.charCodeAt(markerEnd);
    if (list && !(isBlank(after) || isLineEnd(after) || markerEnd >= text.length)) return -1;
    depth += 1 + (list ? columns >> 1 : 0);
    prefixMarkers++;
    if (depth > limit) return i;
    i = markerEnd;
  }
}

/**
 * The first place where Markdown prose goes over the limits, or undefined. One pass: each line's container prefix
 * is measured and its markers counted, and so are the inline markers (escaped characters and `[[…]]` references
 * are skipped). Conservative: markers in code count too.
 */
export function checkMarkdownLimits(
  text: string,
  limits: MarkdownLimits = DEFAULT_MARKDOWN_LIMITS,
): LimitProblem | undefined {
  let markers = 0;
  let containers = 0;
  let i = 0;
  const length = text.length;
  while (i < length) {
    // at a line start
    const deep = scanPrefix(text, i, limits.maxMarkdownNesting);
    if (deep >= 0) {
      return { messageId: "markdown-too-deep", start: deep, end: deep + 1, limit: limits.maxMarkdownNesting };
    }
    containers += prefixMarkers;
    if (containers > limits.maxMarkdownContainers) {
      let at = i;
      while (isBlank(text.charCodeAt(at))) at++;
      return {
        messageId: "markdown-containers",
        start: at,
        end: at + 1,
        limit: limits.maxMarkdownContainers,
      };
    }
    for (; i < length; i++) {
      const c = text.charCodeAt(i);
      if (isLineEnd(c)) break;
      if (c === BACKSLASH) {
        if (i + 1 < length && !isLineEnd(text.charCodeAt(i + 1))) i++;
        continue;
      }
      if (!isMarker(c)) continue;
      if (c === LEFT_BRACKET) {
        const end = referenceEndAt(text, i);
        if (end >= 0) {
          i = end - 1;
          continue;
        }
      }
      if (++markers > limits.maxMarkdownMarkers) {
        return { messageId: "markdown-markers", start: i, end: i + 1, limit: limits.maxMarkdownMarkers };
      }
    }
    // past the line ending (CRLF counts once)
    if (text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF) i++;
    i++;
  }
  return undefined;
}

/** The lexer's own markers, which stand for no source text. */
const CONTROL_TOKENS = new Set(["\u0002", "\u0018", "\u001f"]);

/**
 * The first place where YAML goes deeper than `limit`, or undefined: flow collections (`[`, `{`) counted from the
 * yaml package's own lexer (a loop, not a recursion, so quoting and comments are read as the parser reads them),
 * and per line the column where its content starts after indentation and `- `/`? ` indicators (a level per
 * column, the least YAML allows).
 */
export function checkYamlNesting(
  text: string,
  limit: number = DEFAULT_MARKDOWN_LIMITS.maxYamlNesting,
): LimitProblem | undefined {
  let offset = 0;
  let flow = 0;
  let lineDepth = 0;
  let atLineStart = true;
  for (const token of new Lexer().lex(text)) {
    if (CONTROL_TOKENS.has(token)) continue;
    const type = CST.tokenType(token);
    const start = offset;
    offset += token.length;
    if (type === "newline") {
      atLineStart = true;
      lineDepth = 0;
      continue;
    }
    if (atLineStart) {
      if (type === "space") lineDepth += token.length;
      else if (type === "seq-item-ind" || type === "explicit-key-ind") lineDepth += token.length;
      else atLineStart = false;
      if (lineDepth > limit) return { messageId: "too-deep", start, end: start + 1, limit };
    }
    if (type === "flow-seq-start" || type === "flow-map-start") {
      if (++flow > limit) return { messageId: "too-deep", start, end: start + 1, limit };
    } else if ((type === "flow-seq-end" || type === "flow-map-end") && flow > 0) flow--;
  }
  return undefined;
}
