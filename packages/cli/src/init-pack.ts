// `momenta init-pack`: scaffold a homebrew pack — manifest, one example entry, editor schemas, a CI workflow
import { lstatSync, mkdirSync, readFileSync, type Stats, statSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import {
  CONFIG_FILE,
  KINDS,
  MOMENTA_RULES_VERSION,
  PACK_ID_PATTERN,
  PACK_MANIFEST_FILE,
  type PackManifest,
  parseVersion,
  slugify,
} from "@momenta/schema";
import { generateJsonSchemas, jsonSchemaFileName, packKindJsonSchema } from "@momenta/schema/generate";
import { assertNoSymlinks, WriteError, writeFileAtomicSync } from "./fs/atomic-write.ts";
import { type GeneratedSettings, mergeEditorSettings, type SchemaAssociation } from "./fs/editor-settings.ts";
import { VERSION } from "./version.ts";

/** Where a scaffolded pack keeps its JSON Schemas (copied in, so editors work offline and need no install). */
export const PACK_SCHEMA_DIR = ".momenta/json-schema";
export const WORKFLOW_FILE = ".github/workflows/momenta-lint.yml";

/** The rules-version range a new pack declares: the current minor version of the rules. */
export function currentRulesRange(): string {
  const version = parseVersion(MOMENTA_RULES_VERSION);
  if (!version) throw new Error(`bad rules version ${MOMENTA_RULES_VERSION}`);
  return `>=${version.major}.${version.minor} <${version.major}.${version.minor + 1}`;
}

export interface InitPackOptions {
  dir: string;
  id?: string;
  name?: string;
  /** Refresh an existing pack's schemas, editor settings and workflow; its manifest and content stay as they are. */
  update?: boolean;
}

export interface InitPackResult {
  id: string;
  /** Files written, relative to the pack folder. */
  files: string[];
}

export class InitPackError extends Error {}

function exampleEntry(id: string): Record<string, unknown> {
  return {
    $schema: `../../${PACK_SCHEMA_DIR}/condition.schema.json`,
    id: `condition/${id}.singed`,
    name: "Singed",
    source: { pack: id },
    status: "complete",
    stackable: false,
    clear: { type: "auto-clear" },
    effect:
      "Example homebrew condition: replace it with your own. While Singed, you take 1 [[Fire]] damage at the end of your turn.",
  };
}

export function workflowYaml(): string {
  return `# Lints this Momenta homebrew pack on every pull request and annotates the lines that need fixing.
# pull_request only (never pull_request_target): code from forks runs with a read-only token and no secrets.
name: momenta-lint

on:
  pull_request:

permissions:
  contents: read

jobs:
  lint:
    runs-on: ubuntu-latest
    permissions:
      contents: read
      # only the SARIF upload to code scanning needs this; fork pull requests never get it
      security-events: write
    env:
      # the linter with the core rules bundled, pinned to the version that wrote this file (\`momenta init-pack --update\`
      # refreshes it): a registry spec, or the path of a vendored tarball (./momenta-validator-${VERSION}.tgz)
      MOMENTA_VALIDATOR: "@momenta/validator@${VERSION}"
    steps:
      - uses: actions/checkout@v4
        with:
          persist-credentials: false
      - uses: actions/setup-node@v4
        with:
          node-version: 24
      - name: Lint the pack (annotations on the pull request)
        run: npx --yes --package "$MOMENTA_VALIDATOR" momenta lint --pack . --format github
      - name: Lint the pack (SARIF for code scanning)
        if: always()
        run: npx --yes --package "$MOMENTA_VALIDATOR" momenta lint --pack . --format sarif > momenta.sarif || true
      - name: Upload to code scanning
        if: always() && github.event.pull_request.head.repo.full_name == github.repository
        uses: github/codeql-action/upload-sarif@v3
        with:
          sarif_file: momenta.sarif
          category: momenta
`;
}

/** Editor settings: every content folder, the manifest and the lint configuration mapped to the copied JSON Schemas. */
function vscodeSettings(): Record<string, unknown> {
  return {
    "json.schemas": [
      {
        fileMatch: [`/${PACK_MANIFEST_FILE}`],
        url: `./${PACK_SCHEMA_DIR}/${jsonSchemaFileName("pack-manifest")}`,
      },
      ...KINDS.map((definition) => ({
        fileMatch: [`/content/${definition.folder}/*.json`],
        url: `./${PACK_SCHEMA_DIR}/${jsonSchemaFileName(definition.kind)}`,
      })),
      // completion and hover for momenta.config.json too, wherever the pack's repository keeps it
      { fileMatch: [`/${CONFIG_FILE}`], url: `./${PACK_SCHEMA_DIR}/${jsonSchemaFileName("config")}` },
    ],
  };
}

/** Files `init-pack --update` rewrites: the generated ones, never the manifest or content. */
const isGenerated = (file: string) =>
  file === WORKFLOW_FILE || file === ".vscode/settings.json" || file.startsWith(`${PACK_SCHEMA_DIR}/`);

/** Every file of a new pack, by path relative to the pack folder. */
export function scaffoldFiles(options: { id: string; name: string }): Map<string, string> {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  const manifest: PackManifest = {
    $schema: `./${PACK_SCHEMA_DIR}/${jsonSchemaFileName("pack-manifest")}`,
    id: options.id,
    name: options.name,
    version: "0.1.0",
    description: "Homebrew content for Momenta. Not official Momenta rules.",
    momenta: currentRulesRange(),
    dependencies: {},
    license: "UNLICENSED",
    authors: ["Your name"],
  };
  const files = new Map<string, string>();
  files.set(PACK_MANIFEST_FILE, json(manifest));
  files.set("content/conditions/singed.json", json(exampleEntry(options.id)));
  const documents = generateJsonSchemas();
  const manifestSchema = documents.get(jsonSchemaFileName("pack-manifest"));
  if (manifestSchema)
    files.set(`${PACK_SCHEMA_DIR}/${jsonSchemaFileName("pack-manifest")}`, json(manifestSchema));
  const configSchema = documents.get(jsonSchemaFileName("config"));
  if (configSchema) files.set(`${PACK_SCHEMA_DIR}/${jsonSchemaFileName("config")}`, json(configSchema));
  for (const definition of KINDS) {
    const document = documents.get(jsonSchemaFileName(definition.kind));
    if (document)
      files.set(
        `${PACK_SCHEMA_DIR}/${jsonSchemaFileName(definition.kind)}`,
        json(packKindJsonSchema(document, definition.kind)),
      );
  }
  files.set(".vscode/settings.json", json(vscodeSettings()));
  files.set(WORKFLOW_FILE, workflowYaml());
  return files;
}

/** Write a new pack into `dir`; refuses to overwrite any existing file. */
export function initPack(options: InitPackOptions): InitPackResult {
  if (options.update) return updatePack(resolve(options.dir));
  const dir = resolve(options.dir);
  const id = options.id ?? slugify(basename(dir));
  if (!PACK_ID_PATTERN.test(id)) {
    throw new InitPackError(
      `\`${id}\` is not a pack id: use a lower-case slug such as \`ember-court\` (--id)`,
    );
  }
  const name = options.name ?? basename(dir);
  let stats: Stats | undefined;
  try {
    stats = statSync(dir);
  } catch {
    stats = undefined; // a new folder
  }
  if (stats && !stats.isDirectory())
    throw new InitPackError(
      `\`${options.dir}\` is a file, not a folder: give the folder to create the pack in`,
    );
  const files = scaffoldFiles({ id, name });
  const existing = [...files.keys()].filter((file) => {
    try {
      lstatSync(join(dir, file));
      return true;
    } catch {
      return false;
    }
  });
  if (existing.length > 0) {
    throw new InitPackError(
      `not overwriting existing files: ${existing.map((file) => `\`${file}\``).join(", ")}`,
    );
  }
  try {
    // every path is checked before anything is written: a symlinked `.github` or `.momenta` leads out of the pack
    for (const file of files.keys()) assertNoSymlinks(join(dir, file), dir);
    mkdirSync(dir, { recursive: true });
    for (const [file, text] of files)
      writeFileAtomicSync(join(dir, file), text, { within: dir, exclusive: true, createFolders: true });
  } catch (error) {
    if (error instanceof WriteError) throw new InitPackError(error.message);
    throw error;
  }
  return { id, files: [...files.keys()] };
}

/** The id in an existing pack's manifest (`--update` keeps it); refuses a folder that is no pack. */
function existingPackId(dir: string): string {
  let text: string;
  try {
    if (!lstatSync(join(dir, PACK_MANIFEST_FILE)).isFile()) throw new Error("not a file");
    text = readFileSync(join(dir, PACK_MANIFEST_FILE), "utf8");
  } catch {
    throw new InitPackError(
      `no \`${PACK_MANIFEST_FILE}\` in \`${dir}\`: \`--update\` refreshes an existing pack`,
    );
  }
  let id: unknown;
  try {
    id = (JSON.parse(text) as { id?: unknown }).id;
  } catch {
    id = undefined;
  }
  if (typeof id !== "string" || !PACK_ID_PATTERN.test(id))
    throw new InitPackError(
      `\`${PACK_MANIFEST_FILE}\` has no valid \`id\`: fix it (\`momenta lint --pack\` says how), then update`,
    );
  return id;
}

