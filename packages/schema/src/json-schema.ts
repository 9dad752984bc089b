// Turns each kind's zod schema into the JSON Schema (draft-07) editors use for autocompletion and hover
import { zodToJsonSchema } from "zod-to-json-schema";
import { chapterFrontmatterSchema } from "./chapter.ts";
import { configSchema } from "./config.ts";
import { SLUG_SOURCE } from "./fields/entry.ts";
import { damageTypeChoice, tagUse } from "./kinds/weapon.ts";
import { PACK_ID_PATTERN, packManifestSchema } from "./pack.ts";
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
  documents.set(
    jsonSchemaFileName("config"),
    zodToJsonSchema(configSchema, { name: "config", $refStrategy: "none" }) as JsonSchemaDocument,
  );
  return documents;
}

/** The text written to disk: two-space JSON with a trailing newline. */
export function serializeJsonSchema(document: JsonSchemaDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

const PACK_SOURCE_SCHEMA = {
  type: "object",
  properties: {
    pack: {
      type: "string",
      pattern: PACK_ID_PATTERN.source,
      description: "Id of the pack this entry belongs to (its momenta-pack.json `id`)",
    },
    section: {
      type: "string",
      minLength: 1,
      maxLength: 200,
      description: "Heading or page of the pack's own text, if any",
    },
  },
  required: ["pack"],
  additionalProperties: false,
  description: "Where a homebrew entry comes from: the pack that defines it",
};

/**
 * A kind's JSON Schema as it applies inside a pack: ids are `<kind>/<pack-id>.<slug>` and `source`
 * names the pack. Everything else is the core schema unchanged.
 */
export function packKindJsonSchema(document: JsonSchemaDocument, kind: string): JsonSchemaDocument {
  const idPattern = `^${kind}\\/${SLUG_SOURCE}\\.${SLUG_SOURCE}$`;
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite);
    if (node === null || typeof node !== "object") return node;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) out[key] = rewrite(value);
    const properties = out.properties as Record<string, Record<string, unknown>> | undefined;
    const id = properties?.id;
    if (properties && id && typeof id.pattern === "string" && id.pattern.startsWith(`^${kind}\\/`)) {
      properties.id = {
        type: "string",
        pattern: idPattern,
        description: `Namespaced id \`${kind}/<pack-id>.<slug>\`, where <slug> is the file name; never a core id`,
      };
      if (properties.source) properties.source = PACK_SOURCE_SCHEMA;
    }
    return out;
  };
  return rewrite(document) as JsonSchemaDocument;
}
