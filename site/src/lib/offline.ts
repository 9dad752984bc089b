// The rulebook offline: a Workbox service worker that precaches the shell, search, chapters and catalogs after the
// first visit (within a 5 MB budget: the reader keeps the rest from /offline/) and keeps every page opened since; the
// page registers it and links the app manifest
import { createHash } from "node:crypto";
import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { AstroIntegration } from "astro";
import type * as Esbuild from "esbuild";
import type * as WorkboxGetManifest from "workbox-build/build/get-manifest.js";
import { PARTS_FILE, type PartList, type PartsIndex, partBundleFile, partListFile } from "../sw/keep.ts";
import { OFFLINE_PAGE_FILE, PAGES_BUNDLE_FILE } from "../sw/pages.ts";
import {
  chooseParts,
  leftOutLine,
  megabytes,
  type Part,
  type PrecacheFile,
  partOfFile,
  partOfPage,
  partRevision,
  partsOf,
  precacheBudget,
  SHELL,
} from "./offline-budget.ts";
import { buildPagesBundle, bundledPageFiles, NOT_READER_FOLDERS, pageUrl } from "./offline-pages.ts";

export { PRECACHE_LIMIT_BYTES } from "./offline-budget.ts";

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
  /** Precached files (the page bundles included) and their bytes: what the browser downloads and stores. */
  count: number;
  size: number;
  pagesCount: number;
  pagesBytes: number;
  budget: number;
  /** The parts the budget left out (none when everything fits), for the reader to keep offline from /offline/. */
  leftOut: Part[];
  /** Workbox's, such as a pattern that matched no file (a site built without some catalog). */
  warnings: string[];
}

const md5 = (bytes: Buffer | string) => createHash("md5").update(bytes).digest("hex");

/** The URL a browser asks for a dist file: "weapon/index.html" → "/weapon/", "pagefind/x.js" → "/pagefind/x.js". */
const requestUrl = (file: string) => (/(^|\/)index\.html$/.test(file) ? pageUrl(file) : `/${file}`);

/**
 * Writes the page bundles and dist/sw.js: Workbox lists and revisions the precache, esbuild bundles the worker
 * with that list (far quicker than generateSW's rollup + terser). Within `budget` bytes: when everything does not
 * fit, the shell, search, chapters and catalogs go in that order while they fit, each catalog with a page bundle of
 * its own, and the rest is listed in offline/parts.json for the offline page, never precached.
 */
