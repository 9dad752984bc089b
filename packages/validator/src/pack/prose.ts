// Untrusted homebrew prose: plain Markdown only — finds raw HTML, scripts, event handlers, unsafe links and MDX code
import remarkGfm from "remark-gfm";
import remarkMdx from "remark-mdx";
import remarkParse from "remark-parse";
import { unified } from "unified";
import type { MdNode } from "../source/mdx.ts";

export type ProseProblemId =
  | "script"
  | "event-handler"
  | "raw-html"
  | "unsafe-link"
  | "path-escape"
  | "mdx-code";

export interface ProseProblem {
  messageId: ProseProblemId;
  data: Record<string, string>;
  /** Offsets into the scanned text. */
  start: number;
  end: number;
}

interface UrlNode extends MdNode {
  url?: string;
}

const markdown = unified().use(remarkParse).use(remarkGfm);
const mdx = unified().use(remarkParse).use(remarkMdx);

/** Schemes that run code or smuggle documents; the site's sanitizer drops them too. */
const UNSAFE_SCHEMES = new Set(["javascript", "vbscript", "data", "file", "blob"]);
/** MDX node types that a compiler would turn into code. */
const MDX_CODE: Record<string, string> = {
  mdxjsEsm: "an `import`/`export` statement",
  mdxFlowExpression: "a `{…}` expression",
  mdxTextExpression: "a `{…}` expression",
};

/**
 * Only text that could hold one of the constructs is parsed: most prose has none of these characters. A statement
 * is looked for after spaces that stay on its line (`^\s*` retried every line of a blank run: quadratic).
 */
const SUSPECT = /[<{]|\]\s*[(:]|^[^\S\n\r\u2028\u2029]*(?:import|export)\b|&#|javascript|data:/im;
/** What an MDX compiler would run: an expression, or a statement at the start of a line (linear, as above). */
const MDX_SUSPECT = /[{]|^[^\S\n\r\u2028\u2029]*(?:import|export)\b/m;

/** Scheme of a URL as a browser would read it: control characters and whitespace are ignored. */
export function urlScheme(url: string): string | undefined {
  // browsers strip these before parsing the scheme, so `java\tscript:` is still javascript
  let cleaned = "";
  for (const char of url) {
    const code = char.charCodeAt(0);
    if (code > 0x20 && (code < 0x7f || code > 0x9f)) cleaned += char;
  }
  cleaned = cleaned.toLowerCase();
  const match = /^([a-z][a-z0-9+.-]*):/.exec(cleaned);
  return match?.[1];
}

function offsets(node: MdNode, fallbackEnd: number): { start: number; end: number } {
  const start = node.position?.start.offset ?? 0;
  const end = node.position?.end.offset ?? fallbackEnd;
  return { start, end: Math.max(end, start + 1) };
}

function visit(node: MdNode, fn: (node: MdNode) => void): void {
  fn(node);
  for (const child of node.children ?? []) visit(child, fn);
}

/** Every refused construct in one prose string (a JSON field or a chapter body), in source order. */
export function scanProse(text: string): ProseProblem[] {
  if (!SUSPECT.test(text)) return [];
  const problems: ProseProblem[] = [];
  const tree = markdown.parse(text) as unknown as MdNode;
  visit(tree, (node) => {
    if (node.type === "html") {
      const html = node.value ?? "";
      const at = offsets(node, text.length);
      const tag = /^<\/?\s*([a-zA-Z][\w-]*)/.exec(html)?.[1]?.toLowerCase() ?? "html";
      // comments render as nothing; a closing tag was reported with its opening one (a stray `</script>` is not)
      const closing = /^<\/[a-zA-Z][\w-]*\s*>$/.test(html.trim()) && tag !== "script";
      if (/^<!--(?:(?!-->)[\s\S])*-->$/.test(html.trim()) || closing) return;
      if (/<\/?\s*script\b/i.test(html))
        problems.push({ messageId: "script", data: { tag: "script" }, ...at });
      else if (/\son[a-z]+\s*=/i.test(html)) {
        const handler = /\s(on[a-z]+)\s*=/i.exec(html)?.[1] ?? "on…";
        problems.push({ messageId: "event-handler", data: { tag, handler }, ...at });
      } else problems.push({ messageId: "raw-html", data: { tag }, ...at });
      return;
    }
    if (node.type === "link" || node.type === "image" || node.type === "definition") {
      const url = (node as UrlNode).url ?? "";
      const at = offsets(node, text.length);
      const scheme = urlScheme(url);
      if (scheme && UNSAFE_SCHEMES.has(scheme)) {
        problems.push({ messageId: "unsafe-link", data: { scheme: `${scheme}:` }, ...at });
      } else if (!scheme && /(^|[\\/])\.\.([\\/]|$)/.test(url)) {
        problems.push({ messageId: "path-escape", data: { url }, ...at });
      }
    }
  });
  problems.push(...findMdxCode(text));
  return problems.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** MDX code the text would become if compiled as MDX; it is never compiled, but authors must not expect it to run. */
function findMdxCode(text: string): ProseProblem[] {
  if (!MDX_SUSPECT.test(text)) return [];
  const problems: ProseProblem[] = [];
  let tree: MdNode | undefined;
  try {
    tree = mdx.parse(text) as unknown as MdNode;
  } catch {
    // not valid MDX (e.g. a literal `<`): fall back to the statements an MDX compiler would hoist
    for (const match of text.matchAll(/^[ \t]*(?:import|export)\s+[^\n]*/gm)) {
      const start = match.index ?? 0;
      problems.push({
        messageId: "mdx-code",
        data: { what: "an `import`/`export` statement" },
        start,
        end: start + match[0].length,
      });
    }
    return problems;
  }
  visit(tree, (node) => {
    const what = MDX_CODE[node.type];
    if (what) problems.push({ messageId: "mdx-code", data: { what }, ...offsets(node, text.length) });
  });
  return problems;
}
