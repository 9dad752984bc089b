// The rulebook's service worker (bundled by esbuild into dist/sw.js): precache, pages from the network first, and
// offline any page never opened is assembled from the precached page bundle, else the offline page is shown
/// <reference lib="webworker" />
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import { assemblePage, bundlePath, OFFLINE_PAGE_FILE, PAGES_BUNDLE_FILE, type PagesBundle } from "./pages.ts";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

self.skipWaiting();
clientsClaim();
// catalog views live in the query (?weightClass=Heavy) and Pagefind adds ?ts=: same file offline
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/] });
cleanupOutdatedCaches();

let bundle: Promise<PagesBundle | undefined> | undefined;

/** The page bundle, decompressed and parsed once per worker (a failure is retried on the next page). */
function pagesBundle(): Promise<PagesBundle | undefined> {
  bundle ??= (async () => {
    const response = await matchPrecache(`/${PAGES_BUNDLE_FILE}`);
    if (!response) return undefined;
    const bytes = new Uint8Array(await response.arrayBuffer());
    // a host that served the file with Content-Encoding: gzip has had it decoded by the browser already
    const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
    const body = gzipped
      ? new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))
      : new Blob([bytes]).stream();
    return JSON.parse(await new Response(body).text()) as PagesBundle;
  })().catch(() => {
    bundle = undefined;
    return undefined;
  });
  return bundle;
}

async function offlinePage(url: string): Promise<Response | undefined> {
  const pages = await pagesBundle();
  const html = pages && assemblePage(pages, bundlePath(new URL(url).pathname));
  if (html !== undefined)
    return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
  return matchPrecache(`/${OFFLINE_PAGE_FILE}`);
}

// pages: from the network when there is one, else as saved, else from the bundle, else the offline page
registerRoute(
  ({ request }) => request.mode === "navigate",
  new NetworkFirst({
    cacheName: "momenta-pages",
    networkTimeoutSeconds: 4,
    matchOptions: { ignoreSearch: true },
    plugins: [{ handlerDidError: ({ request }) => offlinePage(request.url) }],
  }),
);
