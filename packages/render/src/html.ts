// A minimal HTML tree (a hast subset) and its serializers, HTML and plain text: the one place render code turns data into markup
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

const VOID_ELEMENTS = new Set(["br", "hr", "img", "input", "meta", "link", "wbr", "col"]);
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

export function toHtml(nodes: HtmlNode | readonly HtmlNode[]): string {
  const list = Array.isArray(nodes) ? nodes : [nodes as HtmlNode];
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
    out += toHtml(node.children);
    out += `</${node.tagName}>`;
    // Pagefind joins the text of adjacent elements: a term and its description, or two table cells, stay two
    // words ("Rarity common", "0s 1s"); whitespace between these elements does not render
    if (SPACED.has(node.tagName)) out += " ";
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

/** hast property names back to attribute names: `className` → `class`, `dataRef` → `data-ref`. */
function attributeOf(property: string): string {
  if (property === "className") return "class";
  if (/^(data|aria)[A-Z]/.test(property)) return property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  return property.toLowerCase();
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
      properties[attributeOf(key)] = Array.isArray(value)
        ? value.join(" ")
        : (value as string | number | boolean);
    }
    out.push({ type: "element", tagName: node.tagName, properties, children: fromHast(node.children ?? []) });
  }
  return out;
}
