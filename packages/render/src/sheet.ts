// The character sheet a player reads — who, attributes, stats with their calculations, build — and the book's table beside it
// Browser-safe (html.ts and @momenta/rules only, no schema library): the entry page, the print book and the builder's
// printed sheet all draw a character with this one function.
import {
  CORE_ATTRIBUTES,
  CORE_NAMES,
  calculationText,
  DERIVED_STAT_ROWS,
  type DerivedStats,
} from "@momenta/rules";
import type { Character } from "@momenta/schema";
import { type HtmlNode, h } from "./html.ts";

export { type HtmlNode, h } from "./html.ts";

/** One stat of the sheet: its value and calculation, and the value and calculation the character file states. */
export interface SheetRow {
  key: string;
  label: string;
  group: "core" | "derived" | "ancestry" | "slots";
  value: string;
  calculation: string;
  /** The value the character file states (the book's table), when it states one. */
  stated?: string;
  /** The book's calculation column for the row, when stated. */
  statedCalculation?: string;
}

/** SPD, SEN and SIZE are not derived: the ancestry archetype states them (ch. 05). */
export interface SheetAncestry {
  name?: string;
  stats?: { spd?: number; sen?: number; size?: string };
}

/** The six attributes in the book's order, core by core (POW AGI · REA INS · PRE LUCK). */
export const SHEET_ATTRIBUTES: readonly string[] = CORE_NAMES.flatMap((core) => CORE_ATTRIBUTES[core]);

const BOARDS = ["body", "mind", "soul", "wildcard"] as const;

/** Every stat of the sheet in the ch. 12 table's order: cores, derived stats, ancestry stats, mastery slots. */
export function sheetRows(
  derived: DerivedStats,
  stated: Character["statedDerivedStats"],
  ancestry: SheetAncestry,
): SheetRow[] {
  const book = (stated ?? {}) as Record<
    string,
    { value?: number | string; calculation?: string } | undefined
  >;
  const statedOf = (key: string) => {
    const row = book[key];
    if (row?.value === undefined) return {};
    return { stated: String(row.value), ...(row.calculation ? { statedCalculation: row.calculation } : {}) };
  };
  const rows: SheetRow[] = CORE_NAMES.map((core) => ({
    key: core,
    label: core,
    group: "core",
    value: String(derived.cores[core]),
    calculation: CORE_ATTRIBUTES[core].join(" + "),
  }));
  for (const [label, key, statedKey] of DERIVED_STAT_ROWS) {
    const line = derived[key];
    rows.push({
      key,
      label,
      group: "derived",
      value: String(line.value),
      calculation: calculationText(line),
      ...statedOf(statedKey),
    });
  }
  for (const [label, key] of [
    ["SPD", "spd"],
    ["SEN", "sen"],
    ["SIZE", "size"],
  ] as const) {
    const value = ancestry.stats?.[key];
    rows.push({
      key,
      label,
      group: "ancestry",
      value: value === undefined ? "—" : String(value),
      calculation:
        value === undefined ? `not stated by ${ancestry.name ?? "the ancestry"}` : `From ${ancestry.name}`,
      ...statedOf(key),
    });
  }
  const slots = (stated?.masterySlots ?? {}) as Record<string, number | undefined>;
  let total = 0;
  for (const board of BOARDS) {
    const line = derived.masterySlots[board];
    total += line.value;
    rows.push({
      key: `masterySlots.${board}`,
      label: `Mastery slots (${board})`,
      group: "slots",
      value: String(line.value),
      calculation: calculationText(line),
      ...(slots[board] === undefined ? {} : { stated: String(slots[board]) }),
    });
  }
  rows.push({
    key: "masterySlots.total",
    label: "Mastery slots (total)",
    group: "slots",
    value: String(total),
    calculation: "body + mind + soul + wildcard",
    ...(slots.total === undefined ? {} : { stated: String(slots.total) }),
  });
  return rows;
}

