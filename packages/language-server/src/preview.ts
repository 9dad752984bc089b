// Hover text: the render layer's preview card for an entry or chapter (the site shows the same card), as plain text
import type { Chapter, ContentGraph, Entry } from "@momenta/content";
import { previewCard, toText } from "@momenta/render";

/** The card's paragraphs (title, kind line, excerpt, incomplete note), separated by blank lines. */
export function previewText(target: Entry | Chapter, graph: ContentGraph): string {
  const card = previewCard(target, graph);
  const paragraphs = card.type === "text" ? [card] : card.children;
  return paragraphs
    .map((paragraph) => toText(paragraph))
    .filter(Boolean)
    .join("\n\n");
}
