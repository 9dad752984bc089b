// Link previews built at build time: one small card per linked id, inlined once per page, shown by one script
import { kindByName, plainText } from "@momenta/schema";
import { type Column, catalogColumns } from "./catalog.ts";
import type { Chapter, ContentGraph, Entry } from "./graph.ts";
import { isChapter, packOf } from "./graph.ts";
import { type HtmlNode, h } from "./html.ts";
import { PageLinks } from "./references.ts";
import { HEADER_FIELDS, isLadder, kindSchema, orderedKeys } from "./statblocks/fields.ts";
import { LAYOUTS } from "./statblocks/layouts.ts";

const EXCERPT_LENGTH = 280;
/** A slug or id (`reactive-attack`, `weapon/mace`): data, not a reader's words. */
const ID_LIKE = /^[a-z0-9]+(?:[-/][a-z0-9]+)+$/;

function textContent(node: HtmlNode | string): string {
  if (typeof node === "string") return node;
  if (node.type === "text") return node.value;
  return node.children.map(textContent).join("");
}

/** Markdown prose as a reader's plain sentence: references by their words, emphasis marks dropped. */
export function proseExcerpt(markdown: string, length = EXCERPT_LENGTH): string {
  const plain = plainText(markdown)
    .replace(/\*\*|__|(?<![\p{L}\p{N}])[*_]|[*_](?![\p{L}\p{N}])|`/gu, "")
    // spaces on the marker's own line only (`^\s*` retried every line of a blank run); runs collapse below anyway
    .replace(/^[^\S\n\r\u2028\u2029]*([-*+]|\d+[.)])\s+/gm, "")
    .replace(/\|/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (plain.length <= length) return plain;
  const cut = plain.slice(0, length);
  const sentence = cut.lastIndexOf(". ");
  return `${sentence > length / 2 ? cut.slice(0, sentence + 1) : cut.slice(0, cut.lastIndexOf(" "))} …`;
}

/** The first prose field of an entry in schema order: its effect, description or definition. */
export function entryExcerpt(entry: Entry): string {
  const data = entry.data;
  for (const key of orderedKeys(kindSchema(entry.kind), data)) {
    if (HEADER_FIELDS.has(key)) continue;
    const value = data[key];
    if (typeof value === "string" && value.length > 12 && !/^[a-z-]+\/[a-z0-9-]+$/.test(value)) {
      return proseExcerpt(value);
    }
  }
  return "";
}

/** "Condition · Stackable: yes (max 3) · auto-clear" — the stat block's kind line as text. */
export function kindLine(entry: Entry, graph: ContentGraph): string {
  const label = kindByName(entry.kind)?.label ?? entry.kind;
  const subtitle = LAYOUTS[entry.kind]?.subtitle?.(entry.data, new PageLinks(graph)) ?? [];
  const pack = packOf(graph, entry.id);
  return [label, ...subtitle.map(textContent), pack ? `Homebrew · ${pack.name}` : ""]
    .filter(Boolean)
    .join(" · ");
}

// the catalog's columns of each kind, computed once per graph: the same short fields a catalog row shows
const COLUMNS = new WeakMap<ContentGraph, Map<string, Column[]>>();

function columnsOf(graph: ContentGraph, kind: string): Column[] {
  const byKind = COLUMNS.get(graph) ?? new Map<string, Column[]>();
  COLUMNS.set(graph, byKind);
  const columns = byKind.get(kind) ?? catalogColumns(kind, graph.byKind(kind));
  byKind.set(kind, columns);
  return columns;
}

/**
 * The key numbers of an entry, from its data: its catalog row's short fields (a weapon's damage ladder, an armor's
 * guard) that the kind line does not already say; a ladder always counts, it is what a player looks up.
 */
export function keyFacts(entry: Entry, graph: ContentGraph): Array<{ label: string; value: string }> {
  const data = entry.data;
  const said = new Set(LAYOUTS[entry.kind]?.consumes ?? []);
  const links = new PageLinks(graph);
  const facts: Array<{ label: string; value: string }> = [];
  for (const column of columnsOf(graph, entry.kind)) {
    if (column.key === "name" || column.key === "status" || data[column.key] === undefined) continue;
    if (said.has(column.key) && !isLadder(data[column.key])) continue;
    const value = column.cell(entry, links).nodes.map(textContent).join("").trim();
    // numbers are what a preview is for: a ladder, a count, a bonus ("+2 Max Guard"); words stay on the page
    const numbers = isLadder(data[column.key]) || /\d/.test(value);
    if (value && numbers && !ID_LIKE.test(value)) facts.push({ label: column.label, value });
  }
  return facts;
}

export function previewCard(target: Entry | Chapter, graph: ContentGraph): HtmlNode {
  if (isChapter(target)) {
    const { chapter, title, summary, moment } = target.frontmatter;
    return h("div", { class: "ref-card", "data-preview": target.id }, [
      h("p", { class: "ref-card__title" }, [title]),
      // a catalog's own text has no chapter number or Moment
      h("p", { class: "ref-card__kind" }, [moment ? `Chapter ${chapter} · ${moment.name}` : "Catalog"]),
      h("p", { class: "ref-card__text" }, [summary]),
    ]);
  }
  const excerpt = entryExcerpt(target);
  const facts = keyFacts(target, graph);
  return h("div", { class: "ref-card", "data-preview": target.id }, [
    h("p", { class: "ref-card__title" }, [target.name]),
    h("p", { class: "ref-card__kind" }, [kindLine(target, graph)]),
    ...(facts.length
      ? [
          h(
            "p",
            { class: "ref-card__facts" },
            facts.flatMap(({ label, value }, index) => [
              ...(index ? [" · "] : []),
              h("span", { class: "ref-card__fact" }, [h("b", {}, [`${label}:`]), ` ${value}`]),
            ]),
          ),
        ]
      : []),
    ...(excerpt ? [h("p", { class: "ref-card__text" }, [excerpt])] : []),
    ...(target.status === "incomplete"
      ? [h("p", { class: "ref-card__missing" }, ["Incomplete in the source"])]
      : []),
  ]);
}

// Cards are page-independent: build each once, however many pages link to it. Keyed by the entry itself, not its id:
// an edit in `npm run dev` (or a pack's house rule) puts a new entry under the same id, and its card must follow
const CARDS = new WeakMap<Entry | Chapter, HtmlNode>();

/**
 * The hidden container of preview cards for the ids a page links to; a page holding a chapter's own container
 * (a catalog's text) names its second one apart, so ids stay unique.
 */
export function previewContainer(graph: ContentGraph, ids: Iterable<string>, id = "ref-previews"): HtmlNode {
  const cards: HtmlNode[] = [];
  for (const id of [...new Set(ids)].sort()) {
    const target = graph.get(id) as Entry | Chapter | undefined;
    if (!target) continue;
    let card = CARDS.get(target);
    if (!card) {
      card = previewCard(target, graph);
      CARDS.set(target, card);
    }
    cards.push(card);
  }
  return h("div", { id, class: "ref-previews", hidden: true, "data-pagefind-ignore": "all" }, cards);
}
