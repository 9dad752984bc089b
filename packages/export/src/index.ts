// Public API of @momenta/export: the graph as JSON, the static API, Obsidian, Foundry, and diff output
export { API_VERSION, type ApiOptions, buildApi, documentPath } from "./api.ts";
export { type JsonSchemaDocument, readFieldSchemas, schemaPath } from "./api-schemas.ts";
export { DIFF_FORMATS, type DiffFormat, formatDiff } from "./diff/format.ts";
export { exportGraph } from "./export.ts";
export { foundryModule, writeFoundryPacks } from "./foundry.ts";
export { obsidianVault } from "./obsidian.ts";
