// A homebrew chapter as data: its body goes through the sanitizing prose pipeline, never compiled as MDX or run
import { renderProse } from "@momenta/content";
import { fromHast, type HtmlNode, PageLinks, previewContainer, toHast, toHtml } from "@momenta/render";
import type { ElementContent } from "hast";
import type { Chapter, ContentGraph } from "./content.ts";
import { rehypeHeadingAnchors } from "./rehype-heading-anchors.ts";

export interface RenderedChapter {
  html: string;
  headings: Array<{ depth: number; slug: string; text: string }>;
}

function textOf(node: HtmlNode): string {
  return node.type === "text" ? node.value : node.children.map(textOf).join("");
}

/**
 * A pack chapter's page content: Markdown only (an `import`, `{…}`, `<script>` or `<img onerror>` stays text or
 * is dropped by the sanitizer), references linked with previews, headings with ids for the table of contents.
 */
export function renderPackChapter(graph: ContentGraph, chapter: Chapter): RenderedChapter {
  const links = new PageLinks(graph, chapter.id);
  const tree = renderProse(chapter.body, {
    trust: "untrusted",
    headingOffset: 0,
    renderReference: (reference) => toHast(links.reference(reference, chapter.id)) as ElementContent,
  });
  rehypeHeadingAnchors()(tree);
  const nodes = fromHast(tree.children);
  const headings: RenderedChapter["headings"] = [];
  for (const node of nodes) {
    if (node.type !== "element" || !/^h[2-6]$/.test(node.tagName)) continue;
    const text = node.children.filter(
      (child) => child.type === "text" || child.properties.class !== "heading-anchor",
    );
    headings.push({
      depth: Number(node.tagName.slice(1)),
      slug: String(node.properties.id),
      text: text.map(textOf).join(""),
    });
  }
  const previews = links.linked.size > 0 ? [previewContainer(graph, links.linked)] : [];
  return { html: toHtml([...nodes, ...previews]), headings };
}