/** How the sheet names what it lists: a link on the site, the name on paper. */
export interface SheetOptions {
  /** An entry the character holds, by id. */
  ref: (id: string) => HtmlNode;
  /** Prose from the file (a Bond's descriptor): the site resolves its references, the builder shows its text. */
  prose?: (text: string) => HtmlNode[];
  /** Heading level of the sheet's sections. */
  headingLevel: number;
  /** The character's name as the sheet's first heading (the builder's printed sheet; a page's title says it). */
  title?: boolean;
  /** The comparison with a stated table (the book's): folded under its summary line (default), or left out. */
  comparison?: "folded" | "none";
}

/** A field of the sheet as a stat block field (the site's label column; `data-field` names the file's field). */
function field(key: string, label: string, value: HtmlNode[]): HtmlNode[] {
  if (value.length === 0) return [];
  return [
    h("div", { class: "statblock__field", "data-field": key }, [h("dt", {}, [label]), h("dd", {}, value)]),
  ];
}

const joined = (parts: HtmlNode[][], separator = ", "): HtmlNode[] =>
  parts.flatMap((part, index) => (index ? [h("span", {}, [separator]), ...part] : part));

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The stats a player looks up at the table, each a box: name, value, how it is worked out. */
function statBoxes(rows: readonly SheetRow[]): HtmlNode {
  return h(
    "ul",
    { class: "sheet__stats" },
    rows
      .filter((row) => row.group !== "core")
      .map((row) =>
        h("li", { class: `sheet__stat sheet__stat--${row.group}`, "data-stat": row.key }, [
          h("span", { class: "sheet__stat-label" }, [row.label]),
          h("span", { class: "sheet__stat-value" }, [row.value]),
          h("span", { class: "sheet__stat-calc" }, [row.calculation]),
        ]),
      ),
  );
}

function attributesTable(character: Character, rows: readonly SheetRow[]): HtmlNode {
  const cores = rows.filter((row) => row.group === "core");
  const attributes = character.attributes as Record<string, number | undefined>;
  return h("table", { class: "sheet__attributes" }, [
    h("caption", {}, ["Attributes and cores"]),
    h("thead", {}, [
      h(
        "tr",
        {},
        [...SHEET_ATTRIBUTES, ...cores.map((row) => row.label)].map((name) =>
          h("th", { scope: "col" }, [name]),
        ),
      ),
    ]),
    h("tbody", {}, [
      h("tr", {}, [
        ...SHEET_ATTRIBUTES.map((name) => h("td", { "data-stat": name }, [String(attributes[name] ?? 0)])),
        ...cores.map((row) => h("td", { "data-stat": row.key }, [row.value])),
      ]),
    ]),
  ]);
}

/** The book's table beside the computed one: each stated row, the value computed, and whether they agree. */
function comparisonTable(rows: readonly SheetRow[]): HtmlNode {
  const body = rows
    .filter((row) => row.group !== "core" && row.key !== "masterySlots.total")
    .map((row) => {
      const matches = row.stated === undefined ? undefined : row.stated === row.value;
      const known = row.value !== "—";
      return h("tr", { "data-stat": row.key }, [
        h("th", { scope: "row" }, [row.label]),
        h("td", { class: "num", "data-computed": known ? row.value : "" }, [row.value]),
        h("td", { class: "num" }, [row.stated ?? "—"]),
        h("td", {}, [row.statedCalculation ?? row.calculation]),
        h("td", { class: matches === false ? "sheet__mismatch" : "" }, [
          matches === undefined ? "" : matches ? "✓" : "differs",
        ]),
      ]);
    });
  return h("table", { class: "sheet__derived" }, [
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
    h("tbody", {}, body),
  ]);
}

// a phone is narrower than either table: each scrolls in its own focusable region, with the site's scroll cue
const region = (label: string, node: HtmlNode) =>
  h("section", { class: "table-scroll", tabindex: "0", "aria-label": label }, [node]);

