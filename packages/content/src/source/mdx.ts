// MDX chapters: YAML frontmatter with positions and alias caps, then an MDX syntax tree (parsed, never run)

import GithubSlugger from "github-slugger";
import remarkFrontmatter from "remark-frontmatter";
import remarkMdx from "remark-mdx";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from "yaml";
import type { JsonPath } from "../diagnostic.ts";
import { remarkReferenceSyntax } from "../prose/reference-syntax.ts";
import { checkYamlNesting, DEFAULT_MARKDOWN_LIMITS, type MarkdownLimits } from "./limits.ts";

export interface MdxLimits extends MarkdownLimits {
  /** Most YAML aliases a frontmatter may expand; blocks "billion laughs" documents. */
  maxAliasCount: number;
}
export const DEFAULT_MDX_LIMITS: MdxLimits = { maxAliasCount: 20, ...DEFAULT_MARKDOWN_LIMITS };

export interface SourceProblem {
  messageId: string;
  message: string;
  start: number;
  end: number;
}

export interface Frontmatter {
  value: unknown;
  /** Offset of the YAML text inside the file. */
  yamlStart: number;
  /** Offset just past the closing `---` line. */
  end: number;
  /** Maps a path inside the frontmatter to file offsets. */
  locate(path: JsonPath): { start: number; end: number };
}

const FENCE = /^---[ \t]*\r?\n/;

/** Offset of the first `\r` not followed by `\n`, or -1 (CRLF files are fine). */
export function firstLoneCarriageReturn(text: string): number {
  for (let at = text.indexOf("\r"); at !== -1; at = text.indexOf("\r", at + 1)) {
    if (text.charCodeAt(at + 1) !== 10) return at;
  }
  return -1;
}

/** Split and parse the YAML frontmatter; TOML (`+++`) and executable (`---js`) fences are refused. */
export function parseFrontmatter(
  text: string,
  limits: MdxLimits = DEFAULT_MDX_LIMITS,
): { frontmatter?: Frontmatter; problems: SourceProblem[] } {
  const problems: SourceProblem[] = [];
  if (/^(\+\+\+|---[ \t]*[a-z])/i.test(text)) {
    const lineEnd = text.search(/\r?\n|$/);
    problems.push({
      messageId: "frontmatter-format",
      message: "only YAML frontmatter between `---` lines is allowed",
      start: 0,
      end: Math.max(lineEnd, 3),
    });
    return { problems };
  }
  const loneCr = firstLoneCarriageReturn(text);
  if (loneCr !== -1) {
    // CR-only (classic Mac) line endings: neither the fence nor the MDX parser would see the lines
    problems.push({
      messageId: "line-endings",
      message: "lines end with a lone carriage return",
      start: loneCr,
      end: loneCr + 1,
    });
    return { problems };
  }
  const open = FENCE.exec(text);
  if (!open) {
    problems.push({
      messageId: "frontmatter-missing",
      message: "the chapter has no frontmatter",
      start: 0,
      end: 0,
    });
    return { problems };
  }
  const yamlStart = open[0].length;
  const close = /^---[ \t]*$/m;
  close.lastIndex = 0;
  const rest = text.slice(yamlStart);
  const closing = close.exec(rest);
  if (!closing) {
    problems.push({
      messageId: "frontmatter-unclosed",
      message: "the frontmatter is not closed by a `---` line",
      start: 0,
      end: 3,
    });
    return { problems };
  }
  const yamlText = rest.slice(0, closing.index);
  const end = yamlStart + closing.index + closing[0].length;
  // the yaml parser recurses per level (a stack overflow at ~1,000, out of memory at 10,000): measured first
  const deep = checkYamlNesting(yamlText, limits.maxYamlNesting);
  if (deep) {
    problems.push({
      messageId: "too-deep",
      message: `nesting deeper than ${deep.limit} levels`,
      start: yamlStart + deep.start,
      end: yamlStart + deep.end,
    });
    return { problems };
  }
  const lineCounter = new LineCounter();
  const document = parseDocument(yamlText, { lineCounter, prettyErrors: false, uniqueKeys: true });
  for (const error of document.errors) {
    problems.push({
      messageId: "yaml",
      message: lowerFirst(error.message.split("\n")[0] ?? "invalid YAML"),
      start: yamlStart + error.pos[0],
      end: yamlStart + Math.max(error.pos[1], error.pos[0] + 1),
    });
  }
  if (problems.length > 0) return { problems };
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: limits.maxAliasCount });
  } catch (error) {
    const alias = yamlText.search(/\*[A-Za-z0-9_-]/);
    problems.push({
      messageId: "yaml-aliases",
      message: `the frontmatter expands more than ${limits.maxAliasCount} aliases (${(error as Error).message.split("\n")[0]})`,
      start: yamlStart + Math.max(alias, 0),
      end: yamlStart + Math.max(alias, 0) + 1,
    });
    return { problems };
  }
  const locate = (path: JsonPath) => {
    let node: unknown = document.contents;
    let keyRange: [number, number] | undefined;
    for (const segment of path) {
      if (isMap(node)) {
        const pair = node.items.find((item) => isScalar(item.key) && item.key.value === segment);
        if (!pair) break;
        keyRange = isScalar(pair.key) && pair.key.range ? [pair.key.range[0], pair.key.range[1]] : keyRange;
        node = pair.value;
      } else if (isSeq(node) && typeof segment === "number") {
        node = node.items[segment];
        keyRange = undefined;
      } else break;
    }
    const range = (node as { range?: [number, number, number] } | null)?.range ?? keyRange;
    if (!range) return { start: 0, end: 3 };
    return { start: yamlStart + range[0], end: yamlStart + range[1] };
  };
  return { frontmatter: { value, yamlStart, end, locate }, problems };
}

