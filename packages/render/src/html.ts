// A minimal HTML tree (a hast subset) and its serializers, HTML and plain text: the one place render code turns data into markup
import { fromHtml as parseHtml } from "hast-util-from-html";
import { htmlVoidElements } from "html-void-elements";
import { find, html as htmlSchema } from "property-information";
export type Properties = Record<string, string | number | boolean | undefined>;

export interface ElementNode {
  type: "element";
  tagName: string;
  properties: Properties;
  children: HtmlNode[];
}

export interface TextNode {
  type: "text";
  value: string;
}

export type HtmlNode = ElementNode | TextNode;

export function h(
  tagName: string,
  properties: Properties = {},
  children: Array<HtmlNode | string> = [],
): ElementNode {
  return {
    type: "element",
    tagName,
    properties,
    children: children.map((child) => (typeof child === "string" ? text(child) : child)),
  };
}

export function text(value: string): TextNode {
  return { type: "text", value };
}

// pure: the builder's client bundle, which never serializes, drops it
const VOID_ELEMENTS = /* @__PURE__ */ new Set(htmlVoidElements);
// Tag and attribute names come from site code only, but a wrong one must never open an injection
const SAFE_NAME = /^[a-zA-Z][a-zA-Z0-9-]*$/;

export function escapeText(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

/** hast spells `class` as `className`; accept both. */
function attributeName(name: string): string {
  return name === "className" ? "class" : name;
}

const SPACED = new Set(["dt", "dd", "th", "td", "caption"]);

/** The text a reader sees of a tree, without markup (the editor's hover); nothing is escaped, nothing is markup. */
export function toText(nodes: HtmlNode | readonly HtmlNode[]): string {
  const list = Array.isArray(nodes) ? nodes : [nodes as HtmlNode];
  return list.map((node) => (node.type === "text" ? node.value : toText(node.children))).join("");
}

export interface HtmlOptions {
  /**
   * A space after each term, description and table cell (the default) for Pagefind's sake; off for a tree parsed
   * from another renderer's HTML, which is written back as it was.
   */
  separateCells?: boolean;
}

export function toHtml(nodes: HtmlNode | readonly HtmlNode[], options: HtmlOptions = {}): string {
  const list = Array.isArray(nodes) ? nodes : [nodes as HtmlNode];
  const separate = options.separateCells !== false;
  let out = "";
  for (const node of list) {
    if (node.type === "text") {
      out += escapeText(node.value);
      continue;
    }
    if (!SAFE_NAME.test(node.tagName)) throw new Error(`unsafe tag name ${node.tagName}`);
    out += `<${node.tagName}`;
    for (const [key, value] of Object.entries(node.properties)) {
      if (value === undefined || value === false) continue;
      const name = attributeName(key);
      if (!SAFE_NAME.test(name)) throw new Error(`unsafe attribute name ${name}`);
      out += value === true ? ` ${name}` : ` ${name}="${escapeAttribute(String(value))}"`;
    }
    out += ">";
    if (VOID_ELEMENTS.has(node.tagName)) continue;
    out += toHtml(node.children, options);
    out += `</${node.tagName}>`;
    // Pagefind joins the text of adjacent elements: a term and its description, or two table cells, stay two
    // words ("Rarity common", "0s 1s"); whitespace between these elements does not render
    if (separate && SPACED.has(node.tagName)) out += " ";
  }
  return out;
}

export interface HastNode {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** The same tree as hast (what remark-rehype's `hChildren` expects): class lists become arrays, names camelCase. */
export function toHast(node: HtmlNode): HastNode {
  if (node.type === "text") return node;
  const properties: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node.properties)) {
    if (value === undefined || value === false) continue;
    if (key === "class" || key === "className") properties.className = String(value).split(/\s+/);
    // hast names `data-ref` `dataRef` (what sanitizers and serializers expect)
    else properties[key.replace(/-([a-z])/g, (_dash, c: string) => c.toUpperCase())] = value;
  }
  return { type: "element", tagName: node.tagName, properties, children: node.children.map(toHast) };
}

interface HastContent {
  type: string;
  value?: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastContent[];
}

/**
 * hast property names back to attribute names, as HTML's own table spells them: `className` → `class`, `dataRef` →
 * `data-ref`, `htmlFor` → `for`, `ariaLabelledBy` → `aria-labelledby`; with whether a list joins with commas.
 */
function attributeOf(property: string): { name: string; commas: boolean } {
  const info = find(htmlSchema, property);
  return { name: info.attribute, commas: info.commaSeparated };
}

/** Sanitized hast from the prose pipeline as this module's tree (comments and other node types dropped). */
export function fromHast(nodes: readonly HastContent[]): HtmlNode[] {
  const out: HtmlNode[] = [];
  for (const node of nodes) {
    if (node.type === "text") out.push(text(node.value ?? ""));
    if (node.type !== "element" || !node.tagName) continue;
    const properties: Properties = {};
    for (const [key, value] of Object.entries(node.properties ?? {})) {
      if (value === undefined || value === null || value === false) continue;
      const { name, commas } = attributeOf(key);
      properties[name] = Array.isArray(value)
        ? value.join(commas ? ", " : " ")
        : (value as string | number | boolean);
    }
    out.push({ type: "element", tagName: node.tagName, properties, children: fromHast(node.children ?? []) });
  }
  return out;
}

/**
 * HTML another renderer wrote (Astro's, for a chapter's compiled MDX) as this module's tree, parsed as a browser
 * parses a fragment (hast-util-from-html), so a transform works on elements and attributes, never on the text.
 */
export function fromHtml(html: string): HtmlNode[] {
  return fromHast(parseHtml(html, { fragment: true }).children as HastContent[]);
}
