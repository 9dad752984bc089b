// The rulebook's service worker (bundled by esbuild into dist/sw.js): precache, pages from the network first, and
// offline any page never opened is assembled from a precached or kept page bundle, else the offline page is shown
/// <reference lib="webworker" />
import { clientsClaim } from "workbox-core";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { registerRoute } from "workbox-routing";
import { NetworkFirst } from "workbox-strategies";
import {
  KEEP_CACHE_PREFIX,
  KEEP_MESSAGE,
  KEPT_MARKER,
  type KeepMessage,
  type KeepReply,
  keepCacheName,
  PARTS_FILE,
  type PartList,
  type PartsIndex,
  partBundleFile,
  partListFile,
} from "./keep.ts";
import { assemblePage, bundlePath, OFFLINE_PAGE_FILE, PAGES_BUNDLE_FILE, type PagesBundle } from "./pages.ts";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

self.skipWaiting();
clientsClaim();
// catalog views live in the query (?weightClass=Heavy) and Pagefind adds ?ts=: same file offline
precacheAndRoute(self.__WB_MANIFEST, { ignoreURLParametersMatching: [/.*/] });
cleanupOutdatedCaches();

/** A file of a part the reader keeps offline (the precache left it out), from that part's cache. */
async function matchKept(url: string): Promise<Response | undefined> {
  for (const name of await caches.keys()) {
    if (!name.startsWith(KEEP_CACHE_PREFIX)) continue;
    const hit = await (await caches.open(name)).match(url, { ignoreSearch: true });
    if (hit) return hit;
  }
  return undefined;
}

const bundles = new Map<string, Promise<PagesBundle | undefined>>();

/** A page bundle, precached or kept, decompressed and parsed once per worker (a failure is retried next time). */
function pagesBundle(file: string): Promise<PagesBundle | undefined> {
  let bundle = bundles.get(file);
  if (bundle) return bundle;
  bundle = (async () => {
    const response =
      (await matchPrecache(`/${file}`)) ?? (await matchKept(new URL(`/${file}`, self.location.href).href));
    if (!response) return undefined;
    const bytes = new Uint8Array(await response.arrayBuffer());
    // a host that served the file with Content-Encoding: gzip has had it decoded by the browser already
    const gzipped = bytes[0] === 0x1f && bytes[1] === 0x8b;
    const body = gzipped
      ? new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))
      : new Blob([bytes]).stream();
    return JSON.parse(await new Response(body).text()) as PagesBundle;
  })().catch(() => undefined);
  // a bundle not found (a catalog not kept yet) or unreadable is looked for again on the next page
  bundle.then((found) => found ?? bundles.delete(file));
  bundles.set(file, bundle);
  return bundle;
}

async function offlinePage(url: string): Promise<Response | undefined> {
  const path = bundlePath(new URL(url).pathname);
  const kept = await matchKept(new URL(path, url).href);
  if (kept) return kept;
  // the bundle of every page, or of the pages outside the catalogs, then the page's catalog's own bundle
  const folder = path.split("/")[1] ?? "";
  for (const file of [PAGES_BUNDLE_FILE, partBundleFile(folder)]) {
    const pages = await pagesBundle(file);
    const html = pages && assemblePage(pages, path);
    if (html !== undefined)
      return new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
  }
  return matchPrecache(`/${OFFLINE_PAGE_FILE}`);
}

// pages: from the network when there is one, else as saved, else kept or from a bundle, else the offline page
registerRoute(
  ({ request }) => request.mode === "navigate",
  new NetworkFirst({
    cacheName: "momenta-pages",
    networkTimeoutSeconds: 4,
    matchOptions: { ignoreSearch: true },
    plugins: [{ handlerDidError: ({ request }) => offlinePage(request.url) }],
  }),
);

// a kept part's other files (search results, its page bundle) the precache does not hold: kept, else the network
registerRoute(
  ({ request, url }) =>
    request.mode !== "navigate" &&
    url.origin === self.location.origin &&
    /^\/(?:pagefind|pagefind-ranked|offline\/pages)\//.test(url.pathname),
  async ({ request }) => (await matchKept(request.url)) ?? fetch(request),
);

/** What the precache left out (offline/parts.json), or undefined when it holds everything. */
async function partsIndex(): Promise<PartsIndex | undefined> {
  const response = await matchPrecache(`/${PARTS_FILE}`);
  return response ? ((await response.json()) as PartsIndex) : undefined;
}

/** Fetches every file of a part into its cache, then marks it complete with the part's revision. */
async function keepPart(id: string): Promise<void> {
  const part = (await partsIndex())?.parts.find((candidate) => candidate.id === id);
  if (!part) throw new Error(`\`${id}\` is not a part the precache left out`);
  const response = await fetch(`/${partListFile(id)}`, { cache: "no-cache" });
  if (!response.ok) throw new Error(`${response.status} fetching the list of \`${id}\``);
  const { urls } = (await response.json()) as PartList;
  const cache = await caches.open(keepCacheName(id));
  // a batch at a time: thousands of requests at once would hold every response in memory together
  for (let start = 0; start < urls.length; start += 50)
    await cache.addAll(urls.slice(start, start + 50).map((url) => new Request(url, { cache: "no-cache" })));
  await cache.put(KEPT_MARKER, new Response(part.revision));
}

// the offline page asks to keep a part, or to drop it, and waits for the answer on the port it sends
self.addEventListener("message", (event) => {
  const message = event.data as Partial<KeepMessage> | undefined;
  if (message?.type !== KEEP_MESSAGE || typeof message.id !== "string") return;
  const id = message.id;
  const port = event.ports[0];
  const work = message.keep ? keepPart(id) : caches.delete(keepCacheName(id)).then(() => undefined);
  event.waitUntil(
    work.then(
      () => port?.postMessage({ ok: true } satisfies KeepReply),
      (error: unknown) =>
        port?.postMessage({
          ok: false,
          error: error instanceof Error ? error.message : String(error),
        } satisfies KeepReply),
    ),
  );
});

// a new build: kept parts it now precaches are dropped, kept parts that changed are fetched again (in the
// background: activation does not wait for thousands of files)
self.addEventListener("activate", () => {
  void (async () => {
    const parts = (await partsIndex())?.parts ?? [];
    for (const name of await caches.keys()) {
      if (!name.startsWith(KEEP_CACHE_PREFIX)) continue;
      const part = parts.find((candidate) => keepCacheName(candidate.id) === name);
      if (!part) await caches.delete(name);
      else if ((await (await (await caches.open(name)).match(KEPT_MARKER))?.text()) !== part.revision)
        await keepPart(part.id).catch(() => undefined);
    }
  })().catch(() => undefined);
});
