// `momenta export`: the resolved content graph as one plain JSON document for tools and virtual tabletops
import type { ContentGraph, ResolvedReference } from "@momenta/content";
import { formatPath } from "@momenta/content";

export const EXPORT_FORMAT_VERSION = 1;

function exportReference(resolved: ResolvedReference) {
  const { reference, resolution } = resolved;
  return {
    raw: reference.raw,
    ...(resolved.path.length ? { field: formatPath(resolved.path) } : { offset: resolved.start }),
    ...(resolution.ok
      ? { target: resolution.target.id, ...(resolution.anchor ? { anchor: resolution.anchor } : {}) }
      : { target: null, problem: resolution.reason }),
    ...(reference.count !== undefined ? { count: reference.count } : {}),
    ...(reference.parameter !== undefined ? { parameter: reference.parameter } : {}),
  };
}

/** A JSON-ready snapshot: entries sorted by id, chapters in reading order. */
export function exportGraph(graph: ContentGraph, rulesVersion = "0.31") {
  const entries = [...graph.entries.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return {
    format: "momenta-content-graph",
    formatVersion: EXPORT_FORMAT_VERSION,
    rulesVersion,
    entries: entries.map((entry) => {
      const { $schema: _schema, ...fields } = entry.data;
      return {
        id: entry.id,
        kind: entry.kind,
        name: entry.name,
        aliases: entry.aliases,
        status: entry.status,
        ...(entry.missing.length ? { missing: entry.missing } : {}),
        file: entry.file,
        valid: entry.valid,
        fields,
        references: entry.references.map(exportReference),
      };
    }),
    chapters: graph.chapters.map((chapter) => ({
      ...chapter.frontmatter,
      file: chapter.file,
      headings: chapter.headings,
      references: chapter.references.map(exportReference),
    })),
  };
}
