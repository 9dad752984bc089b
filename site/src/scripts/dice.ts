// Dice-pool calculator island: settings from/to the URL query, recomputes with @momenta/rules, updates the tables
import { calculate, type DiceInput, type DiceRow, inputFromQuery, queryOf } from "../lib/dice-calculator.ts";

function fill(table: HTMLTableElement | null, rows: DiceRow[]): void {
  if (!table) return;
  for (const row of rows) {
    const cell = table.querySelector<HTMLElement>(`[data-result="${CSS.escape(row.key)}"]`);
    if (cell) {
      const label = cell.closest("tr")?.querySelector("th");
      if (label) label.textContent = row.label;
      cell.textContent = row.display;
      cell.dataset.probability = String(row.probability);
    }
    const bar = table.querySelector<HTMLElement>(`[data-bar="${CSS.escape(row.key)}"]`);
    if (bar) bar.style.setProperty("--p", String(row.probability));
  }
}

/** Rebuilds a table body whose rows depend on the roll (at least N: one row per possible success). */
function rebuild(table: HTMLTableElement | null, rows: DiceRow[]): void {
  const body = table?.tBodies[0];
  if (!body) return;
  body.replaceChildren(
    ...rows.map((row) => {
      const tr = document.createElement("tr");
      const label = document.createElement("th");
      label.scope = "row";
      label.textContent = row.label;
      const cell = document.createElement("td");
      cell.className = "num";
      cell.dataset.result = row.key;
      cell.dataset.probability = String(row.probability);
      cell.textContent = row.display;
      const barCell = document.createElement("td");
      barCell.className = "bar-cell";
      const bar = document.createElement("span");
      bar.className = "bar";
      bar.dataset.bar = row.key;
      bar.style.setProperty("--p", String(row.probability));
      barCell.append(bar);
      tr.append(label, cell, barCell);
      return tr;
    }),
  );
}

for (const form of document.querySelectorAll<HTMLFormElement>("form[data-dice-calculator]")) {
  const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null;
  const read = (): DiceInput => {
    const value = (name: string) => Number(field(name)?.value ?? 0);
    return { pool: value("pool"), modifier: value("modifier"), opposition: value("opposition") };
  };
  const update = (input: DiceInput) => {
    const result = calculate(input);
    const rolled = document.querySelector("[data-rolled]");
    if (rolled)
      rolled.textContent =
        result.rolled > 0 ? `${result.rolled} dice` : `${result.rolled} dice: zero-dice rule`;
    // a number past the calculator's limit is said, not silently replaced
    const limit = document.querySelector<HTMLElement>("[data-dice-limit]");
    if (limit) {
      limit.textContent = result.limits.join(" ");
      limit.hidden = result.limits.length === 0;
    }
    const bands = document.querySelector<HTMLTableElement>("table[data-bands]");
    fill(bands, [...result.bands, result.overflow, result.total]);
    rebuild(document.querySelector<HTMLTableElement>("table[data-at-least]"), result.atLeast);
    fill(document.querySelector<HTMLTableElement>("table[data-patterns]"), result.patterns);
  };
  const onChange = () => {
    const input = read();
    update(input);
    const url = new URL(window.location.href);
    url.search = queryOf(
      inputFromQuery(new URLSearchParams(Object.entries(input).map(([k, v]) => [k, String(v)])).toString()),
    );
    history.replaceState(history.state, "", url);
  };
  const initial = inputFromQuery(window.location.search);
  for (const [name, value] of Object.entries(initial)) {
    const input = field(name);
    if (input) input.value = String(value);
  }
  form.addEventListener("input", onChange);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    onChange();
  });
  update(initial);
}
