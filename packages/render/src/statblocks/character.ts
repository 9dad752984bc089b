// The character sheet (Mira, ch. 12): build, gear, Bonds, and derived stats recomputed by @momenta/rules

import { type Entry, entryOfKind, type TypedEntry } from "@momenta/content";
import {
  type ArchetypeRanks,
  archetypeBonuses,
  type BonusStat,
  calculationText,
  DERIVED_STAT_ROWS,
  deriveStats,
  type StatBonus,
  type StatLine,
} from "@momenta/rules";
import { type Archetype, ATTRIBUTES, CORES } from "@momenta/schema";
import { type HtmlNode, h } from "../html.ts";
import type { PageLinks } from "../references.ts";

/** The Bonuses line of each rank, as the archetype entry states it (keys are the rules' stat names). */
function bonusesByRank(archetype: Archetype): Partial<Record<BonusStat, number>>[] {
  return (archetype.ranks ?? []).map((rank) => {
    const out: Partial<Record<BonusStat, number>> = {};
    for (const [stat, amount] of Object.entries(rank.bonuses ?? {}))
      if (typeof amount === "number") out[stat as BonusStat] = amount;
    return out;
  });
}

/** Bonuses from held archetype ranks and equipped armor, read from their catalog entries. */
export function characterBonuses(character: TypedEntry<"character">, links: PageLinks): StatBonus[] {
  const ranks: ArchetypeRanks[] = character.data.archetypes.flatMap(({ archetype, rank }) => {
    const entry = entryOfKind(links.graph.get(archetype), "archetype");
    return entry ? [{ name: entry.name, rank, bonusesByRank: bonusesByRank(entry.data) }] : [];
  });
  const bonuses = archetypeBonuses(ranks);
  for (const id of character.data.gear) {
    const armor = entryOfKind(links.graph.get(id), "armor");
    if (armor?.data.guardBonus !== undefined)
      bonuses.push({ stat: "maxGuard", amount: armor.data.guardBonus, source: armor.name });
  }
  return bonuses;
}

export function characterSheet(entry: Entry, links: PageLinks): HtmlNode[] {
  const character = entryOfKind(entry, "character");
  if (!character) return [];
  const data = character.data;
  const attributes = data.attributes;
  const rank = data.characterRank;
  const derived = deriveStats({
    attributes,
    characterRank: rank,
    bonuses: characterBonuses(character, links),
  });
  const stated = data.statedDerivedStats ?? {};
  const derivedLines = derived as unknown as Record<string, StatLine>;

  const cores = h("table", { class: "sheet__attributes" }, [
    h("caption", {}, ["Attributes and cores"]),
    h("thead", {}, [
      h(
        "tr",
        {},
        [...ATTRIBUTES, ...CORES].map((name) => h("th", { scope: "col" }, [name])),
      ),
    ]),
    h("tbody", {}, [
      h("tr", {}, [
        ...ATTRIBUTES.map((name) => h("td", { "data-stat": name }, [String(attributes[name])])),
        ...CORES.map((name) => h("td", { "data-stat": name }, [String(derived.cores[name])])),
      ]),
    ]),
  ]);

  const rows = DERIVED_STAT_ROWS.map(([label, key, statedKey]) => {
    const line = derivedLines[key];
    const book = stated[statedKey];
    const value = line?.value;
    const matches = book ? book.value === value : undefined;
    return h("tr", { "data-stat": key }, [
      h("th", { scope: "row" }, [label]),
      h("td", { class: "num", "data-computed": String(value ?? "") }, [String(value ?? "—")]),
      h("td", { class: "num" }, [book ? String(book.value) : "—"]),
      h("td", {}, [book ? book.calculation : line ? calculationText(line) : ""]),
      h("td", { class: matches === false ? "sheet__mismatch" : "" }, [
        matches === undefined ? "" : matches ? "✓" : "differs",
      ]),
    ]);
  });
  // SPD, SEN and SIZE are not derived: they come from the ancestry archetype (ch. 05), shown beside the book's
  const ancestry = entryOfKind(links.graph.get(data.ancestry), "archetype");
  const ancestryStats = ancestry?.data.ancestryStats ?? {};
  for (const [label, key] of [
    ["SPD", "spd"],
    ["SEN", "sen"],
    ["SIZE", "size"],
  ] as const) {
    const value = ancestryStats[key];
    const book = stated[key];
    const known = value !== undefined;
    const printed = book !== undefined;
    rows.push(
      h("tr", { "data-stat": key }, [
        h("th", { scope: "row" }, [label]),
        h("td", { class: "num", "data-computed": known ? String(value) : "" }, [known ? String(value) : "—"]),
        h("td", { class: "num" }, [printed ? String(book.value) : "—"]),
        h("td", {}, [book ? book.calculation : `From ${ancestry?.name ?? "ancestry"}`]),
        h("td", { class: known && printed && value !== book.value ? "sheet__mismatch" : "" }, [
          known && printed ? (value === book.value ? "✓" : "differs") : "",
        ]),
      ]),
    );
  }
  const slots = derived.masterySlots;
  const statedSlots = stated.masterySlots;
  for (const board of ["body", "mind", "soul", "wildcard"] as const) {
    const value = slots[board].value;
    const book = statedSlots?.[board];
    rows.push(
      h("tr", { "data-stat": `masterySlots.${board}` }, [
        h("th", { scope: "row" }, [`Mastery slots (${board})`]),
        h("td", { class: "num", "data-computed": String(value) }, [String(value)]),
        h("td", { class: "num" }, [typeof book === "number" ? String(book) : "—"]),
        h("td", {}, [calculationText(slots[board])]),
        h("td", { class: typeof book === "number" && book !== value ? "sheet__mismatch" : "" }, [
          typeof book === "number" ? (book === value ? "✓" : "differs") : "",
        ]),
      ]),
    );
  }
  const table = h("table", { class: "sheet__derived" }, [
    h("caption", {}, ["Derived stats — computed by the rules engine, beside what the book prints"]),
    h("thead", {}, [
      h(
        "tr",
        {},
        ["Stat", "Computed", "Book", "Calculation", "Match"].map((label) =>
          h("th", { scope: "col" }, [label]),
        ),
      ),
    ]),
    h("tbody", {}, rows),
  ]);
  // a phone is narrower than either table: each scrolls in its own focusable region, with the site's scroll cue
  const region = (label: string, node: HtmlNode) =>
    h("section", { class: "table-scroll", tabindex: "0", "aria-label": label }, [node]);
  return [
    h("section", { class: "sheet" }, [
      h(`h${links.sectionLevel}`, {}, ["Derived stats"]),
      region("Attributes and cores", cores),
      region("Derived stats", table),
    ]),
  ];
}
