// The rulebook offline: a Workbox service worker that precaches the shell, search, chapters and catalogs after the
// first visit (under 5 MB) and keeps every page opened since; the page registers it and links the app manifest
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { AstroIntegration } from "astro";
import type * as Esbuild from "esbuild";
import type * as WorkboxGetManifest from "workbox-build/build/get-manifest.js";
import { OFFLINE_PAGE_FILE, PAGES_BUNDLE_FILE } from "../sw/pages.ts";
import { buildPagesBundle, bundledPageFiles, NOT_READER_FOLDERS } from "./offline-pages.ts";

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
  "pagefind-ranked/**",
  "pagefind/pagefind.js",
  "pagefind/pagefind-entry.json",
  "pagefind/*.pf_meta",
  "pagefind/wasm.*.pagefind",
  "pagefind/{index,filter,fragment}/*",
  "manifest.webmanifest",
  "favicon.svg",
  "icon-*.png",
];
/**
 * Pagefind's files named by their content's hash (metadata, index, filter and fragment chunks): precached without a
 * revision, so the worker asks for them with the HTTP cache allowed (Workbox bypasses it for a revisioned file) and
 * reuses what the first visit's page already fetched (the idle search warm-up, a query's fragments).
 */
const CONTENT_NAMED = /^pagefind\/(?:pagefind\.[^/]+\.pf_meta|(?:index|filter|fragment)\/[^/]+)$/;
const PRECACHE_IGNORES = NOT_READER_FOLDERS.map((folder) => `${folder}/**`);

export const SERVICE_WORKER = "sw.js";
const require = createRequire(import.meta.url);
const WORKER_SOURCE = fileURLToPath(new URL("../sw/worker.ts", import.meta.url));

export interface OfflineBuild {
  /** Precached files (the page bundle included) and their bytes: what the browser downloads and stores. */
  count: number;
  size: number;
  pagesCount: number;
  pagesBytes: number;
  /** Workbox's, such as a pattern that matched no file (a site built without some catalog). */
  warnings: string[];
}

/**
 * Writes the page bundle and dist/sw.js: Workbox lists and revisions the precache, esbuild bundles the worker
 * with that list (far quicker than generateSW's rollup + terser). Throws when the precache passes 5 MB.
 */
export async function writeServiceWorker(root: string): Promise<OfflineBuild> {
  // loaded here, not at the top: astro.config.mjs imports this module on every start, dev included (by require:
  // the config's Vite module runner is closed by the time astro:build:done runs, so import() would fail)
  const { getManifest } = require("workbox-build/build/get-manifest.js") as typeof WorkboxGetManifest;
  const { build } = require("esbuild") as typeof Esbuild;
  const { manifestEntries, count, size, warnings } = await getManifest({
    globDirectory: root,
    globPatterns: PRECACHE_PATTERNS,
    globIgnores: PRECACHE_IGNORES,
    dontCacheBustURLsMatching: CONTENT_NAMED,
  });
  // every other reader page, as differences from one shell page, in one gzipped file the precache holds
  const precached = new Set(manifestEntries.map((entry) => entry.url));
  if (!precached.has(OFFLINE_PAGE_FILE))
    throw new Error(
      `the offline page \`${OFFLINE_PAGE_FILE}\` is not precached\nhelp: the worker shows it for a page it has neither saved nor bundled; keep it in PRECACHE_PATTERNS`,
    );
  const files = bundledPageFiles(root, precached);
  const bundle = gzipSync(JSON.stringify(buildPagesBundle(root, files)));
  writeFileSync(join(root, PAGES_BUNDLE_FILE), bundle);
  const entries = [
    ...manifestEntries,
    { url: PAGES_BUNDLE_FILE, revision: createHash("md5").update(bundle).digest("hex") },
  ];
  const total = size + bundle.length;
  if (total > PRECACHE_LIMIT_BYTES)
    throw new Error(
      `the offline precache is ${(total / 1024 / 1024).toFixed(2)} MB, over the 5 MB limit (${count + 1} files, the page bundle ${(bundle.length / 1024).toFixed(0)} KB)\nhelp: precache fewer files in PRECACHE_PATTERNS (site/src/lib/offline.ts); pages left out are still served from the page bundle`,
    );
  await build({
    entryPoints: [WORKER_SOURCE],
    outfile: join(root, SERVICE_WORKER),
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    logLevel: "silent",
    define: {
      "self.__WB_MANIFEST": JSON.stringify(entries),
      // Workbox's development logging and assertions
      "process.env.NODE_ENV": JSON.stringify("production"),
    },
  });
  return { count: count + 1, size: total, pagesCount: files.length, pagesBytes: bundle.length, warnings };
}

/** Registers the service worker once the page has loaded (production builds only; a page's CSP allows it by hash). */
export const REGISTER = `if ("serviceWorker" in navigator) addEventListener("load", () => navigator.serviceWorker.register("/${SERVICE_WORKER}").catch(() => {}));`;

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
        const { count, size, pagesBytes, pagesCount, warnings } = await writeServiceWorker(
          fileURLToPath(dir),
        );
        for (const warning of warnings) logger.warn(warning);
        const megabytes = (size / 1024 / 1024).toFixed(2);
        logger.info(
          `offline: ${count} files precached, ${megabytes} MB (${pagesCount} more pages in a ${(pagesBytes / 1024).toFixed(0)} KB bundle)`,
        );
      },
    },
  };
}
