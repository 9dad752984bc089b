// Rehype plugin: every chapter heading gets a stable id and a visible anchor link
import { createSlugger } from "@momenta/content";
import type { Element, Root } from "hast";
import { toString as textOf } from "hast-util-to-string";
import { SKIP, visit } from "unist-util-visit";

const HEADING = /^h[2-6]$/;

export function rehypeHeadingAnchors() {
  return (tree: Root) => {
    // the validator's slugger (github-slugger, as Astro's) so `#anchor` references and TOC links agree
    const slug = createSlugger();
    visit(tree, "element", (heading: Element) => {
      if (!HEADING.test(heading.tagName)) return;
      const text = textOf(heading);
      const id = typeof heading.properties.id === "string" ? heading.properties.id : slug(text);
      heading.properties.id = id;
      heading.children.push({
        type: "element",
        tagName: "a",
        properties: { className: ["heading-anchor"], href: `#${id}`, ariaLabel: `Link to section: ${text}` },
        children: [],
      });
      return SKIP;
    });
  };
}
