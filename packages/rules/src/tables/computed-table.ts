// Shape of a computed table and how its cells are displayed; chapters and the site embed these by id

export type ColumnFormat = "integer" | "decimal" | "percent" | "fraction" | "text";

export interface ComputedColumn {
  readonly key: string;
  readonly label: string;
  readonly format: ColumnFormat;
}

export interface ComputedCell {
  /** Raw value: probabilities in [0, 1], counts as integers, text as is. */
  readonly value: number | string;
  /** What a reader sees, e.g. "11.1%". */
  readonly display: string;
  /** The book bolds cells that are "new at this rank" (ch. 13). */
  readonly emphasis?: boolean;
}

export interface ComputedTable {
  readonly id: string;
  readonly title: string;
  /** Chapter the table belongs to, as in content sources: "03", "13". */
  readonly chapter: string;
  readonly caption: "computed from the rules";
  /** What the rows are computed from, for the reader. */
  readonly note: string;
  readonly columns: readonly ComputedColumn[];
  readonly rows: readonly (readonly ComputedCell[])[];
}

/** Percentages to one decimal; never shows a possible event as 0% or an uncertain one as 100%. */
export function formatPercent(p: number): string {
  if (p <= 0) return "0%";
  if (p >= 1) return "100%";
  if (p < 0.0005) return "<0.1%";
  if (p > 0.9995) return ">99.9%";
  return `${(p * 100).toFixed(1)}%`;
}

export function formatCell(format: ColumnFormat, value: number | string): string {
  if (typeof value === "string") return value;
  switch (format) {
    case "percent":
      return formatPercent(value);
    case "decimal":
      return value.toFixed(2);
    case "integer":
      return String(Math.round(value));
    default:
      return String(value);
  }
}

/** Builds a row from raw values, formatting each by its column. */
export function makeRow(
  columns: readonly ComputedColumn[],
  values: readonly (number | string)[],
  emphasis: readonly boolean[] = [],
): ComputedCell[] {
  return columns.map((column, i) => {
    const value = values[i] ?? "";
    const cell: ComputedCell = { value, display: formatCell(column.format, value) };
    return emphasis[i] ? { ...cell, emphasis: true } : cell;
  });
}
