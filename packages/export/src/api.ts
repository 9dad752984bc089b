// The static JSON API (`/api/v1/…`): one document per entry and chapter, lists, an index and aliases, from the graph
import type { Chapter, ContentGraph, Entry, ResolvedReference } from "@momenta/content";
import { formatPath } from "@momenta/content";
import { ENTRY_ID_PATTERN, kindByName, referenceText, slugify } from "@momenta/schema";
import { apiSchemas, type JsonSchemaDocument, schemaPath } from "./api-schemas.ts";

/** The API's major version: it is in every path (`/api/v1/`); a breaking change of the contract publishes `v2`. */
export const API_VERSION = 1;

export interface ApiOptions {
  /** The site page of an entry or chapter (`/weapon/dagger/`), as the site links it. */
  urlOf(id: string, anchor?: string): string;
  /** Where the API is served from, without a trailing slash. */
  base?: string;
  /** The rules version the content states. */
  rulesVersion: string;
  /** The JSON Schema of each kind's fields (and `chapter-frontmatter`), by kind: packages/schema's, published as is. */
  fieldSchemas: ReadonlyMap<string, JsonSchemaDocument>;
  /** The homebrew pack an entry or chapter comes from, with its display name (its badge); undefined for core. */
  packOf?(id: string): { id: string; name: string } | undefined;
  /** A homebrew pack's display name by its id, for the house-rule marks of the entries it patches (its id without). */
  packName?(packId: string): string | undefined;
}

/** Path of a document below the API base: `index.json`, `weapon.json`, `weapon/dagger.json`, `schemas/…`. */
export const documentPath = (id: string) => `${id}.json`;

