// Public API of @momenta/render: entries and chapters as HTML trees (stat blocks, catalog rows, preview cards) and their serializers
export {
  type BookPack,
  type BookPart,
  bookParts,
  homebrewBadge,
  runningHead,
} from "./book.ts";
export { bookPartHtml, bookPlace, placeLandmarks, prefixIds } from "./book-ids.ts";
export { entriesInBookOrder } from "./book-order.ts";
export { type Card, cardDecks, type Deck } from "./cards.ts";
export { catalogColumns, catalogTable, entryList } from "./catalog.ts";
export { type ChapterBlocks, chapterDocument } from "./chapter-document.ts";
export { cssIdentifier, cssString } from "./css.ts";
export {
  entryDocument,
  fieldLabel,
  HEADER_FIELDS,
  type LinkNodeWriter,
  referenceLabel,
} from "./entry-document.ts";
export { byName, houseRulesOf, isChapter, packOf, urlOf } from "./graph.ts";
export {
  type ElementNode,
  fromHast,
  fromHtml,
  type HtmlNode,
  type HtmlOptions,
  h,
  toHast,
  toHtml,
  toText,
} from "./html.ts";
export {
  asInline,
  linksByItself,
  proseBlocks,
  type ReferenceWriter,
  textNode,
  toMarkdownText,
  type WikiLinkNode,
  wikiLinkPart,
} from "./markdown.ts";
export { entryExcerpt, keyFacts, kindLine, previewCard, previewContainer, proseExcerpt } from "./previews.ts";
export { PageLinks, unresolvedReferences } from "./references.ts";
export { type RunningHeadPart, runningHeadsCss } from "./running-heads.ts";
export {
  characterSheet,
  SHEET_ATTRIBUTES,
  type SheetAncestry,
  type SheetOptions,
  type SheetRow,
  sheetRows,
} from "./sheet.ts";
export { characterBonuses } from "./statblocks/character.ts";
export { humanize, laddersText } from "./statblocks/fields.ts";
export { renderStatBlock } from "./statblocks/index.ts";
