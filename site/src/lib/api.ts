// The static JSON API's documents (/api/v1/…), built once per build from the content graph by @momenta/export
import { join } from "node:path";
import { buildApi, readFieldSchemas } from "@momenta/export";
import { MOMENTA_RULES_VERSION } from "@momenta/schema";
import { getGraph, packName, packOf, repositoryRoot, urlOf } from "./content.ts";

const CACHE = Symbol.for("momenta.site.api");
type GlobalCache = { [CACHE]?: Promise<Map<string, unknown>> };

/** Every API document by its path below /api/v1/ (`index.json`, `weapon/dagger.json`, `schemas/…`). */
export function apiDocuments(): Promise<Map<string, unknown>> {
  const cache = globalThis as GlobalCache;
  cache[CACHE] ??= getGraph().then((graph) =>
    buildApi(graph, {
      urlOf,
      packOf,
      packName,
      rulesVersion: MOMENTA_RULES_VERSION,
      fieldSchemas: readFieldSchemas(join(repositoryRoot(), "packages/schema/json-schema")),
    }),
  );
  return cache[CACHE];
}
