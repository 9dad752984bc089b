// JSON Schemas of the JSON API's documents; an entry's `fields` are its kind's schema from packages/schema, embedded
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { generateJsonSchemas, jsonSchemaFileName, packKindJsonSchema } from "@momenta/schema/generate";

export type JsonSchemaDocument = Record<string, unknown>;

/** Path of a published schema below the API base: `schemas/index.schema.json`, `schemas/entry/weapon.schema.json`. */
export const schemaPath = (name: string) => `schemas/${name}.schema.json`;

const DRAFT = "http://json-schema.org/draft-07/schema#";
const string = { type: "string" };
const strings = { type: "array", items: string };
const integer = { type: "integer", minimum: 0 };
const object = (properties: Record<string, unknown>, optional: string[] = []) => ({
  type: "object",
  properties,
  required: Object.keys(properties).filter((key) => !optional.includes(key)),
  additionalProperties: false,
});
const pack = object({ id: string, name: string });
/** A house rule on an entry: the pack whose patch changes it and the fields it sets or removes, as JSON Pointers into `fields` (`/damage/3+`). */
const houseRules = {
  type: "array",
  minItems: 1,
  items: object({ pack, fields: { ...strings, minItems: 1 } }),
};
const link = object({ id: string, kind: string, name: string, url: string });
const summary = object(
  {
    id: string,
    kind: string,
    name: string,
    aliases: strings,
    url: string,
    document: string,
    pack,
    houseRules,
  },
  ["pack", "houseRules"],
);
const chapterSummary = object(
  { id: string, title: string, order: { type: "number" }, url: string, document: string, pack },
  ["pack"],
);
const header = { $schema: string, apiVersion: { const: 1 } };

function reference(located: Record<string, unknown>) {
  return object(
    {
      raw: string,
      text: string,
      ...located,
      target: {
        anyOf: [
          { type: "null" },
          object({ id: string, kind: string, name: string, url: string, document: string, anchor: string }, [
            "anchor",
          ]),
        ],
      },
      problem: { enum: ["missing", "ambiguous", "bad-kind", "pack-not-loaded"] },
      count: { type: "number" },
      parameter: string,
    },
    ["problem", "count", "parameter"],
  );
}

/** The fields schema's own body (`definitions[name]`), so it can sit inside a document's schema. */
function fieldsOf(document: JsonSchemaDocument | undefined, name: string): unknown {
  if (!document) return {};
  const definitions = document.definitions as Record<string, unknown> | undefined;
  return definitions?.[name] ?? document;
}

function schema(title: string, body: Record<string, unknown>): JsonSchemaDocument {
  return { $schema: DRAFT, title, ...body };
}

/** Every schema the API publishes, by path: the documents' own and each kind's fields schema as packages/schema has it. */
export function apiSchemas(
  fieldSchemas: ReadonlyMap<string, JsonSchemaDocument>,
  kinds: readonly string[],
  packKinds: readonly string[] = [],
): Map<string, JsonSchemaDocument> {
  const schemas = new Map<string, JsonSchemaDocument>();
  schemas.set(
    schemaPath("index"),
    schema("Momenta API index", {
      ...object({
        ...header,
        rulesVersion: string,
        kinds: {
          type: "array",
          items: object({ kind: string, label: string, count: integer, document: string }),
        },
        entries: { type: "array", items: summary },
        chapters: { type: "array", items: chapterSummary },
      }),
    }),
  );
  const listed = { ...summary, properties: { ...summary.properties, status: string } };
  listed.required = [...summary.required, "status"];
  schemas.set(
    schemaPath("list"),
    schema("Momenta API list of one kind", {
      ...object({
        ...header,
        kind: string,
        label: string,
        plural: string,
        count: integer,
        entries: { type: "array", items: listed },
      }),
    }),
  );
  schemas.set(
    schemaPath("chapter-list"),
    schema("Momenta API list of chapters", {
      ...object({
        ...header,
        kind: { const: "chapter" },
        count: integer,
        chapters: { type: "array", items: chapterSummary },
      }),
    }),
  );
  schemas.set(
    schemaPath("alias"),
    schema("Momenta API alias: an old name or id answered with the entry's id", {
      ...object({
        ...header,
        alias: string,
        id: string,
        kind: string,
        name: string,
        url: string,
        document: string,
      }),
    }),
  );
  schemas.set(
    schemaPath("chapter"),
    schema("Momenta API chapter", {
      ...object(
        {
          ...header,
          id: string,
          kind: { const: "chapter" },
          title: string,
          url: string,
          pack,
          frontmatter: fieldsOf(fieldSchemas.get("chapter-frontmatter"), "chapter-frontmatter"),
          headings: {
            type: "array",
            items: object({ depth: integer, text: string, slug: string, url: string }),
          },
          markdown: string,
          references: { type: "array", items: reference({ start: integer, end: integer }) },
          referencedBy: { type: "array", items: link },
        },
        ["pack"],
      ),
    }),
  );
  const entrySchema = (kind: string, fields: unknown, title: string) =>
    schema(title, {
      ...object(
        {
          ...header,
          id: string,
          kind: { const: kind },
          name: string,
          aliases: strings,
          url: string,
          status: { enum: ["complete", "incomplete"] },
          missing: strings,
          pack,
          houseRules,
          fields,
          references: {
            type: "array",
            items: reference({ field: string, start: integer, end: integer }),
          },
          referencedBy: { type: "array", items: link },
        },
        ["pack", "houseRules"],
      ),
    });
  for (const kind of kinds)
    schemas.set(
      schemaPath(`entry/${kind}`),
      entrySchema(kind, fieldsOf(fieldSchemas.get(kind), kind), `Momenta API ${kind} entry`),
    );
  // a homebrew entry's fields follow the schema its pack's editors use: namespaced ids, its pack as `source`
  const generated = packKinds.length > 0 ? generateJsonSchemas() : undefined;
  for (const kind of packKinds) {
    const fields = packKindJsonSchema(generated?.get(jsonSchemaFileName(kind)) ?? {}, kind);
    schemas.set(schemaPath(`pack/${kind}`), fields);
    schemas.set(
      schemaPath(`entry/pack/${kind}`),
      entrySchema(kind, fieldsOf(fields, kind), `Momenta API homebrew ${kind} entry`),
    );
  }
  // each kind's fields schema, as the repository publishes it for editors
  for (const [name, document] of fieldSchemas) schemas.set(schemaPath(name), document);
  return schemas;
}

/** packages/schema's published fields schemas (`<kind>.schema.json`) in `dir`, by name. */
export function readFieldSchemas(dir: string): Map<string, JsonSchemaDocument> {
  const schemas = new Map<string, JsonSchemaDocument>();
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith(".schema.json") || file === "pack-manifest.schema.json") continue;
    schemas.set(file.slice(0, -".schema.json".length), JSON.parse(readFileSync(join(dir, file), "utf8")));
  }
  return schemas;
}
