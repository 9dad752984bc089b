// Writes packages/schema/json-schema/*.schema.json and .vscode/settings.json from the zod schemas
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { mergeEditorSettings, WriteError, writeFileAtomicSync } from "@momenta/cli";
import { load } from "@momenta/content";
import type { Tag } from "@momenta/schema";
import { CONFIG_FILE, KINDS } from "@momenta/schema";
import {
  generateJsonSchemas,
  jsonSchemaFileName,
  serializeJsonSchema,
  type Vocabulary,
} from "@momenta/schema/generate";

export const SCHEMA_DIR = "packages/schema/json-schema";
const SETTINGS_FILE = ".vscode/settings.json";

/**
 * The core's tags and damage types, as the validator's one loader reads them (no second reader of content/), in
 * file order. An entry that fails its schema stops the generation: `momenta lint` says why.
 */
export function vocabularyOf(content: string): Vocabulary {
  const { graph } = load({ root: content });
  const of = (kind: string) =>
    [...graph.byKind(kind)].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const valid = (kind: string) =>
    of(kind).map((entry) => {
      if (!entry.valid) throw new Error(`${entry.file} does not pass its schema: run \`momenta lint\``);
      return entry;
    });
  return {
    tags: valid("tag").map((entry) => ({ name: entry.name, parameter: (entry.data as Tag).parameter })),
    damageTypes: valid("damage-type").map((entry) => entry.name),
  };
}

function readIfPresent(path: string): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Each schema file is replaced atomically and stale ones are removed only after all are written, so an interrupted
 * run leaves every file whole (old or new). The editor settings are merged, never overwritten. Tags and damage
 * types are listed from `content` (the core's entries).
 */
export function generateSchemaFiles(root: string, content = join(root, "content")): { schemas: number } {
  const outDir = join(root, SCHEMA_DIR);
  const documents = generateJsonSchemas(vocabularyOf(content));
  for (const [file, document] of documents)
    writeFileAtomicSync(join(outDir, file), serializeJsonSchema(document), {
      within: root,
      createFolders: true,
    });
  for (const stale of readdirSync(outDir)) if (!documents.has(stale)) rmSync(join(outDir, stale));

  // Editors map each content folder to its kind's schema, so files need no `$schema` line to get hover docs.
  const settingsPath = join(root, SETTINGS_FILE);
  const settings = mergeEditorSettings(
    readIfPresent(settingsPath),
    {
      schemas: [
        ...KINDS.map((definition) => ({
          fileMatch: [`/content/${definition.folder}/*.json`],
          url: `./${SCHEMA_DIR}/${jsonSchemaFileName(definition.kind)}`,
        })),
        // the lint configuration, wherever a repository or a homebrew pack keeps it
        { fileMatch: [`/${CONFIG_FILE}`], url: `./${SCHEMA_DIR}/${jsonSchemaFileName("config")}` },
      ],
      isOurs: (url) => url.startsWith(`./${SCHEMA_DIR}/`),
      associations: { "*.mdx": "mdx" },
    },
    SETTINGS_FILE,
  );
  writeFileAtomicSync(settingsPath, settings, { within: root, createFolders: true });
  return { schemas: documents.size };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = join(dirname(fileURLToPath(import.meta.url)), "..");
  try {
    const { schemas } = generateSchemaFiles(root);
    console.log(`wrote ${schemas} JSON Schemas to ${SCHEMA_DIR} and merged ${SETTINGS_FILE}`);
  } catch (error) {
    if (!(error instanceof WriteError)) throw error;
    console.error(`error: ${error.message}`);
    process.exitCode = 2;
  }
}
