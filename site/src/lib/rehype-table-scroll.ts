// Rehype plugin: every Markdown table sits in a focusable, labelled scroll region with the site's scroll cue
import type { Element, ElementContent, Root } from "hast";
import { toString as textOf } from "hast-util-to-string";
import { SKIP, visit } from "unist-util-visit";

const HEADING = /^h[2-6]$/;

/** The region's name: the table's caption, else the section heading above it, else its first header cell. */
function labelOf(table: Element, heading: string | undefined): string {
  const caption = table.children.find(
    (child): child is Element => child.type === "element" && child.tagName === "caption",
  );
  if (caption) return textOf(caption).trim();
  if (heading) return `Table: ${heading}`;
  let first = "";
  visit(table, "element", (cell: Element) => {
    if (first || cell.tagName !== "th") return;
    first = textOf(cell).trim();
  });
  return first ? `Table: ${first}` : "Table";
}

export function rehypeTableScroll() {
  return (tree: Root) => {
    let heading: string | undefined;
    // region labels are landmarks' names: two tables under one heading are told apart by number
    const used = new Map<string, number>();
    const unique = (label: string) => {
      const count = (used.get(label) ?? 0) + 1;
      used.set(label, count);
      return count === 1 ? label : `${label} (${count})`;
    };
    visit(tree, "element", (node: Element, index, parent) => {
      if (HEADING.test(node.tagName)) {
        heading = textOf(node).trim();
        return SKIP;
      }
      if (node.tagName !== "table" || !parent || index === undefined) return;
      const inRegion =
        parent.type === "element" &&
        Array.isArray(parent.properties.className) &&
        parent.properties.className.includes("table-scroll");
      if (inRegion) return SKIP;
      const region: ElementContent = {
        type: "element",
        // a named <section> is the region landmark itself (html-validate: prefer-native-element)
        tagName: "section",
        properties: {
          className: ["table-scroll"],
          tabIndex: 0,
          ariaLabel: unique(labelOf(node, heading)),
        },
        children: [node],
      };
      parent.children[index] = region;
      return SKIP;
    });
  };
}
