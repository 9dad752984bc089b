// Stat blocks for every kind, as safe HTML trees: entry pages, chapters (<StatBlock id>) and previews share them
import type { Entry } from "../graph.ts";
import type { HtmlNode } from "../html.ts";
import type { PageLinks } from "../references.ts";
import { LAYOUTS } from "./layouts.ts";
import { renderStatBlockWith, type StatBlockOptions } from "./statblock.ts";

export { missingNotice } from "./statblock.ts";

export function renderStatBlock(entry: Entry, links: PageLinks, options: StatBlockOptions = {}): HtmlNode {
  return renderStatBlockWith(LAYOUTS, entry, links, options);
}
