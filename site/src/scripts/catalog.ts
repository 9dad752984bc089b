// Catalog tables: click a column header to sort, type or pick a value to filter; the table works without this
function cellValue(row: HTMLTableRowElement, column: string): string {
  const cell = row.querySelector(`[data-column="${CSS.escape(column)}"]`);
  return cell?.getAttribute("data-sort") ?? cell?.textContent ?? "";
}

function setUp(catalog: HTMLElement): void {
  const table = catalog.querySelector<HTMLTableElement>("table[data-sortable]");
  const body = table?.tBodies[0];
  if (!table || !body) return;
  const rows = [...body.rows];
  const controls = catalog.querySelector<HTMLElement>(".catalog__controls");
  const count = catalog.querySelector("output");
  const text = catalog.querySelector<HTMLInputElement>("[data-filter-text]");
  const selects = [...catalog.querySelectorAll<HTMLSelectElement>("select[data-filter-column]")];
  if (controls) controls.hidden = false;

  const filter = () => {
    const needle = (text?.value ?? "").trim().toLowerCase();
    let shown = 0;
    for (const row of rows) {
      const matchesText = !needle || (row.textContent ?? "").toLowerCase().includes(needle);
      const matchesFacets = selects.every((select) => {
        if (!select.value) return true;
        const values = cellValue(row, select.dataset.filterColumn ?? "").split(", ");
        return values.includes(select.value);
      });
      row.hidden = !(matchesText && matchesFacets);
      if (!row.hidden) shown++;
    }
    if (count) count.textContent = `${shown} of ${rows.length} shown`;
  };
  text?.addEventListener("input", filter);
  for (const select of selects) select.addEventListener("change", filter);

  const headers = [...table.querySelectorAll<HTMLTableCellElement>("thead th[data-column]")];
  for (const header of headers) {
    const column = header.dataset.column ?? "";
    const label = header.textContent ?? column;
    const button = document.createElement("button");
    button.type = "button";
    button.className = "sort-button";
    button.textContent = label;
    header.replaceChildren(button);
    header.setAttribute("aria-sort", "none");
    button.addEventListener("click", () => {
      const ascending = header.getAttribute("aria-sort") !== "ascending";
      for (const other of headers) other.setAttribute("aria-sort", "none");
      header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
      const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });
      rows.sort(
        (a, b) => collator.compare(cellValue(a, column), cellValue(b, column)) * (ascending ? 1 : -1),
      );
      body.append(...rows);
    });
  }
}

for (const catalog of document.querySelectorAll<HTMLElement>("[data-catalog]")) setUp(catalog);
