// The print book holds every chapter and entry on one page: each part's tree gets its ids (and what points at them) prefixed, so no two elements share an id, and its landmarks named with the part's place
import { type HtmlNode, type HtmlOptions, type Properties, toHtml } from "./html.ts";

/** Attributes that hold ids of the same document (space-separated lists for the aria ones and `headers`). */
const ID_LISTS = new Set(["aria-labelledby", "aria-describedby", "aria-controls", "aria-owns", "headers"]);

/** `nodes` with each element's attributes as `change` gives them; text is never touched. */
function mapElements(
  nodes: readonly HtmlNode[],
  change: (tagName: string, properties: Properties) => Properties,
): HtmlNode[] {
  return nodes.map((node) =>
    node.type === "text"
      ? node
      : {
          ...node,
          properties: change(node.tagName, node.properties),
          children: mapElements(node.children, change),
        },
  );
}

/** A string or number attribute's value as text; booleans (and absent ones) are not values to rewrite. */
const attributeText = (value: Properties[string]) =>
  typeof value === "string" || typeof value === "number" ? String(value) : undefined;

/**
 * The tree with every `id` prefixed by `prefix` and every reference to one of them (`for`, `aria-labelledby` and
 * the other id lists, a same-page `href="#…"`) prefixed the same way. Text and other attributes are untouched.
 */
export function prefixIds(nodes: readonly HtmlNode[], prefix: string): HtmlNode[] {
  return mapElements(nodes, (_tagName, properties) => {
    const out: Properties = {};
    for (const [name, value] of Object.entries(properties)) {
      const lower = name.toLowerCase();
      const text = attributeText(value);
      if (text === undefined) out[name] = value;
      else if (lower === "id" || lower === "for") out[name] = `${prefix}${text}`;
      else if (ID_LISTS.has(lower))
        out[name] = text
          .split(/\s+/)
          .filter(Boolean)
          .map((id) => `${prefix}${id}`)
          .join(" ");
      else if (lower === "href" && text.startsWith("#") && text.length > 1)
        out[name] = `#${prefix}${text.slice(1)}`;
      else out[name] = value;
    }
    return out;
  });
}

/** Elements that are landmarks once named (a `<section>` is a region only with a name), and the roles that are. */
const LANDMARK_TAGS = new Set(["section", "nav", "aside", "form"]);
const LANDMARK_ROLES = new Set(["region", "navigation", "complementary", "search", "form"]);

/**
 * The tree with every named landmark's `aria-label` followed by ` (place)`. The book holds each stat block twice or
 * more (in its chapter and in its catalog, Mira's sheet in ch. 12 and among the characters), so a screen reader's
 * landmark list would read the same name for each; with its place every one is told apart ("Condition: Hindered
 * (Chapter 22)", "… (Conditions catalog)"). `place` is text, escaped by the serializer like any attribute.
 */
export function placeLandmarks(nodes: readonly HtmlNode[], place: string): HtmlNode[] {
  return mapElements(nodes, (tagName, properties) => {
    const role = attributeText(properties.role)?.toLowerCase();
    if (!(role ? LANDMARK_ROLES.has(role) : LANDMARK_TAGS.has(tagName.toLowerCase()))) return properties;
    const out: Properties = {};
    for (const [name, value] of Object.entries(properties)) {
      const label = attributeText(value);
      out[name] = name.toLowerCase() === "aria-label" && label?.trim() ? `${label} (${place})` : value;
    }
    return out;
  });
}

/** One part of the book as HTML: its tree with the part's id prefix and its place on every landmark, serialized once. */
export function bookPartHtml(
  nodes: readonly HtmlNode[],
  prefix: string,
  place: string,
  options: HtmlOptions = {},
): string {
  return toHtml(placeLandmarks(prefixIds(nodes, prefix), place), options);
}

/** A book part's place, as its landmarks name it: "Chapter 22", "Appendix A", a catalog's text by its title, or a catalog's entries. */
export function bookPlace(part: { type: "chapter" | "entries"; title: string; label?: string }): string {
  if (part.type === "entries") return `${part.title} catalog`;
  return part.label && part.label !== "Catalog" ? part.label : part.title;
}
