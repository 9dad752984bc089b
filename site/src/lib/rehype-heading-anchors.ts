// Rehype plugin: every chapter heading gets a stable id and a visible anchor link
import { createSlugger } from "@momenta/validator";

interface HastNode {
  type: string;
  tagName?: string;
  value?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

function textOf(node: HastNode): string {
  if (node.type === "text") return node.value ?? "";
  return (node.children ?? []).map(textOf).join("");
}

const HEADING = /^h[2-6]$/;

export function rehypeHeadingAnchors() {
  return (tree: HastNode) => {
    // the validator's slugger (github-slugger's scheme, as Astro's) so `#anchor` references and TOC links agree
    const slug = createSlugger();
    const visit = (node: HastNode) => {
      for (const child of node.children ?? []) {
        if (child.type === "element" && child.tagName && HEADING.test(child.tagName)) {
          child.properties ??= {};
          const id = typeof child.properties.id === "string" ? child.properties.id : slug(textOf(child));
          child.properties.id = id;
          child.children ??= [];
          child.children.push({
            type: "element",
            tagName: "a",
            properties: {
              className: ["heading-anchor"],
              href: `#${id}`,
              ariaLabel: `Link to section: ${textOf(child)}`,
            },
            children: [],
          });
          continue;
        }
        visit(child);
      }
    };
    visit(tree);
  };
}
