// Hover text: the site's own preview card for an entry or chapter, as plain text (one source for both)
import type { Chapter, ContentGraph, Entry } from "@momenta/content";
import type { HtmlNode } from "@momenta/site/src/lib/html.ts";
import { previewCard } from "@momenta/site/src/lib/previews.ts";

function textOf(node: HtmlNode): string {
  return node.type === "text" ? node.value : node.children.map(textOf).join("");
}

/** The card's paragraphs (title, kind line, excerpt, incomplete note), separated by blank lines. */
export function previewText(target: Entry | Chapter, graph: ContentGraph): string {
  const card = previewCard(target, graph);
  const paragraphs = card.type === "text" ? [card] : card.children;
  return paragraphs.map(textOf).filter(Boolean).join("\n\n");
}
