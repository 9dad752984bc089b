// The print book's running heads: one `@page` rule per part, its title as the head, written for an inline `<style>`
import { cssIdentifier, cssString } from "./css.ts";

export interface RunningHeadPart {
  /** The part's element id in the book (a chapter's or catalog's id). */
  id: string;
  /** The named page of the part (`part-3`): a CSS identifier the book makes itself. */
  page: string;
  /** The part's title, printed at the top of each of its pages; a pack's title is untrusted text. */
  title: string;
}

/**
 * The stylesheet that gives each part its running head (Chromium prints `@page` margin boxes natively). A title is
 * serialized as a CSS string token and an id as a CSS identifier, so no text, a pack's included, ends the
 * `<style>` element or the rule.
 */
export function runningHeadsCss(parts: readonly RunningHeadPart[]): string {
  return parts
    .map(
      (part) =>
        `@page ${part.page} { @top-center { content: ${cssString(part.title.replace(/\n/g, " "))}; } }\n#${cssIdentifier(part.id)} { page: ${part.page}; }`,
    )
    .join("\n");
}
