// Turns each kind's zod schema into the JSON Schema (draft-07) editors use for autocompletion and hover
import { zodToJsonSchema } from "zod-to-json-schema";
import { chapterFrontmatterSchema } from "./chapter.ts";
import { packManifestSchema } from "./pack.ts";
import { KINDS } from "./registry.ts";

export type JsonSchemaDocument = Record<string, unknown>;

/** File name of a kind's JSON Schema inside `json-schema/`. */
export const jsonSchemaFileName = (kind: string) => `${kind}.schema.json`;

/** Every generated JSON Schema, keyed by file name, in a stable order. */
export function generateJsonSchemas(): Map<string, JsonSchemaDocument> {
  const documents = new Map<string, JsonSchemaDocument>();
  for (const definition of KINDS) {
    const document = zodToJsonSchema(definition.schema, {
      name: definition.kind,
      $refStrategy: "none",
      errorMessages: false,
    }) as JsonSchemaDocument;
    documents.set(jsonSchemaFileName(definition.kind), {
      ...document,
      title: definition.label,
      description: definition.description,
    });
  }
  documents.set(
    jsonSchemaFileName("chapter-frontmatter"),
    zodToJsonSchema(chapterFrontmatterSchema, {
      name: "chapter-frontmatter",
      $refStrategy: "none",
    }) as JsonSchemaDocument,
  );
  documents.set(
    jsonSchemaFileName("pack-manifest"),
    zodToJsonSchema(packManifestSchema, {
      name: "pack-manifest",
      $refStrategy: "none",
    }) as JsonSchemaDocument,
  );
  return documents;
}

/** The text written to disk: two-space JSON with a trailing newline. */
export function serializeJsonSchema(document: JsonSchemaDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}