/** A field's path as a JSON Pointer (RFC 6901): `["damage", "3+"]` → `/damage/3+`, unambiguous whatever a key holds. */
const jsonPointer = (path: readonly (string | number)[]) =>
  path.map((part) => `/${String(part).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");

const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

function titleOf(target: Entry | Chapter): string {
  return target.kind === "chapter" ? (target as Chapter).frontmatter.title : (target as Entry).name;
}

/**
 * Every document of the API, keyed by its path below the base, in a stable order. Documents name their schema in
 * `$schema`; references carry their target's id, page and document, or why they do not resolve.
 */
export function buildApi(graph: ContentGraph, options: ApiOptions): Map<string, unknown> {
  const base = options.base ?? `/api/v${API_VERSION}`;
  const at = (path: string) => `${base}/${path}`;
  const documents = new Map<string, unknown>();
  const header = (schema: string) => ({ $schema: at(schemaPath(schema)), apiVersion: API_VERSION });
  const badge = (id: string) => {
    const pack = options.packOf?.(id);
    return pack ? { pack } : {};
  };
  // a core (or pack) entry a pack patches is a house rule: its documents say which packs changed which fields, so
  // a client never takes the patched entry for the rule as published
  const houseRuleMark = (entry: Entry) =>
    entry.patches?.length
      ? {
          houseRules: entry.patches.map((patch) => ({
            pack: { id: patch.pack, name: options.packName?.(patch.pack) ?? patch.pack },
            fields: patch.paths.map(jsonPointer),
          })),
        }
      : {};

  const reference = (use: ResolvedReference, offset?: number) => {
    const { reference, resolution } = use;
    const where =
      offset === undefined
        ? { field: formatPath(use.path), start: use.start, end: use.end }
        : { start: use.start - offset, end: use.end - offset };
    const target = resolution.ok
      ? {
          target: {
            id: resolution.target.id,
            kind: resolution.target.kind,
            name: titleOf(resolution.target),
            url: options.urlOf(resolution.target.id, resolution.anchor ?? reference.anchor),
            document: at(documentPath(resolution.target.id)),
            ...(resolution.anchor ? { anchor: resolution.anchor } : {}),
          },
        }
      : { target: null, problem: resolution.reason };
    return {
      raw: reference.raw,
      text: referenceText(reference as Parameters<typeof referenceText>[0]),
      ...where,
      ...target,
      ...(reference.count !== undefined ? { count: reference.count } : {}),
      ...(reference.parameter !== undefined ? { parameter: reference.parameter } : {}),
    };
  };

  const referencedBy = (id: string) => {
    const seen = new Map<string, { id: string; kind: string; name: string; url: string }>();
    for (const referrer of graph.referrers(id)) {
      const from = referrer.from;
      if (from.id === id || seen.has(from.id)) continue;
      seen.set(from.id, { id: from.id, kind: from.kind, name: titleOf(from), url: options.urlOf(from.id) });
    }
    return [...seen.values()].sort(byId);
  };

  const entries = [...graph.entries.values()].sort(byId);
  const summary = (entry: Entry) => ({
    id: entry.id,
    kind: entry.kind,
    name: entry.name,
    aliases: entry.aliases,
    url: options.urlOf(entry.id),
    document: at(documentPath(entry.id)),
    ...badge(entry.id),
    ...houseRuleMark(entry),
  });
  const chapterSummary = (chapter: Chapter) => ({
    id: chapter.id,
    title: chapter.frontmatter.title,
    order: chapter.frontmatter.order,
    url: options.urlOf(chapter.id),
    document: at(documentPath(chapter.id)),
    ...badge(chapter.id),
  });
  const kinds = [...new Set(entries.map((entry) => entry.kind))].sort();
  // the core's chapters in reading order, then each homebrew pack's (in load order): a pack's chapter with order 0
  // never lists as the book's first, whatever it claims
  const core = graph.chapters.filter((chapter) => !options.packOf?.(chapter.id));
  const packIds = [...new Set(graph.chapters.map((chapter) => options.packOf?.(chapter.id)?.id))];
  const chapters = [
    ...core,
    ...packIds.flatMap((id) =>
      id === undefined ? [] : graph.chapters.filter((chapter) => options.packOf?.(chapter.id)?.id === id),
    ),
  ];

  documents.set("index.json", {
    ...header("index"),
    rulesVersion: options.rulesVersion,
    kinds: kinds.map((kind) => ({
      kind,
      label: graph.byKind(kind)[0]?.definition.label ?? kind,
      count: graph.byKind(kind).length,
      document: at(documentPath(kind)),
    })),
    entries: entries.map(summary),
    chapters: chapters.map(chapterSummary),
  });

  for (const kind of kinds) {
    const list = graph.byKind(kind);
    const definition = list[0]?.definition;
    documents.set(documentPath(kind), {
      ...header("list"),
      kind,
      label: definition?.label ?? kind,
      plural: definition?.plural ?? kind,
      count: list.length,
      entries: list.map((entry) => ({ ...summary(entry), status: entry.status })),
    });
  }
  documents.set(documentPath("chapter"), {
    ...header("chapter-list"),
    kind: "chapter",
    count: chapters.length,
    chapters: chapters.map(chapterSummary),
  });

  for (const entry of entries) {
    const { $schema: _schema, ...fields } = entry.data;
    documents.set(documentPath(entry.id), {
      ...header(entry.pack ? `entry/pack/${entry.kind}` : `entry/${entry.kind}`),
      id: entry.id,
      kind: entry.kind,
      name: entry.name,
      aliases: entry.aliases,
      url: options.urlOf(entry.id),
      status: entry.status,
      missing: entry.missing,
      ...badge(entry.id),
      ...houseRuleMark(entry),
      fields,
      references: entry.references.map((use) => reference(use)),
      referencedBy: referencedBy(entry.id),
    });
  }

  for (const chapter of graph.chapters) {
    documents.set(documentPath(chapter.id), {
      ...header("chapter"),
      id: chapter.id,
      kind: "chapter",
      title: chapter.frontmatter.title,
      url: options.urlOf(chapter.id),
      ...badge(chapter.id),
      frontmatter: chapter.frontmatter,
      headings: chapter.headings.map((heading) => ({
        ...heading,
        url: options.urlOf(chapter.id, heading.slug),
      })),
      markdown: chapter.body,
      references: chapter.references.map((use) => reference(use, chapter.bodyOffset)),
      referencedBy: referencedBy(chapter.id),
    });
  }

  // a renamed entry keeps its old name (or old id) in `aliases`: its old document path answers with the new id
  // (the same paths as the site's alias redirects)
  for (const entry of entries) {
    for (const alias of entry.aliases) {
      const id =
        ENTRY_ID_PATTERN.test(alias) && kindByName(alias.slice(0, alias.indexOf("/")))
          ? alias
          : `${entry.kind}/${slugify(alias)}`;
      const path = documentPath(id);
      if (graph.get(id) || documents.has(path) || id.endsWith("/")) continue;
      documents.set(path, {
        ...header("alias"),
        alias,
        id: entry.id,
        kind: entry.kind,
        name: entry.name,
        url: options.urlOf(entry.id),
        document: at(documentPath(entry.id)),
      });
    }
  }

  const packKinds = [...new Set(entries.filter((entry) => entry.pack).map((entry) => entry.kind))].sort();
  for (const [path, schema] of apiSchemas(options.fieldSchemas, kinds, packKinds))
    documents.set(path, schema);
  return documents;
}
