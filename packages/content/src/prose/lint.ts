// Checking prose on the pipeline's own tree: raw HTML, scripts, event handlers, links the URL policy refuses, MDX code
import { nextReference } from "@momenta/schema";
import type { Nodes, Root } from "mdast";
import remarkMdx from "remark-mdx";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { parseProse } from "./parse.ts";
import type { ReferenceNode } from "./reference-syntax.ts";
import { type ProseTrust, URL_POLICY, type UrlRefusal } from "./url-policy.ts";

export type ProseProblemId =
  | "script"
  | "event-handler"
  | "raw-html"
  | "mdx-code"
  | "broken-reference"
  | UrlRefusal["messageId"];

/** What to do about each problem (the `help:` line). */
export const PROSE_HELP: Record<ProseProblemId, string> = {
  script: "use Markdown (`**bold**`, `*italic*`, lists, links) instead of HTML",
  "event-handler": "use Markdown (`**bold**`, `*italic*`, lists, links) instead of HTML",
  "raw-html": "use Markdown (`**bold**`, `*italic*`, lists, links) instead of HTML",
  "mdx-code": "write the text literally; escape `{` as `\\{`",
  "broken-reference": "write a reference as `[[Name]]` on one line with no brackets inside",
  "unsafe-link": "link a page of the rulebook (`/condition/hindered/`) or use a `[[reference]]`",
  "unsupported-scheme": "link an https:// page instead",
  "external-link": "name the page in words, or link a page of the rulebook with a `[[reference]]`",
  "protocol-relative": "write the full address, or link a page of the rulebook with a `[[reference]]`",
  backslash: "write paths with `/`, never `\\`",
  "path-escape": "link pages of the rulebook, or files inside the pack",
};

export interface ProseProblem {
  messageId: ProseProblemId;
  data: Record<string, string>;
  /** Offsets into the scanned text. */
  start: number;
  end: number;
}

const mdx = unified().use(remarkParse).use(remarkMdx);

/** MDX node types that a compiler would turn into code. */
const MDX_CODE: Record<string, string> = {
  mdxjsEsm: "an `import`/`export` statement",
  mdxFlowExpression: "a `{…}` expression",
  mdxTextExpression: "a `{…}` expression",
};

/**
 * Only text that could hold one of the constructs is parsed: most prose has none of these characters (links,
 * definitions, autolinks, GFM's bare `www.`/`://`/e-mail links, HTML, code, backslash tricks, and `![[`, which the
 * reference tokenizer takes but the parser leaves as text, and Obsidian reads as an embed). A statement is
 * looked for after spaces that stay on its line (`^\s*` retried every line of a blank run: quadratic).
 */
const SUSPECT =
  /!\[\[|[<{\\@]|\]\s*[(:]|^[^\S\n\r\u2028\u2029]*(?:import|export)\b|&#|javascript|data:|:\/\/|www\./im;
/** What an MDX compiler would run: an expression, or a statement at the start of a line (linear, as above). */
const MDX_SUSPECT = /[{]|^[^\S\n\r\u2028\u2029]*(?:import|export)\b/m;

function offsets(
  node: { position?: Nodes["position"] },
  fallbackEnd: number,
): { start: number; end: number } {
  const start = node.position?.start.offset ?? 0;
  const end = node.position?.end.offset ?? fallbackEnd;
  return { start, end: Math.max(end, start + 1) };
}

function htmlProblem(html: string, at: { start: number; end: number }): ProseProblem | undefined {
  const tag = /^<\/?\s*([a-zA-Z][\w-]*)/.exec(html)?.[1]?.toLowerCase() ?? "html";
  // comments render as nothing; a closing tag was reported with its opening one (a stray `</script>` is not)
  const closing = /^<\/[a-zA-Z][\w-]*\s*>$/.test(html.trim()) && tag !== "script";
  if (/^<!--(?:(?!-->)[\s\S])*-->$/.test(html.trim()) || closing) return undefined;
  if (/<\/?\s*script\b/i.test(html)) return { messageId: "script", data: { tag: "script" }, ...at };
  const handler = /\s(on[a-z]+)\s*=/i.exec(html);
  if (handler?.[1]) {
    // the element that holds the handler: `</title><img onerror=…>` is about `<img>`, not the first tag
    const open = html.lastIndexOf("<", handler.index);
    const holder = /^<\s*([a-zA-Z][\w-]*)/.exec(html.slice(open, handler.index))?.[1]?.toLowerCase();
    return { messageId: "event-handler", data: { tag: holder ?? tag, handler: handler[1] }, ...at };
  }
  return { messageId: "raw-html", data: { tag }, ...at };
}

/** Whether `[[` or `]]` is left once every well-formed reference (the schema's tokenizer) is taken out. */
function hasStrayBrackets(text: string): boolean {
  if (!text.includes("[[") && !text.includes("]]")) return false;
  let rest = "";
  let last = 0;
  for (let found = nextReference(text, 0); found; found = nextReference(text, found.end)) {
    rest += text.slice(last, found.start);
    last = found.end;
  }
  rest += text.slice(last);
  return rest.includes("[[") || rest.includes("]]");
}

/** Problems in an already parsed tree of `text` (the renderer parses the same way). */
export function lintProseTree(tree: Root, text: string, trust: ProseTrust): ProseProblem[] {
  const problems: ProseProblem[] = [];
  visit(tree, (node) => {
    if (node.type === "text") {
      // text the reference syntax did not take: a reader would see the brackets
      const marker = /\[\[|\]\]/.exec(node.value)?.[0];
      if (marker) {
        const { start, end } = offsets(node, text.length);
        const at = Math.max(0, text.slice(start, end).indexOf(marker));
        problems.push({
          messageId: "broken-reference",
          data: { marker },
          start: start + at,
          end: start + at + 2,
        });
      }
    } else if (node.type === "reference") {
      // a label is shown as text on the site, but a target that writes links as text (Foundry's `{label}`) may not
      const raw = (node as ReferenceNode).raw;
      const tag = /<\/?\s*[a-zA-Z]/.exec(raw);
      if (tag) {
        const problem = htmlProblem(raw.slice(tag.index), offsets(node, text.length));
        if (problem) problems.push(problem);
      }
    } else if (node.type === "html") {
      const problem = htmlProblem(node.value, offsets(node, text.length));
      if (problem) problems.push(problem);
    } else if (node.type === "link" || node.type === "image" || node.type === "definition") {
      const refusal = URL_POLICY.refusal(node.url, trust);
      if (refusal) problems.push({ ...refusal, ...offsets(node, text.length) });
    }
  });
  return problems;
}

/** Every refused construct in one prose string (a JSON field or a chapter body), in source order. */
export function lintProse(text: string, trust: ProseTrust = "untrusted"): ProseProblem[] {
  if (!SUSPECT.test(text) && !hasStrayBrackets(text)) return [];
  const problems = lintProseTree(parseProse(text), text, trust);
  problems.push(...findMdxCode(text));
  return problems.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** MDX code the text would become if compiled as MDX; it is never compiled, but authors must not expect it to run. */
function findMdxCode(text: string): ProseProblem[] {
  if (!MDX_SUSPECT.test(text)) return [];
  const problems: ProseProblem[] = [];
  let tree: Root | undefined;
  try {
    tree = mdx.parse(text);
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
