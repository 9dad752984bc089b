// Astro + Starlight configuration: the sidebar comes from the content graph (chapters by Moment, then catalogs)
import { realpathSync } from "node:fs";
import { createRequire, register as registerHooks } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import mdx from "@astrojs/mdx";
import { defineConfig } from "astro/config";
import { register } from "tsx/esm/api";

// Starlight, our modules and the workspace packages are TypeScript. Node loads them through tsx, once per process:
// Astro then imports this file itself instead of starting a Vite server to transform the validator's whole module
// graph, and the content loader and the pages use these same modules (the server build leaves @momenta/* to Node)
const HOOKS = Symbol.for("momenta.site.node-hooks");
if (!globalThis[HOOKS]) {
  globalThis[HOOKS] = register();
  // ... and Starlight's config code imports two theme files as `?raw` text, a Vite feature: the same, for Node
  registerHooks(new URL("./src/lib/raw-import.mjs", import.meta.url));
}
const { default: starlight } = await import("@astrojs/starlight");
const { buildReport } = await import("./src/lib/build-report.ts");
const { packRefusal } = await import("./src/lib/content.ts");
const { momentaDev } = await import("./src/lib/dev.ts");
const { INSTALL_HEAD, offline } = await import("./src/lib/offline.ts");
const { outDirOutsideProject } = await import("./src/lib/out-dir.ts");
const { rehypeHeadingAnchors } = await import("./src/lib/rehype-heading-anchors.ts");
const { rehypeTableScroll } = await import("./src/lib/rehype-table-scroll.ts");
const { remarkReferences } = await import("./src/lib/remark-references.ts");
const { siteSidebar } = await import("./src/lib/sidebar.ts");
const { siteUrlFrom } = await import("./src/lib/site-url.ts");
const { workspacePackagesToNode } = await import("./src/lib/ssr-externals.ts");

// a homebrew pack with lint errors is never built: the linter's report, then a clean exit (no stack trace)
const refusal = await packRefusal();
if (refusal) {
  process.stderr.write(`${refusal}\nThe site is not built with a homebrew pack that has lint errors.\n`);
  process.exit(1);
}
// canonical links and the sitemap come from SITE_URL (README "Environment"); unset, the build has neither
const siteUrl = siteUrlFrom(process.env.SITE_URL);
if ("error" in siteUrl) {
  process.stderr.write(`${siteUrl.error}\n`);
  process.exit(1);
}
const sidebar = await siteSidebar();
// Starlight's search imports @pagefind/default-ui; our stand-in wraps the real one (resolved from Starlight)
const starlightDir = realpathSync(
  fileURLToPath(new URL("./node_modules/@astrojs/starlight/", import.meta.url)),
);
const realPagefindUi = createRequire(join(starlightDir, "package.json")).resolve(
  "@pagefind/default-ui/npm_dist/mjs/ui-core.mjs",
);

export default defineConfig({
  site: siteUrl.url,
  // tests and benchmarks build elsewhere and swap the result in, so readers of dist/ never see half a build
  outDir: process.env.MOMENTA_SITE_OUT_DIR ?? "./dist",
  trailingSlash: "always",
  server: { host: "127.0.0.1" },
  preview: { host: "127.0.0.1" },
  // Every page is static; prefetching on hover would cost a request per link the previews make unnecessary
  prefetch: false,
  integrations: [
    starlight({
      title: "Momenta Rules",
      description:
        "The Momenta tabletop RPG rulebook (rules v0.31): chapters, catalogs and every term linked",
      sidebar,
      // entry pages mark their catalog in the sidebar; a table of contents listing only "Overview" is dropped
      routeMiddleware: "./src/lib/route-data.ts",
      // our own 404 (src/pages/404.astro): Starlight's looks for a `404` docs entry and logs when there is none
      disable404Route: true,
      pagefind: {
        // Entry pages are short and their name is weighted: an exact name should rank its entry first
        ranking: { pageLength: 0.9, termFrequency: 0.2, termSaturation: 1.2, termSimilarity: 9 },
      },
      customCss: ["./src/styles/momenta.css", "./src/styles/print.css"],
      // installable: the web app manifest and icons (site/public); the service worker comes from offline()
      head: INSTALL_HEAD,
      components: {
        // page titles are text: Starlight's own Head writes them as HTML
        Head: "./src/components/Head.astro",
        PageTitle: "./src/components/PageTitle.astro",
        Footer: "./src/components/Footer.astro",
      },
      tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
      // the book has no source code, only a few text diagrams: plain <pre> blocks, no highlighter in the bundle
      expressiveCode: false,
      lastUpdated: false,
      credits: false,
    }),
    mdx(),
    buildReport(),
    // after Starlight: its Pagefind index exists when the service worker's precache list is made
    offline(),
    momentaDev(),
    outDirOutsideProject(),
  ],
  markdown: {
    syntaxHighlight: false,
    remarkPlugins: [remarkReferences],
    rehypePlugins: [rehypeHeadingAnchors, rehypeTableScroll],
  },
  vite: {
    // the server build and the content loader leave the workspace packages and their npm dependencies to Node;
    // `astro dev` bundles them (src/lib/ssr-externals.ts)
    plugins: [
      workspacePackagesToNode(fileURLToPath(new URL("../packages/", import.meta.url)), [
        "content",
        "lint",
        "export",
        "render",
        "schema",
        "rules",
      ]),
    ],
    resolve: {
      alias: [
        // exact-name pages first (src/lib/search-rank.ts): the UI loads a ranked wrapper of Pagefind's API
        {
          find: /^@pagefind\/default-ui$/,
          replacement: fileURLToPath(new URL("./src/scripts/pagefind-ui.ts", import.meta.url)),
        },
        { find: /^momenta:pagefind-default-ui$/, replacement: realPagefindUi },
      ],
    },
  },
});