/**
 * `init-pack --update`: rewrite the generated files (schemas, workflow pinned to this version, editor settings with the
 * developer's own entries kept); the manifest and content/ are never touched. Returns the files that changed.
 */
function updatePack(dir: string): InitPackResult {
  const id = existingPackId(dir);
  const files = scaffoldFiles({ id, name: id });
  const changed: string[] = [];
  try {
    for (const [file, generated] of files) {
      if (!isGenerated(file)) continue;
      assertNoSymlinks(join(dir, file), dir);
      let current: string | undefined;
      try {
        current = readFileSync(join(dir, file), "utf8");
      } catch {
        current = undefined;
      }
      const text =
        current === undefined
          ? generated
          : file === ".vscode/settings.json"
            ? mergeEditorSettings(current, packSettings(), file)
            : file === WORKFLOW_FILE
              ? repinWorkflow(current)
              : generated;
      if (text === current) continue;
      writeFileAtomicSync(join(dir, file), text, { within: dir, createFolders: true });
      changed.push(file);
    }
  } catch (error) {
    if (error instanceof WriteError) throw new InitPackError(error.message);
    throw error;
  }
  return { id, files: changed };
}

/**
 * The author's workflow with its registry pin moved to this version, and nothing else changed: docs/homebrew.md has
 * authors edit it (a vendored tarball's path in `MOMENTA_VALIDATOR`, steps of their own), which `--update` overwrote.
 * A tarball path stays as it is: that file is the author's to replace.
 */
export function repinWorkflow(current: string): string {
  return current.replace(
    /^(\s*MOMENTA_VALIDATOR:\s*)(["']?)@momenta\/validator@[^"'\s]+\2/m,
    (_whole, head: string, quote: string) => `${head}${quote}@momenta/validator@${VERSION}${quote}`,
  );
}

/** The pack's schema associations for merging into an existing `.vscode/settings.json`. */
function packSettings(): GeneratedSettings {
  const schemas = vscodeSettings()["json.schemas"] as SchemaAssociation[];
  return { schemas, isOurs: (url) => url.startsWith(`./${PACK_SCHEMA_DIR}/`), associations: {} };
}