/** The parts of an mdast node the linter reads (the full types live in @types/mdast). */
export interface MdNode {
  type: string;
  name?: string | null;
  value?: string;
  /** A `reference` node's text as written. */
  raw?: string;
  depth?: number;
  children?: MdNode[];
  attributes?: { type: string; name?: string; value?: unknown; position?: MdPosition }[];
  position?: MdPosition;
}
interface MdPosition {
  start: { line: number; column: number; offset?: number };
  end: { line: number; column: number; offset?: number };
}

// no remark-gfm: it triples parse time and changes nothing the linter reads (headings, JSX, code, expressions)
// references are tokens of their own, as on the site: what the linter resolves is what a reader gets as a link
const processor = unified()
  .use(remarkParse)
  .use(remarkMdx)
  .use(remarkFrontmatter, ["yaml"])
  .use(remarkReferenceSyntax);

/** Parse MDX to a syntax tree; syntax errors come back as a problem at their position. */
export function parseMdx(text: string): { tree?: MdNode; problems: SourceProblem[] } {
  try {
    return { tree: processor.parse(text) as unknown as MdNode, problems: [] };
  } catch (error) {
    const e = error as { reason?: string; message?: string; place?: unknown; position?: MdPosition };
    const place = (e.place ?? e.position) as
      | { offset?: number; start?: { offset?: number }; end?: { offset?: number } }
      | undefined;
    const reason = e.reason ?? e.message ?? "";
    const unclosed = place ? undefined : unclosedTagRange(text, reason);
    const start = place?.offset ?? place?.start?.offset ?? unclosed?.start ?? 0;
    const end = place?.end?.offset ?? unclosed?.end ?? start + 1;
    return {
      problems: [
        {
          messageId: "mdx",
          message: lowerFirst((e.reason ?? e.message ?? "invalid MDX").split("\n")[0] ?? "invalid MDX"),
          start,
          end: Math.max(end, start + 1),
        },
      ],
    };
  }
}

/**
 * A JSX tag still open at the end of the document comes without a place; its message names the opening tag's
 * range (`… for \`<Example>\` (9:1-9:10)`), which is where the author has to act.
 */
function unclosedTagRange(text: string, reason: string): { start: number; end: number } | undefined {
  const range = /\((\d+):(\d+)-(\d+):(\d+)\)/.exec(reason);
  if (!range) return undefined;
  const [, line, column, endLine, endColumn] = range.map(Number);
  const starts = [0];
  for (const match of text.matchAll(/\r\n?|\n/g)) starts.push((match.index ?? 0) + match[0].length);
  const offset = (l = 1, c = 1) => Math.min((starts[l - 1] ?? text.length) + c - 1, text.length);
  return { start: offset(line, column), end: offset(endLine, endColumn) };
}

function lowerFirst(text: string): string {
  return text.replace(/\.$/, "").replace(/^[A-Z](?![A-Z])/, (c) => c.toLowerCase());
}

/** Depth-first visit of every node. */
export function visitMd(node: MdNode, visit: (node: MdNode) => void): void {
  visit(node);
  for (const child of node.children ?? []) visitMd(child, visit);
}

/** Visible text of a node (text, inline code, references as written, and their descendants). */
export function mdText(node: MdNode): string {
  if (node.type === "text" || node.type === "inlineCode") return node.value ?? "";
  if (node.type === "reference") return node.raw ?? "";
  return (node.children ?? []).map(mdText).join("");
}

/** GitHub-style heading slugs from github-slugger (what Astro and Starlight use), de-duplicated per document. */
export function createSlugger(): (text: string) => string {
  const slugger = new GithubSlugger();
  return (text) => slugger.slug(text);
}
