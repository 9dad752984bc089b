// Printable card decks (63 × 88 mm, nine to a sheet): each card's front is its entry's stat block, as one HTML tree
import { entryOfKind } from "@momenta/content";
import { type ContentGraph, type Entry, houseRulesOf, packOf } from "./graph.ts";
import { type ElementNode, type HtmlNode, h } from "./html.ts";
import { PageLinks } from "./references.ts";
import { renderStatBlock } from "./statblocks/index.ts";

export interface Card {
  /** The entry (or `resonance/x#with-y` for an Art × Resonance card) the card shows. */
  id: string;
  name: string;
  /** The deck's kind line under the name (`Condition`, `Art · Ignis`). */
  kind: string;
  body: HtmlNode[];
  pack?: string;
}

export interface Deck {
  id: string;
  title: string;
  cards: Card[];
}

/** The first element below `node` that `match` accepts, depth first. */
function find(node: HtmlNode, match: (element: ElementNode) => boolean): ElementNode | undefined {
  if (node.type !== "element") return undefined;
  if (match(node)) return node;
  for (const child of node.children) {
    const found = find(child, match);
    if (found) return found;
  }
  return undefined;
}

const hasClass = (element: ElementNode, name: string) =>
  String(element.properties.class ?? "")
    .split(/\s+/)
    .includes(name);

/** An entry's card: its stat block without the name (the card header carries it). */
function entryCard(graph: ContentGraph, entry: Entry): Card {
  const block = renderStatBlock(entry, new PageLinks(graph, entry.id), {
    showName: false,
    headingLevel: 3,
    houseRules: houseRulesOf(graph, entry),
  });
  const kindLine = find(block, (element) => hasClass(element, "statblock__kind"));
  const header = find(block, (element) => hasClass(element, "statblock__header"));
  if (header && kindLine) header.children = header.children.filter((child) => child !== kindLine);
  return {
    id: entry.id,
    name: entry.name,
    kind: kindLine ? textOf(kindLine) : entry.definition.label,
    body: [block],
    pack: packOf(graph, entry.id)?.name,
  };
}

function textOf(node: HtmlNode): string {
  return node.type === "text" ? node.value : node.children.map(textOf).join("");
}

/**
 * One card per combination a Resonance lists as castable: the Resonance's own "with <Art>" section of its stat
 * block, under the Art's kind line (type, cost). Combinations the source marks Not Supported get no card.
 */
function repertoireCards(graph: ContentGraph): Card[] {
  const cards: Card[] = [];
  for (const art of graph.byKind("art")) {
    const slug = art.id.slice(art.id.indexOf("/") + 1);
    const artBlock = renderStatBlock(art, new PageLinks(graph, art.id), { showName: false });
    const artLine = find(artBlock, (element) => hasClass(element, "statblock__kind"));
    for (const resonance of graph.byKind("resonance")) {
      const listed = entryOfKind(resonance, "resonance")?.data.entries?.find((item) => item.art === art.id);
      if (!listed || listed.supported === false) continue;
      // a house rule of the Art or of the Resonance changes what the card says
      const houseRules = [...new Set([...houseRulesOf(graph, art), ...houseRulesOf(graph, resonance)])];
      const block = renderStatBlock(resonance, new PageLinks(graph, resonance.id), { headingLevel: 3 });
      const section = find(block, (element) => element.properties.id === `with-${slug}`);
      if (!section) continue;
      // the section's own heading names the Art, which the card header already does
      section.children = section.children.filter(
        (child) => !(child.type === "element" && hasClass(child, "statblock__subname")),
      );
      delete section.properties.id;
      cards.push({
        id: `${resonance.id}#with-${slug}`,
        name: `${art.name} · ${resonance.name}`,
        kind: artLine ? textOf(artLine) : "Art",
        body: [
          h("div", { class: "statblock" }, [
            ...houseRules.map((pack) =>
              h("p", { class: "badge badge--homebrew badge--house-rule" }, [`House rule · ${pack}`]),
            ),
            section,
          ]),
        ],
        pack: packOf(graph, resonance.id)?.name ?? packOf(graph, art.id)?.name,
      });
    }
  }
  return cards;
}

/** The decks, in print order: conditions, weapons, Arts × Resonances in the repertoire, Limit Breaks, maneuvers. */
export function cardDecks(graph: ContentGraph): Deck[] {
  const of = (kind: string) => graph.byKind(kind).map((entry) => entryCard(graph, entry));
  return [
    { id: "conditions", title: "Conditions", cards: of("condition") },
    { id: "weapons", title: "Weapons", cards: of("weapon") },
    { id: "repertoire", title: "Arts × Resonances", cards: repertoireCards(graph) },
    { id: "limit-breaks", title: "Limit Breaks", cards: of("limit-break") },
    { id: "maneuvers", title: "Maneuvers", cards: of("maneuver") },
  ];
}
