// The builder's stats panel: every derived stat @momenta/rules computes, with its calculation, and the book's where stated
import {
  CORE_ATTRIBUTES,
  CORE_NAMES,
  calculationText,
  DERIVED_STAT_ROWS,
  type DerivedStats,
  type StatLine,
} from "@momenta/rules";
import type { BuilderCheck } from "./check.ts";
import { el } from "./dom.ts";
import type { BuilderEntry, CharacterFile } from "./model.ts";

export interface StatRow {
  key: string;
  label: string;
  value: string;
  calculation: string;
  /** The value the character file states (the book's table), when it states one. */
  stated?: string;
}

/** Every row the panel shows, in the ch. 12 table's order; empty without derived stats. */
export function statRows(
  check: BuilderCheck,
  character: CharacterFile,
  byId: ReadonlyMap<string, BuilderEntry>,
): StatRow[] {
  const derived = check.derived;
  if (!derived) return [];
  const stated = (character.statedDerivedStats ?? {}) as Record<
    string,
    { value?: number | string } | undefined
  >;
  const statedOf = (key: string) => {
    const value = stated[key]?.value;
    return value === undefined ? {} : { stated: String(value) };
  };
  const rows: StatRow[] = [];
  for (const core of CORE_NAMES)
    rows.push({ key: core, label: core, value: String(derived.cores[core]), calculation: coreText(core) });
  for (const [label, key, statedKey] of DERIVED_STAT_ROWS) {
    const line = derived[key];
    rows.push({
      key,
      label,
      value: String(line.value),
      calculation: calculationText(line),
      ...statedOf(statedKey),
    });
  }
  const ancestry = byId.get(character.ancestry);
  const ancestryStats =
    ((ancestry?.data ?? {}) as { ancestryStats?: Record<string, unknown> }).ancestryStats ?? {};
  for (const [label, key] of [
    ["SPD", "spd"],
    ["SEN", "sen"],
    ["SIZE", "size"],
  ] as const) {
    const value = ancestryStats[key];
    rows.push({
      key,
      label,
      value: value === undefined ? "—" : String(value),
      calculation:
        value === undefined ? `not stated by ${ancestry?.name ?? "the ancestry"}` : `From ${ancestry?.name}`,
      ...statedOf(key),
    });
  }
  const statedSlots = (character.statedDerivedStats?.masterySlots ?? {}) as Record<
    string,
    number | undefined
  >;
  let total = 0;
  for (const board of ["body", "mind", "soul", "wildcard"] as const) {
    const line = derived.masterySlots[board];
    total += line.value;
    const book = statedSlots[board];
    rows.push({
      key: `masterySlots.${board}`,
      label: `Mastery slots (${board})`,
      value: String(line.value),
      calculation: calculationText(line),
      ...(book === undefined ? {} : { stated: String(book) }),
    });
  }
  rows.push({
    key: "masterySlots.total",
    label: "Mastery slots (total)",
    value: String(total),
    calculation: "body + mind + soul + wildcard",
    ...(statedSlots.total === undefined ? {} : { stated: String(statedSlots.total) }),
  });
  return rows;
}

const coreText = (core: (typeof CORE_NAMES)[number]) => CORE_ATTRIBUTES[core].join(" + ");

/** The stats table; with a stated table (an imported book character), the book's column beside the computed one. */
export function statsTable(rows: StatRow[]): HTMLTableElement {
  const withBook = rows.some((row) => row.stated !== undefined);
  return el("table", { class: "builder-stats" }, [
    el("caption", {}, ["Derived stats, computed by the rules"]),
    el("thead", {}, [
      el("tr", {}, [
        el("th", { scope: "col" }, ["Stat"]),
        el("th", { scope: "col" }, ["Value"]),
        withBook ? el("th", { scope: "col" }, ["Book"]) : null,
        el("th", { scope: "col" }, ["Calculation"]),
      ]),
    ]),
    el(
      "tbody",
      {},
      rows.map((row) =>
        el("tr", { "data-stat": row.key }, [
          el("th", { scope: "row" }, [row.label]),
          el("td", { class: "num", "data-value": "" }, [row.value]),
          withBook
            ? el(
                "td",
                {
                  class: row.stated !== undefined && row.stated !== row.value ? "num builder-differs" : "num",
                },
                [row.stated ?? "—"],
              )
            : null,
          el("td", { "data-calculation": "" }, [row.calculation]),
        ]),
      ),
    ),
  ]);
}

/**
 * Shows the rows in `container`: the cells of the table already there are updated in place when it has the same rows
 * (a change redraws a few numbers, not the table), otherwise a new table replaces it.
 */
export function showStats(container: HTMLElement, rows: StatRow[], empty: () => HTMLElement): void {
  if (rows.length === 0) {
    container.replaceChildren(empty());
    return;
  }
  const table = container.querySelector("table");
  const withBook = rows.some((row) => row.stated !== undefined);
  const shown = table ? [...(table.tBodies[0]?.rows ?? [])] : [];
  const same =
    table !== null &&
    table.tHead?.rows[0]?.cells.length === (withBook ? 4 : 3) &&
    shown.length === rows.length &&
    shown.every((tr, index) => tr.dataset.stat === rows[index]?.key);
  if (!same) {
    container.replaceChildren(statsTable(rows));
    return;
  }
  const set = (cell: Element | null | undefined, text: string) => {
    if (cell && cell.textContent !== text) cell.textContent = text;
  };
  shown.forEach((tr, index) => {
    const row = rows[index] as StatRow;
    set(tr.querySelector("[data-value]"), row.value);
    set(tr.querySelector("[data-calculation]"), row.calculation);
    if (withBook) {
      const book = tr.cells[2];
      set(book, row.stated ?? "—");
      book?.classList.toggle("builder-differs", row.stated !== undefined && row.stated !== row.value);
    }
  });
}
