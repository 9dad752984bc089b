// Rendering prose: the same parse as the linter → mdast → hast (remark-rehype) → links the URL policy refuses
// dropped → rehype-sanitize with a schema of exactly what Markdown renders here
import type { Reference } from "@momenta/schema";
import type { ElementContent, Root as HastRoot } from "hast";
import type { Root } from "mdast";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import remarkRehype from "remark-rehype";
import { unified } from "unified";
import { visit } from "unist-util-visit";
import { parseProse } from "./parse.ts";
import type { ReferenceNode } from "./reference-syntax.ts";
import { type ProseTrust, URL_POLICY, urlScheme } from "./url-policy.ts";

export interface ProseRenderOptions {
  trust: ProseTrust;
  /** How a `[[reference]]` renders: a link to its target, or visibly unresolved. */
  renderReference(reference: Reference): ElementContent;
  /** Levels added to `#` headings so prose headings nest under the page's own (default 2: `#` → `<h3>`). */
  headingOffset?: number;
}

/** Everything the pipeline emits, and nothing else: no images, raw HTML, ids outside footnotes or styles. */
export const PROSE_SANITIZE_SCHEMA: SanitizeSchema = {
  ...defaultSchema,
  tagNames: [
    ...["p", "br", "hr", "em", "strong", "del", "code", "pre", "blockquote", "a", "span", "sup", "section"],
    ...["ul", "ol", "li", "input", "h1", "h2", "h3", "h4", "h5", "h6"],
    ...["table", "thead", "tbody", "tr", "th", "td"],
  ],
  attributes: {
    ...defaultSchema.attributes,
    // one className entry per element: the sanitizer reads the first that names it
    a: [
      ...(defaultSchema.attributes?.a ?? []).filter(
        (item) => !Array.isArray(item) || item[0] !== "className",
      ),
      ["className", "ref", "data-footnote-backref"],
      ["rel", "nofollow", "noopener", "noreferrer"],
      "dataRef",
    ],
    span: [["className", "ref-unresolved", "ref-self"], "title"],
    code: [["className", /^language-[\w-]+$/]],
    th: ["align"],
    td: ["align"],
  },
  protocols: { href: [...URL_POLICY.coreSchemes] },
};
const UNTRUSTED_SANITIZE_SCHEMA: SanitizeSchema = { ...PROSE_SANITIZE_SCHEMA, protocols: { href: [] } };

interface Rendered {
  data?: { rendered?: ElementContent };
}

/**
 * Drop what the URL policy refuses, in place, on the same mdast nodes the linter judges (so the two never
 * disagree): a link keeps its words, an image its alt text, a definition goes.
 */
export function applyUrlPolicy(tree: Root, trust: ProseTrust): void {
  visit(tree, (node, index, parent) => {
    if (!parent || index === undefined) return;
    if (node.type !== "link" && node.type !== "definition" && node.type !== "image") return;
    if (!URL_POLICY.allows(node.url, trust)) {
      const kept =
        node.type === "link" ? node.children : node.type === "image" && node.alt ? [text(node.alt)] : [];
      parent.children.splice(index, 1, ...kept);
      return index;
    }
    // a link out of the rulebook passes no standing and no window handle
    if (node.type === "link" && urlScheme(node.url))
      node.data = { ...node.data, hProperties: { rel: ["nofollow", "noopener", "noreferrer"] } };
  });
}

const text = (value: string) => ({ type: "text" as const, value });

/** Prose renders no images: each becomes its alt text. */
function imagesToText(tree: Root): void {
  visit(tree, (node, index, parent) => {
    if (!parent || index === undefined) return;
    if (node.type !== "image" && node.type !== "imageReference") return;
    parent.children.splice(index, 1, ...(node.alt ? [text(node.alt)] : []));
    return index;
  });
}

// the sanitizer is the second fence, after the URL policy
const processorFor = (trust: ProseTrust) =>
  unified()
    .use(remarkRehype, {
      handlers: { reference: (_state, node: ReferenceNode & Rendered) => node.data?.rendered },
    })
    .use(rehypeSanitize, trust === "core" ? PROSE_SANITIZE_SCHEMA : UNTRUSTED_SANITIZE_SCHEMA);
const PROCESSORS = { core: processorFor("core"), untrusted: processorFor("untrusted") };

/** mdast of prose → sanitized hast, references rendered by the caller. */
export function renderProseTree(tree: Root, options: ProseRenderOptions): HastRoot {
  const offset = options.headingOffset ?? 2;
  visit(tree, (node) => {
    if (node.type === "reference") {
      const reference = node as ReferenceNode & Rendered;
      reference.data = { ...reference.data, rendered: options.renderReference(reference.reference) };
    } else if (node.type === "heading") node.depth = Math.min(6, node.depth + offset) as typeof node.depth;
  });
  applyUrlPolicy(tree, options.trust);
  imagesToText(tree);
  return PROCESSORS[options.trust].runSync(tree) as unknown as HastRoot;
}

/** Markdown prose → a sanitized hast root whose every link the URL policy allows. */
export function renderProse(text: string, options: ProseRenderOptions): HastRoot {
  return renderProseTree(parseProse(text), options);
}

/** Prose that is one paragraph → its inline content (table cells, one-liners); otherwise its blocks. */
export function renderProseInline(text: string, options: ProseRenderOptions): ElementContent[] {
  const children = renderProse(text, options).children.filter(
    (node) => !(node.type === "text" && node.value.trim() === ""),
  ) as ElementContent[];
  const only = children[0];
  if (children.length === 1 && only?.type === "element" && only.tagName === "p") return only.children;
  return children;
}
