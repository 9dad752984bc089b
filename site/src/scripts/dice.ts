// Dice-pool calculator island: reads the form, recomputes with @momenta/rules, updates the result tables
import { calculate, type DiceRow } from "../lib/dice-calculator.ts";

function fill(table: HTMLTableElement | null, rows: DiceRow[]): void {
  if (!table) return;
  for (const row of rows) {
    const cell = table.querySelector<HTMLElement>(`[data-result="${CSS.escape(row.key)}"]`);
    if (cell) {
      cell.textContent = row.display;
      cell.dataset.probability = String(row.probability);
    }
    const bar = table.querySelector<HTMLElement>(`[data-bar="${CSS.escape(row.key)}"]`);
    if (bar) bar.style.setProperty("--p", String(row.probability));
  }
}

for (const form of document.querySelectorAll<HTMLFormElement>("form[data-dice-calculator]")) {
  const update = () => {
    const value = (name: string) =>
      Number((form.elements.namedItem(name) as HTMLInputElement | null)?.value ?? 0);
    const result = calculate({
      pool: value("pool"),
      modifier: value("modifier"),
      opposition: value("opposition"),
    });
    const rolled = document.querySelector("[data-rolled]");
    if (rolled)
      rolled.textContent =
        result.rolled > 0 ? `${result.rolled} dice` : `${result.rolled} dice: zero-dice rule`;
    fill(document.querySelector<HTMLTableElement>("table[data-bands]"), result.bands);
    fill(document.querySelector<HTMLTableElement>("table[data-patterns]"), result.patterns);
  };
  form.addEventListener("input", update);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    update();
  });
  update();
}
