// Serves /pagefind-ranked/names.json: the exact-names index that answers a name while Pagefind loads
import type { APIRoute } from "astro";
import { getGraph } from "../../lib/content.ts";
import { namesIndex } from "../../lib/search-rank.ts";

export const GET: APIRoute = async () =>
  new Response(JSON.stringify(namesIndex(await getGraph())), {
    headers: { "content-type": "application/json; charset=utf-8" },
  });
