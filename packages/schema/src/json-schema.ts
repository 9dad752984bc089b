// Turns each kind's zod schema into the JSON Schema (draft-07) editors use for autocompletion and hover
import { zodToJsonSchema } from "zod-to-json-schema";
import { chapterFrontmatterSchema } from "./chapter.ts";
import { damageTypeChoice, tagUse } from "./kinds/weapon.ts";
import { packManifestSchema } from "./pack.ts";
import { KINDS } from "./registry.ts";

export type JsonSchemaDocument = Record<string, unknown>;

/** File name of a kind's JSON Schema inside `json-schema/`. */
export const jsonSchemaFileName = (kind: string) => `${kind}.schema.json`;

/** The tag and damage-type entries of a content folder, which the schemas list so editors can complete them. */
export interface Vocabulary {
  /** A stub tag may not say its parameter yet (`undefined`): then anything may follow its name. */
  tags: readonly { name: string; parameter: "none" | "number" | "damage-type" | undefined }[];
  damageTypes: readonly string[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** What a tag use may be: each parameterless tag and each tag with a damage type, by name; `Melee N` by pattern. */
function tagChoices(vocabulary: Vocabulary): Record<string, unknown>[] {
  const names: string[] = [];
  const patterns: Record<string, unknown>[] = [];
  for (const tag of vocabulary.tags) {
    if (tag.parameter === "none") names.push(tag.name);
    else if (tag.parameter === "damage-type")
      names.push(...vocabulary.damageTypes.map((damageType) => `${tag.name} (${damageType})`));
    else if (tag.parameter === "number") patterns.push({ pattern: `^${escapeRegExp(tag.name)} \\d+$` });
    else patterns.push({ pattern: `^${escapeRegExp(tag.name)}(?: .+)?$` });
  }
  return [{ enum: names }, ...patterns];
}

/** What a damage type use may be: one damage type by name, or a choice of them written `"Slashing/Piercing"`. */
function damageTypeChoices(vocabulary: Vocabulary): Record<string, unknown>[] {
  const name = `(?:${vocabulary.damageTypes.map(escapeRegExp).join("|")})`;
  return [{ enum: [...vocabulary.damageTypes] }, { pattern: `^${name}(?:/${name})+$` }];
}

/** Replaces, in place, each tag and damage-type string (known by its description) with the vocabulary's choices. */
function listVocabulary(node: unknown, vocabulary: Vocabulary): void {
  if (!node || typeof node !== "object") return;
  if (Array.isArray(node)) {
    for (const item of node) listVocabulary(item, vocabulary);
    return;
  }
  const schema = node as Record<string, unknown>;
  const choices =
    schema.description === tagUse.description
      ? tagChoices(vocabulary)
      : schema.description === damageTypeChoice.description
        ? damageTypeChoices(vocabulary)
        : undefined;
  if (choices && schema.type === "string") {
    delete schema.pattern;
    schema.anyOf = choices;
    return;
  }
  for (const value of Object.values(schema)) listVocabulary(value, vocabulary);
}

/**
 * Every generated JSON Schema, keyed by file name, in a stable order. With a vocabulary (the core's content), tags
 * and damage types are listed as enums; without one (a pack's own schemas) they stay patterns.
 */
export function generateJsonSchemas(vocabulary?: Vocabulary): Map<string, JsonSchemaDocument> {
  const documents = new Map<string, JsonSchemaDocument>();
  for (const definition of KINDS) {
    const document = zodToJsonSchema(definition.schema, {
      name: definition.kind,
      $refStrategy: "none",
      errorMessages: false,
    }) as JsonSchemaDocument;
    if (vocabulary) listVocabulary(document, vocabulary);
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
