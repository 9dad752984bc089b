// Computed tables from @momenta/rules as HTML, always labeled as computed
import { type HtmlNode, h } from "@momenta/render";
import type { ComputedTable } from "@momenta/rules";

export function renderComputedTable(table: ComputedTable): HtmlNode {
  return h("figure", { class: "computed-table", id: `table-${table.id}`, "data-computed-table": table.id }, [
    // a wide table scrolls inside a focusable region so keyboard users can scroll it
    h("section", { class: "table-scroll", tabindex: "0", "aria-label": table.title }, [
      h("table", {}, [
        h("caption", {}, [table.title, " ", h("span", { class: "computed-badge" }, [`(${table.caption})`])]),
        h("thead", {}, [
          h(
            "tr",
            {},
            table.columns.map((column) => h("th", { scope: "col" }, [column.label])),
          ),
        ]),
        h(
          "tbody",
          {},
          table.rows.map((row) =>
            h(
              "tr",
              {},
              row.map((cell, index) => {
                const content = cell.emphasis ? [h("strong", {}, [cell.display])] : [cell.display];
                return index === 0 ? h("th", { scope: "row" }, content) : h("td", { class: "num" }, content);
              }),
            ),
          ),
        ),
      ]),
    ]),
    h("figcaption", {}, [table.note]),
  ]);
}

/** The table `id` from the rules' registry, or a visible marker when the id is unknown. */
export function computedTable(tables: Readonly<Record<string, ComputedTable>>, id: string): HtmlNode {
  const table = tables[id];
  if (!table) return h("p", { class: "ref-unresolved" }, [`Unknown computed table ${id}`]);
  return renderComputedTable(table);
}
