// Serves the static JSON API: every document of src/lib/api.ts at /api/v1/<path> (see docs/api.md)
import type { APIRoute, GetStaticPaths } from "astro";
import { apiDocuments } from "../../../lib/api.ts";

export const getStaticPaths = (async () =>
  [...(await apiDocuments()).keys()].map((path) => ({ params: { path } }))) satisfies GetStaticPaths;

export const GET: APIRoute = async ({ params }) => {
  const document = (await apiDocuments()).get(params.path ?? "");
  return new Response(`${JSON.stringify(document, null, 2)}\n`, {
    headers: { "content-type": "application/json; charset=utf-8" },
  });
};
