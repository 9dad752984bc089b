// The print book holds every chapter and entry on one page: each part's ids (and what points at them) get the part's prefix, so no two elements share an id
/** Attributes that hold ids of the same document (space-separated lists for the aria ones and `headers`). */
const ID_LISTS = new Set(["aria-labelledby", "aria-describedby", "aria-controls", "aria-owns", "headers"]);

// a start tag as every serializer here writes one: attribute values double-quoted, `"` inside them as &quot;
const START_TAG = /<[a-zA-Z][a-zA-Z0-9-]*(?:\s+[^\s"'>/=]+(?:="[^"]*")?)*\s*\/?>/g;
const ATTRIBUTE = /(\s+)([^\s"'>/=]+)="([^"]*)"/g;

const escapeAttribute = (value: string) =>
  value
    .replace(/&/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");

/**
 * `html` with every `id` prefixed by `prefix` and every reference to one of them (`for`, `aria-labelledby` and
 * the other id lists, a same-page `href="#…"`) prefixed the same way. Text and other attributes are untouched.
 */
export function prefixIds(html: string, prefix: string): string {
  const escaped = escapeAttribute(prefix);
  const own = (value: string) => `${escaped}${value}`;
  return html.replace(START_TAG, (tag) =>
    tag.replace(ATTRIBUTE, (attribute, space: string, name: string, value: string) => {
      const lower = name.toLowerCase();
      if (lower === "id" || lower === "for") return `${space}${name}="${own(value)}"`;
      if (ID_LISTS.has(lower))
        return `${space}${name}="${value.split(/\s+/).filter(Boolean).map(own).join(" ")}"`;
      if (lower === "href" && value.startsWith("#") && value.length > 1)
        return `${space}${name}="#${own(value.slice(1))}"`;
      return attribute;
    }),
  );
}

/** Elements that are landmarks once named (a `<section>` is a region only with a name), and the roles that are. */
const LANDMARK_TAGS = new Set(["section", "nav", "aside", "form"]);
const LANDMARK_ROLES = new Set(["region", "navigation", "complementary", "search", "form"]);
const TAG_NAME = /^<([a-zA-Z][a-zA-Z0-9-]*)/;
const ROLE = /\srole="([^"]*)"/;

/**
 * `html` with every named landmark's `aria-label` followed by ` (place)`. The book holds each stat block twice or
 * more (in its chapter and in its catalog, Mira's sheet in ch. 12 and among the characters), so a screen reader's
 * landmark list would read the same name for each; with its place every one is told apart ("Condition: Hindered
 * (Chapter 22)", "… (Conditions catalog)"). `place` is text: it is escaped here.
 */
export function placeLandmarks(html: string, place: string): string {
  const suffix = escapeAttribute(` (${place})`);
  return html.replace(START_TAG, (tag) => {
    const name = TAG_NAME.exec(tag)?.[1]?.toLowerCase() ?? "";
    const role = ROLE.exec(tag)?.[1]?.toLowerCase();
    if (!(role ? LANDMARK_ROLES.has(role) : LANDMARK_TAGS.has(name))) return tag;
    return tag.replace(ATTRIBUTE, (attribute, space: string, attributeName: string, value: string) =>
      attributeName.toLowerCase() === "aria-label" && value.trim()
        ? `${space}${attributeName}="${value}${suffix}"`
        : attribute,
    );
  });
}

/** A book part's place, as its landmarks name it: "Chapter 22", "Appendix A", a catalog's text by its title, or a catalog's entries. */
export function bookPlace(part: { type: "chapter" | "entries"; title: string; label?: string }): string {
  if (part.type === "entries") return `${part.title} catalog`;
  return part.label && part.label !== "Catalog" ? part.label : part.title;
}