/** The sheet: who the character is, attributes and cores, every stat, the build, then the book's table folded. */
export function characterSheet(
  character: Character,
  rows: readonly SheetRow[],
  options: SheetOptions,
): HtmlNode[] {
  const heading = (text: string, id?: string) =>
    h(
      `h${Math.min(6, options.headingLevel)}`,
      id ? { class: "sheet__heading", id } : { class: "sheet__heading" },
      [text],
    );
  const prose = options.prose ?? ((text: string) => [h("span", {}, [text])]);
  const ref = (id: string) => [options.ref(id)];
  const identity = [
    ...field("concept", "Concept", character.concept ? prose(character.concept) : []),
    ...field("characterRank", "Character rank", [h("span", {}, [String(character.characterRank)])]),
    ...field("ancestry", "Ancestry", character.ancestry ? ref(character.ancestry) : []),
    ...field(
      "archetypes",
      "Archetypes",
      joined(
        character.archetypes.map(({ archetype, rank }) => [
          options.ref(archetype),
          h("span", {}, [` R${rank}`]),
        ]),
      ),
    ),
  ];
  const boards = new Map<string, HtmlNode[][]>();
  for (const slotted of character.masteries) {
    const board = slotted.board ? capital(slotted.board) : "Board not stated";
    boards.set(board, [...(boards.get(board) ?? []), ref(slotted.mastery)]);
  }
  const build = [
    ...field("masteryDomains", "Mastery domains", joined((character.masteryDomains ?? []).map(ref))),
    ...field(
      "masteries",
      "Masteries",
      joined(
        [...boards].map(([board, names]) => [
          h("span", { class: "sheet__board" }, [`${board}: `]),
          ...joined(names),
        ]),
        " · ",
      ),
    ),
    ...field("gear", "Gear", joined(character.gear.map(ref))),
    ...field(
      "threads",
      "Threads",
      character.threads.length
        ? [
            h(
              "ul",
              { class: "sheet__list" },
              character.threads.map((thread) => h("li", {}, prose(thread))),
            ),
          ]
        : [],
    ),
    ...field(
      "bonds",
      "Bonds",
      character.bonds.length
        ? [
            h(
              "ul",
              { class: "sheet__list" },
              character.bonds.map((bond) =>
                h("li", {}, [
                  h("strong", {}, [bond.target]),
                  h("span", {}, [
                    ` (Bond ${bond.intensity}${bond.strands === undefined ? "" : `, ${bond.strands} Strands`}): `,
                  ]),
                  ...prose(bond.descriptor),
                ]),
              ),
            ),
          ]
        : [],
    ),
  ];
  const stated = rows.filter((row) => row.stated !== undefined && row.key !== "masterySlots.total");
  const agree = stated.filter((row) => row.stated === row.value).length;
  const compared =
    options.comparison === "none" || stated.length === 0
      ? []
      : [
          h("details", { class: "sheet__compare" }, [
            h("summary", {}, [
              h("span", { class: "sheet__compare-title" }, ["Checked against the book’s table"]),
              h("span", { class: "sheet__compare-count" }, [
                agree === stated.length
                  ? ` — all ${stated.length} stated rows match`
                  : ` — ${stated.length - agree} of ${stated.length} stated rows differ`,
              ]),
            ]),
            region("Derived stats, computed and as the book prints them", comparisonTable(rows)),
          ]),
        ];
  return [
    h("div", { class: "sheet" }, [
      ...(options.title ? [h("h2", { class: "sheet__name" }, [character.name || "Unnamed character"])] : []),
      ...(character.summary ? [h("p", { class: "sheet__summary" }, [capital(character.summary)])] : []),
      h("dl", { class: "statblock__fields sheet__identity" }, identity),
      region("Attributes and cores", attributesTable(character, rows)),
      heading("Stats"),
      statBoxes(rows),
      heading("Build"),
      h("dl", { class: "statblock__fields sheet__build" }, build),
      ...compared,
    ]),
  ];
}