export async function writeServiceWorker(root: string, budget = precacheBudget()): Promise<OfflineBuild> {
  // loaded here, not at the top: astro.config.mjs imports this module on every start, dev included (by require:
  // the config's Vite module runner is closed by the time astro:build:done runs, so import() would fail)
  const { getManifest } = require("workbox-build/build/get-manifest.js") as typeof WorkboxGetManifest;
  const { build } = require("esbuild") as typeof Esbuild;
  const { manifestEntries, size, warnings } = await getManifest({
    globDirectory: root,
    globPatterns: PRECACHE_PATTERNS,
    globIgnores: PRECACHE_IGNORES,
    dontCacheBustURLsMatching: CONTENT_NAMED,
    // the budget decides what is left out, not a size per file
    maximumFileSizeToCacheInBytes: Number.MAX_SAFE_INTEGER,
  });
  // every other reader page, as differences from one shell page, in one gzipped file the precache holds
  const precached = new Set(manifestEntries.map((entry) => entry.url));
  if (!precached.has(OFFLINE_PAGE_FILE))
    throw new Error(
      `the offline page \`${OFFLINE_PAGE_FILE}\` is not precached\nhelp: the worker shows it for a page it has neither saved nor bundled; keep it in PRECACHE_PATTERNS`,
    );
  const files = bundledPageFiles(root, precached);
  const pages = buildPagesBundle(root, files);
  const bundle = gzipSync(JSON.stringify(pages));
  rmSync(join(root, PARTS_FILE), { force: true });
  let entries: Array<{ url: string; revision: string | null }>;
  let leftOut: Part[] = [];
  let total = size + bundle.length;
  let pagesBytes = bundle.length;
  if (total <= budget) {
    writeFileSync(join(root, PAGES_BUNDLE_FILE), bundle);
    entries = [...manifestEntries, { url: PAGES_BUNDLE_FILE, revision: md5(bundle) }];
  } else {
    // each catalog's entry pages in a bundle of its own (the same shell), the other pages in the shell's
    const byPart = new Map<string, string[]>();
    for (const url of Object.keys(pages.pages)) {
      const part = partOfPage(url);
      const urls = byPart.get(part) ?? [];
      urls.push(url);
      byPart.set(part, urls);
    }
    const precacheFiles: PrecacheFile[] = [];
    const partOf = new Map<string, string>();
    for (const [part, urls] of byPart) {
      const subset = gzipSync(
        JSON.stringify({
          shell: pages.shell,
          pages: Object.fromEntries(urls.map((url) => [url, pages.pages[url]])),
        }),
      );
      const file = part === SHELL ? PAGES_BUNDLE_FILE : partBundleFile(part);
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), subset);
      precacheFiles.push({ url: file, revision: md5(subset), bytes: subset.length });
      partOf.set(file, part);
    }
    for (const entry of manifestEntries)
      precacheFiles.push({ ...entry, bytes: statSync(join(root, entry.url)).size });
    const parts = partsOf(precacheFiles, (url) => partOf.get(url) ?? partOfFile(root, url));
    const index = (left: Part[]): string =>
      JSON.stringify({
        budget,
        parts: left.map((part) => ({
          id: part.id,
          title: part.title,
          files: part.files.length,
          bytes: part.bytes,
          revision: partRevision(part.files),
        })),
      } satisfies PartsIndex);
    // the index with every part but the shell listed is the largest it can be: kept aside within the budget
    const chosen = chooseParts(parts, budget, Buffer.byteLength(index(parts.slice(1))));
    leftOut = chosen.left;
    const partsIndex = index(leftOut);
    writeFileSync(join(root, PARTS_FILE), partsIndex);
    for (const part of leftOut) {
      const list: PartList = { urls: part.files.map((file) => requestUrl(file.url)) };
      mkdirSync(dirname(join(root, partListFile(part.id))), { recursive: true });
      writeFileSync(join(root, partListFile(part.id)), JSON.stringify(list));
    }
    const kept = chosen.kept.flatMap((part) => part.files);
    entries = [
      ...kept.map(({ url, revision }) => ({ url, revision })),
      { url: PARTS_FILE, revision: md5(partsIndex) },
    ];
    total = kept.reduce((sum, file) => sum + file.bytes, 0) + Buffer.byteLength(partsIndex);
    pagesBytes = kept.filter((file) => partOf.has(file.url)).reduce((sum, file) => sum + file.bytes, 0);
  }
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
  const bundled = new Set(entries.map((entry) => entry.url));
  const pagesCount = Object.keys(pages.pages).filter((url) => {
    const part = partOfPage(url);
    return bundled.has(part === SHELL || leftOut.length === 0 ? PAGES_BUNDLE_FILE : partBundleFile(part));
  }).length;
  return { count: entries.length, size: total, pagesCount, pagesBytes, budget, leftOut, warnings };
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
        const { count, size, pagesBytes, pagesCount, budget, leftOut, warnings } = await writeServiceWorker(
          fileURLToPath(dir),
        );
        for (const warning of warnings) logger.warn(warning);
        logger.info(
          `offline: ${count} files precached, ${megabytes(size)} MB (${pagesCount} more pages in ${leftOut.length ? "bundles" : "a bundle"} of ${(pagesBytes / 1024).toFixed(0)} KB)`,
        );
        if (leftOut.length) logger.warn(leftOutLine(leftOut, budget));
      },
    },
  };
}
