// The character sheet (Mira, ch. 12): build, gear, Bonds, and derived stats recomputed by @momenta/rules
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
import { ATTRIBUTES, CORES } from "@momenta/schema";
import type { Entry } from "../graph.ts";
import { type HtmlNode, h } from "../html.ts";
import type { PageLinks } from "../references.ts";

type Data = Record<string, unknown>;

const asRecord = (value: unknown): Data =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Data) : {};
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** The Bonuses line of each rank, as the archetype entry states it (keys are the rules' stat names). */
function bonusesByRank(archetype: Data): Partial<Record<BonusStat, number>>[] {
  return asArray(archetype.ranks).map((rank) => {
    const bonuses = asRecord(asRecord(rank).bonuses);
    const out: Partial<Record<BonusStat, number>> = {};
    for (const [stat, amount] of Object.entries(bonuses))
      if (typeof amount === "number") out[stat as BonusStat] = amount;
    return out;
  });
}

/** Bonuses from held archetype ranks and equipped armor, read from their catalog entries. */
export function characterBonuses(data: Data, links: PageLinks): StatBonus[] {
  const ranks: ArchetypeRanks[] = asArray(data.archetypes).flatMap((held) => {
    const { archetype, rank } = asRecord(held);
    const entry = links.graph.get(String(archetype)) as Entry | undefined;
    if (!entry || typeof rank !== "number") return [];
    return [{ name: entry.name, rank, bonusesByRank: bonusesByRank(entry.data as Data) }];
  });
  const bonuses = archetypeBonuses(ranks);
  for (const id of asArray(data.gear)) {
    const item = links.graph.get(String(id)) as Entry | undefined;
    const guard = item ? (asRecord(item.data).guardBonus ?? asRecord(item.data).guard) : undefined;
    if (item && typeof guard === "number")
      bonuses.push({ stat: "maxGuard", amount: guard, source: item.name });
  }
  return bonuses;
}

export function characterSheet(entry: Entry, links: PageLinks): HtmlNode[] {
  const data = entry.data as Data;
  const attributes = asRecord(data.attributes) as Record<(typeof ATTRIBUTES)[number], number>;
  if (!ATTRIBUTES.every((attribute) => typeof attributes[attribute] === "number")) return [];
  const rank = typeof data.characterRank === "number" ? data.characterRank : 0;
  const derived = deriveStats({ attributes, characterRank: rank, bonuses: characterBonuses(data, links) });
  const stated = asRecord(data.statedDerivedStats);
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
    const book = asRecord(stated[statedKey]);
    const value = line?.value;
    const matches = typeof book.value === "number" ? book.value === value : undefined;
    return h("tr", { "data-stat": key }, [
      h("th", { scope: "row" }, [label]),
      h("td", { class: "num", "data-computed": String(value ?? "") }, [String(value ?? "—")]),
      h("td", { class: "num" }, [typeof book.value === "number" ? String(book.value) : "—"]),
      h("td", {}, [
        typeof book.calculation === "string" ? book.calculation : line ? calculationText(line) : "",
      ]),
      h("td", { class: matches === false ? "sheet__mismatch" : "" }, [
        matches === undefined ? "" : matches ? "✓" : "differs",
      ]),
    ]);
  });
  // SPD, SEN and SIZE are not derived: they come from the ancestry archetype (ch. 05), shown beside the book's
  const ancestry = links.graph.get(String(data.ancestry)) as Entry | undefined;
  const ancestryStats = asRecord(asRecord(ancestry?.data).ancestryStats);
  for (const [label, key] of [
    ["SPD", "spd"],
    ["SEN", "sen"],
    ["SIZE", "size"],
  ] as const) {
    const value = ancestryStats[key];
    const book = asRecord(stated[key]);
    const known = typeof value === "number" || typeof value === "string";
    const printed = typeof book.value === "number" || typeof book.value === "string";
    rows.push(
      h("tr", { "data-stat": key }, [
        h("th", { scope: "row" }, [label]),
        h("td", { class: "num", "data-computed": known ? String(value) : "" }, [known ? String(value) : "—"]),
        h("td", { class: "num" }, [printed ? String(book.value) : "—"]),
        h("td", {}, [
          typeof book.calculation === "string" ? book.calculation : `From ${ancestry?.name ?? "ancestry"}`,
        ]),
        h("td", { class: known && printed && value !== book.value ? "sheet__mismatch" : "" }, [
          known && printed ? (value === book.value ? "✓" : "differs") : "",
        ]),
      ]),
    );
  }
  const slots = derived.masterySlots;
  const statedSlots = asRecord(stated.masterySlots);
  for (const board of ["body", "mind", "soul", "wildcard"] as const) {
    const value = slots[board].value;
    const book = statedSlots[board];
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
