// The rulebook offline: a Workbox service worker that precaches the shell, search, chapters and catalogs after the
// first visit (under 5 MB) and keeps every page opened since; the page registers it and links the app manifest
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { generateSW } from "workbox-build";

/** The precache may not grow past this: a first visit on a phone downloads all of it in the background. */
export const PRECACHE_LIMIT_BYTES = 5 * 1024 * 1024;

/** What a reader needs with no connection: the book's chapters and catalogs, tools, search, scripts, icons. */
export const PRECACHE_PATTERNS = [
  "index.html",
  "404.html",
  "offline/index.html",
  "*/index.html",
  "chapter/*/index.html",
  "tools/*/index.html",
  "spellcasting/*/index.html",
  "_astro/**/*.{js,css}",
  // Pagefind's engine and the whole index, without the UI bundles Starlight does not load
  "pagefind-ranked/pagefind.js",
  "pagefind/pagefind.js",
  "pagefind/pagefind-worker.js",
  "pagefind/pagefind-entry.json",
  "pagefind/*.pf_meta",
  "pagefind/wasm.*.pagefind",
  "pagefind/{index,filter,fragment}/*",
  "manifest.webmanifest",
  "favicon.svg",
  "icon-*.png",
];
/** Not pages a reader browses: the JSON API and the print source of the PDF. */
const PRECACHE_IGNORES = ["api/**", "print/**"];

export const SERVICE_WORKER = "sw.js";
export const OFFLINE_PAGE = "/offline/";

/** Registers the service worker once the page has loaded (production builds only). */
const REGISTER = `if ("serviceWorker" in navigator) addEventListener("load", () => navigator.serviceWorker.register("/${SERVICE_WORKER}").catch(() => {}));`;

/** Head tags that make the site installable: the manifest, a theme colour, an icon for iOS home screens. */
export const INSTALL_HEAD = [
  { tag: "link" as const, attrs: { rel: "manifest", href: "/manifest.webmanifest" } },
  { tag: "meta" as const, attrs: { name: "theme-color", content: "#6d28d9" } },
  { tag: "link" as const, attrs: { rel: "apple-touch-icon", href: "/icon-192.png" } },
];

/**
 * Served as /sw.js by `astro dev`: a worker left by `npm start` (astro preview) on the same address would serve its
 * precached pages instead of the live preview. The browser's update check on navigation fetches this one, which
 * clears the caches, unregisters itself and reloads the pages it controlled.
 */
export const DEV_KILL_SWITCH = `self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil((async () => {
  await self.registration.unregister();
  for (const key of await caches.keys()) await caches.delete(key);
  for (const client of await self.clients.matchAll({ type: "window" })) client.navigate(client.url);
})()));
`;

export function offline(): AstroIntegration {
  return {
    name: "momenta:offline",
    hooks: {
      "astro:config:setup": ({ command, injectScript, updateConfig }) => {
        if (command === "build") injectScript("head-inline", REGISTER);
        if (command !== "dev") return;
        updateConfig({
          vite: {
            plugins: [
              {
                name: "momenta:offline-dev",
                configureServer(server) {
                  server.middlewares.use(`/${SERVICE_WORKER}`, (_request, response) => {
                    response.setHeader("content-type", "text/javascript");
                    response.setHeader("cache-control", "no-store");
                    response.end(DEV_KILL_SWITCH);
                  });
                },
              },
            ],
          },
        });
      },
      // listed after Starlight, so this runs once Pagefind has written the index it precaches
      "astro:build:done": async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const { count, size, warnings } = await generateSW({
          globDirectory: root,
          globPatterns: PRECACHE_PATTERNS,
          globIgnores: PRECACHE_IGNORES,
          swDest: `${root}/${SERVICE_WORKER}`,
          mode: "production",
          inlineWorkboxRuntime: true,
          sourcemap: false,
          skipWaiting: true,
          clientsClaim: true,
          cleanupOutdatedCaches: true,
          // catalog views live in the query (?weightClass=Heavy) and Pagefind adds ?ts=: same file offline
          ignoreURLParametersMatching: [/.*/],
          runtimeCaching: [
            {
              // entry pages: from the network when there is one, else as saved; never seen → the offline page
              urlPattern: ({ request }) => request.mode === "navigate",
              handler: "NetworkFirst",
              options: {
                cacheName: "momenta-pages",
                networkTimeoutSeconds: 4,
                matchOptions: { ignoreSearch: true },
                precacheFallback: { fallbackURL: `${OFFLINE_PAGE}index.html` },
              },
            },
          ],
        });
        for (const warning of warnings) logger.warn(warning);
        const megabytes = (size / 1024 / 1024).toFixed(2);
        if (size > PRECACHE_LIMIT_BYTES)
          throw new Error(`the offline precache is ${megabytes} MB, over the 5 MB limit (${count} files)`);
        logger.info(`offline: ${count} files precached, ${megabytes} MB`);
      },
    },
  };
}
