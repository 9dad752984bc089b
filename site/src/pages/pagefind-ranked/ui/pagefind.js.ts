// Serves /pagefind-ranked/ui/pagefind.js: the search box's Pagefind, answering an exact name before Pagefind loads
import type { APIRoute } from "astro";
import { searchBoxModule } from "../../../lib/search-rank.ts";

export const GET: APIRoute = () =>
  new Response(searchBoxModule(), { headers: { "content-type": "text/javascript; charset=utf-8" } });
