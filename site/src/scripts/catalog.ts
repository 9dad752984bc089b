// Catalog tables: click a column header to sort, type or pick a value to filter; the view lives in the URL
// (`?damageTypes=Slashing&sort=damage&order=descending`), so a reload or a shared link shows the same rows.
// The table is complete without this script.
const SORT = "sort";
const ORDER = "order";
const TEXT = "q";

function cellOf(row: HTMLTableRowElement, column: string): Element | null {
  return row.querySelector(`[data-column="${CSS.escape(column)}"]`);
}

function sortKey(row: HTMLTableRowElement, column: string): string {
  const cell = cellOf(row, column);
  return cell?.getAttribute("data-sort") ?? cell?.textContent ?? "";
}

/** The values a row files under for a facet column (a "Slashing/Piercing" weapon: Slashing and Piercing). */
function facetValues(row: HTMLTableRowElement, column: string): string[] {
  const raw = cellOf(row, column)?.getAttribute("data-values");
  if (!raw) return [];
  try {
    const values: unknown = JSON.parse(raw);
    return Array.isArray(values) ? values.map(String) : [];
  } catch {
    return [];
  }
}

function setUp(catalog: HTMLElement): void {
  const table = catalog.querySelector<HTMLTableElement>("table[data-sortable]");
  const body = table?.tBodies[0];
  if (!table || !body) return;
  // entry rows; a grouped catalog (the book's weight classes) also has one heading row per row group
  const rows = [...table.querySelectorAll<HTMLTableRowElement>("tbody tr[data-id]")];
  const groupHeads = [...table.querySelectorAll<HTMLTableRowElement>("tbody tr.catalog__group")];
  const original = [...rows];
  const controls = catalog.querySelector<HTMLElement>(".catalog__controls");
  const count = catalog.querySelector("output");
  const caption = table.querySelector("caption");
  const text = catalog.querySelector<HTMLInputElement>("[data-filter-text]");
  const selects = [...catalog.querySelectorAll<HTMLSelectElement>("select[data-filter-column]")];
  const headers = [...table.querySelectorAll<HTMLTableCellElement>("thead th[data-column]")];
  if (controls) controls.hidden = false;
  let sorted: { column: string; ascending: boolean } | undefined;

  /** Writes the view into the URL without a history entry per keystroke. */
  const remember = () => {
    const url = new URL(location.href);
    for (const select of selects) {
      const column = select.dataset.filterColumn ?? "";
      if (select.value) url.searchParams.set(column, select.value);
      else url.searchParams.delete(column);
    }
    const needle = text?.value.trim() ?? "";
    if (needle) url.searchParams.set(TEXT, needle);
    else url.searchParams.delete(TEXT);
    if (sorted) {
      url.searchParams.set(SORT, sorted.column);
      url.searchParams.set(ORDER, sorted.ascending ? "ascending" : "descending");
    } else {
      url.searchParams.delete(SORT);
      url.searchParams.delete(ORDER);
    }
    if (url.href !== location.href) history.replaceState(history.state, "", url);
  };

  const filter = () => {
    const needle = (text?.value ?? "").trim().toLowerCase();
    let shown = 0;
    for (const row of rows) {
      const matchesText = !needle || (row.textContent ?? "").toLowerCase().includes(needle);
      const matchesFacets = selects.every(
        (select) =>
          !select.value || facetValues(row, select.dataset.filterColumn ?? "").includes(select.value),
      );
      row.hidden = !(matchesText && matchesFacets);
      if (!row.hidden) shown++;
    }
    // a group's heading shows while the book's grouping does and the group has a row to head
    for (const head of groupHeads)
      head.hidden =
        sorted !== undefined ||
        ![...(head.parentElement?.querySelectorAll<HTMLTableRowElement>("tr[data-id]") ?? [])].some(
          (row) => !row.hidden,
        );
    const filtered = shown !== rows.length;
    const label = caption?.dataset.label ?? "";
    if (count)
      count.textContent = filtered
        ? `${shown} of ${rows.length} shown`
        : `${rows.length} ${label.toLowerCase()}`;
    if (caption)
      caption.textContent = filtered ? `${label}: ${shown} of ${rows.length}` : `${label}: ${rows.length}`;
  };

  const sortBy = (column: string, ascending: boolean) => {
    const header = headers.find((candidate) => candidate.dataset.column === column);
    if (!header) return;
    for (const other of headers) other.setAttribute("aria-sort", "none");
    header.setAttribute("aria-sort", ascending ? "ascending" : "descending");
    sorted = { column, ascending };
    // sort keys are padded numbers or schema ranks where order matters (Light < Medium < Heavy), else text
    const collator = new Intl.Collator("en", { numeric: true, sensitivity: "base" });
    rows.sort(
      (a, b) =>
        collator.compare(sortKey(a, column), sortKey(b, column)) * (ascending ? 1 : -1) ||
        original.indexOf(a) - original.indexOf(b),
    );
    // sorted by a column the rows leave the book's groups: one list, the group headings hidden (filter())
    body.append(...rows);
    for (const head of groupHeads) head.hidden = true;
  };

  for (const header of headers) {
    const column = header.dataset.column ?? "";
    const button = document.createElement("button");
    button.type = "button";
    button.className = "sort-button";
    button.textContent = header.textContent ?? column;
    header.replaceChildren(button);
    header.setAttribute("aria-sort", "none");
    button.addEventListener("click", () => {
      sortBy(column, header.getAttribute("aria-sort") !== "ascending");
      remember();
    });
  }

  // restore the view the URL names (values the table does not offer are ignored)
  const params = new URLSearchParams(location.search);
  for (const select of selects) {
    const wanted = params.get(select.dataset.filterColumn ?? "");
    if (wanted && [...select.options].some((option) => option.value === wanted)) select.value = wanted;
  }
  if (text) text.value = params.get(TEXT) ?? "";
  const sortColumn = params.get(SORT);
  if (sortColumn) sortBy(sortColumn, params.get(ORDER) !== "descending");
  filter();

  const changed = () => {
    filter();
    remember();
  };
  text?.addEventListener("input", changed);
  for (const select of selects) select.addEventListener("change", changed);
}

for (const catalog of document.querySelectorAll<HTMLElement>("[data-catalog]")) setUp(catalog);
