// Content collections: Starlight's docs (home page) and the chapters, taken from the content graph

import { defineCollection, z } from "astro:content";
import { relative } from "node:path";
import { docsLoader } from "@astrojs/starlight/loaders";
import { docsSchema } from "@astrojs/starlight/schema";
import type { LoaderContext } from "astro/loaders";
import { absolutePath, getGraph, packOf, slugOf } from "./lib/content.ts";
import { RELOAD_CHAPTERS } from "./lib/dev.ts";
import { devChapters } from "./lib/dev-chapters.ts";
import { renderPackChapter } from "./lib/pack-chapter.ts";

/**
 * Chapters come from @momenta/content's graph, not a second glob: the loader hands Astro each core chapter's
 * file so @astrojs/mdx compiles it (with the references plugin) when the page renders it; pack chapters are
 * untrusted and arrive already rendered as sanitized HTML.
 */
const chapters = defineCollection({
  loader: {
    name: "momenta-chapters",
    load: async ({ store, config, generateDigest, watcher }) => {
      // the dev integration (lib/dev.ts) re-runs this load after a content file changed; only `astro dev` has a watcher
      const dev = watcher !== undefined;
      (globalThis as { [RELOAD_CHAPTERS]?: () => Promise<void> })[RELOAD_CHAPTERS] = () =>
        loadChapters(store, config, generateDigest, dev);
      // a store kept from the last session is set anew: an entry's file reaches Astro's module map only when set
      store.clear();
      await loadChapters(store, config, generateDigest, dev);
    },
  },
});

async function loadChapters(
  store: LoaderContext["store"],
  config: LoaderContext["config"],
  generateDigest: LoaderContext["generateDigest"],
  dev: boolean,
): Promise<void> {
  const graph = await getGraph();
  const siteRoot = new URL(config.root).pathname;
  if (dev) return devChapters(graph, store, siteRoot, generateDigest);
  store.clear();
  for (const chapter of graph.chapters) {
    if (packOf(chapter.id)) {
      // homebrew is data: rendered here through the sanitizing prose pipeline, never handed to the MDX compiler
      const { html, headings } = renderPackChapter(graph, chapter);
      store.set({
        id: slugOf(chapter.id),
        data: { ...chapter.frontmatter },
        body: chapter.body,
        rendered: { html, metadata: { headings } },
        digest: generateDigest(chapter.body),
      });
      continue;
    }
    const absolute = absolutePath(graph, chapter.file);
    store.set({
      id: slugOf(chapter.id),
      data: { ...chapter.frontmatter },
      body: chapter.body,
      filePath: relative(siteRoot, absolute),
      digest: generateDigest(chapter.body),
      deferredRender: true,
    });
  }
}

export const collections = {
  docs: defineCollection({
    loader: docsLoader(),
    schema: docsSchema({
      extend: z.object({
        // search weighting and filters for generated pages (see components/PageTitle.astro)
        momenta: z
          .object({
            kind: z.string(),
            weight: z.number().min(0).max(10),
            // exact-name search keys and their order among equal names (src/lib/search-rank.ts)
            names: z.array(z.string()).optional(),
            rank: z.number().int().min(0).optional(),
            // a homebrew page's pack (its display name): its search result's title carries the badge
            pack: z.string().optional(),
          })
          .optional(),
      }),
    }),
  }),
  chapters,
};
