// Writes packages/schema/json-schema/*.schema.json and .vscode/settings.json from the zod schemas
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { KINDS } from "@momenta/schema";
import {
  generateJsonSchemas,
  jsonSchemaFileName,
  serializeJsonSchema,
} from "../packages/schema/src/json-schema.ts";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const outDir = join(root, "packages/schema/json-schema");
mkdirSync(outDir, { recursive: true });
for (const stale of readdirSync(outDir)) rmSync(join(outDir, stale));
const documents = generateJsonSchemas();
for (const [file, document] of documents) writeFileSync(join(outDir, file), serializeJsonSchema(document));

// Editors map each content folder to its kind's schema, so files need no `$schema` line to get hover docs.
const settings = {
  "json.schemas": KINDS.map((definition) => ({
    fileMatch: [`/content/${definition.folder}/*.json`],
    url: `./packages/schema/json-schema/${jsonSchemaFileName(definition.kind)}`,
  })),
  "files.associations": { "*.mdx": "mdx" },
};
mkdirSync(join(root, ".vscode"), { recursive: true });
writeFileSync(join(root, ".vscode/settings.json"), `${JSON.stringify(settings, null, 2)}\n`);
console.log(`wrote ${documents.size} JSON Schemas to packages/schema/json-schema and .vscode/settings.json`);
