// Prose to mdast: remark-parse + remark-gfm + the reference syntax (and MDX for a core chapter's exports), one parse for the linter, the site and the exports
import type { Root } from "mdast";
import remarkGfm from "remark-gfm";
import remarkMdx from "remark-mdx";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { type ReferenceNode, remarkReferenceSyntax } from "./reference-syntax.ts";

const markdown = unified().use(remarkParse).use(remarkGfm).use(remarkReferenceSyntax);
const mdx = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkReferenceSyntax);

/** The syntax tree of one prose string (an entry field, a pack chapter body): Markdown, never MDX, never run. */
export function parseProse(text: string): Root {
  return markdown.parse(text);
}

/**
 * The syntax tree of a core chapter's body as the site reads it: MDX with GFM and references. Its components and code
 * are nodes (`mdxJsxFlowElement`, `mdxjsEsm`, …), never run; throws on an MDX syntax error, which the loader reports.
 */
export function parseChapterMdx(text: string): Root {
  return mdx.parse(text);
}

/** Every `reference` node of a tree, in document order. */
export function referenceNodes(tree: unknown): ReferenceNode[] {
  const found: ReferenceNode[] = [];
  visit(tree as Root, "reference", (node) => {
    found.push(node as ReferenceNode);
  });
  return found;
}
