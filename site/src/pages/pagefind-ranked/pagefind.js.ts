// Serves /pagefind-ranked/pagefind.js: Pagefind's browser API with exact-name pages ranked first
import type { APIRoute } from "astro";
import { rankedPagefindModule } from "../../lib/search-rank.ts";

export const GET: APIRoute = () =>
  new Response(rankedPagefindModule(), { headers: { "content-type": "text/javascript; charset=utf-8" } });
