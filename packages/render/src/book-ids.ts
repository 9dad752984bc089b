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
