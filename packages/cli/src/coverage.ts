// `momenta coverage`: what the book still lacks — incomplete entries and missing tables, grouped by catalog
import type { ContentGraph } from "@momenta/content";
import { escapeForTerminal as safe } from "@momenta/content";
import { KINDS } from "@momenta/schema";

export interface CoverageReport {
  catalogs: {
    kind: string;
    label: string;
    total: number;
    incomplete: { id: string; name: string; missing: string[]; file: string }[];
  }[];
  missingTables: { chapter: string; title: string; name: string; note?: string; file: string }[];
  totals: { entries: number; incomplete: number; missingTables: number };
}

export function coverageReport(graph: ContentGraph): CoverageReport {
  const catalogs = KINDS.map((definition) => {
    const entries = graph.byKind(definition.kind);
    return {
      kind: definition.kind,
      label: definition.plural,
      total: entries.length,
      incomplete: entries
        .filter((entry) => entry.status === "incomplete")
        .map((entry) => ({ id: entry.id, name: entry.name, missing: entry.missing, file: entry.file })),
    };
  }).filter((catalog) => catalog.total > 0);
  const missingTables = graph.chapters.flatMap((chapter) =>
    chapter.components
      .filter((use) => use.name === "MissingTable")
      .map((use) => ({
        chapter: chapter.id,
        title: chapter.frontmatter.title,
        name: use.attributes.name ?? "(unnamed)",
        ...(use.attributes.note ? { note: use.attributes.note } : {}),
        file: chapter.file,
      })),
  );
  const incomplete = catalogs.reduce((sum, catalog) => sum + catalog.incomplete.length, 0);
  return {
    catalogs,
    missingTables,
    totals: { entries: graph.entries.size, incomplete, missingTables: missingTables.length },
  };
}

export function formatCoverage(report: CoverageReport): string {
  const lines: string[] = [];
  for (const catalog of report.catalogs) {
    const complete = catalog.total - catalog.incomplete.length;
    lines.push(`${catalog.label}: ${complete}/${catalog.total} complete`);
    for (const entry of catalog.incomplete)
      lines.push(`  - ${safe(entry.name)} (${safe(entry.id)}): ${safe(entry.missing.join("; "))}`);
  }
  if (report.missingTables.length) {
    lines.push("", `Missing tables: ${report.missingTables.length}`);
    for (const table of report.missingTables) lines.push(`  - ${safe(table.title)}: ${safe(table.name)}`);
  }
  const { entries, incomplete, missingTables } = report.totals;
  lines.push(
    "",
    `${entries - incomplete}/${entries} entries complete, ${incomplete} incomplete, ${missingTables} missing tables`,
  );
  return `${lines.join("\n")}\n`;
}
