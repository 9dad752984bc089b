// The builder's live stats panel: the sheet's rows (render/sheet.ts) as a table whose cells a change updates in place
import { type SheetAncestry, type SheetRow, sheetRows } from "@momenta/render/sheet";
import type { BuilderCheck } from "./check.ts";
import { el } from "./dom.ts";
import type { BuilderEntry, CharacterFile } from "./model.ts";

export type StatRow = SheetRow;

/** Every row the panel shows, in the ch. 12 table's order (the sheet's rows, render/sheet.ts); empty without stats. */
export function statRows(
  check: BuilderCheck,
  character: CharacterFile,
  byId: ReadonlyMap<string, BuilderEntry>,
): StatRow[] {
  if (!check.derived) return [];
  const ancestry = byId.get(character.ancestry);
  const stats = ((ancestry?.data ?? {}) as { ancestryStats?: SheetAncestry["stats"] }).ancestryStats;
  return sheetRows(check.derived, character.statedDerivedStats, {
    ...(ancestry ? { name: ancestry.name } : {}),
    ...(stats ? { stats } : {}),
  });
}

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
