// `astro dev`'s chapters collection: a save that changes a chapter's text or frontmatter leaves Astro's data store as it was
import { relative } from "node:path";
import type { LoaderContext } from "astro/loaders";
import { absolutePath, type ContentGraph, packOf, slugOf } from "./content.ts";
import { renderPackChapter } from "./pack-chapter.ts";

/**
 * `astro dev`'s chapters: a core chapter's entry is its route and its file only, as the pages take its text and
 * frontmatter from the graph. An edit of a chapter's text or frontmatter then leaves Astro's data store as it was:
 * a store that changes is written to disk half a second later and Astro reloads every open page again, which cut
 * off the save's own reload while the page was still loading. A pack's chapter is stored rendered, as in a build.
 */
export function devChapters(
  graph: ContentGraph,
  store: Pick<LoaderContext["store"], "keys" | "delete" | "set">,
  siteRoot: string,
  generateDigest: LoaderContext["generateDigest"],
): void {
  const ids = new Set<string>();
  for (const chapter of graph.chapters) {
    const id = slugOf(chapter.id);
    ids.add(id);
    if (packOf(chapter.id)) {
      const { html, headings } = renderPackChapter(graph, chapter);
      store.set({
        id,
        data: { ...chapter.frontmatter },
        body: chapter.body,
        rendered: { html, metadata: { headings } },
        // what the page shows: its HTML changes when an entry it links to does, its body unchanged
        digest: generateDigest(JSON.stringify([html, chapter.frontmatter])),
      });
      continue;
    }
    const filePath = relative(siteRoot, absolutePath(graph, chapter.file));
    // an unchanged digest leaves the stored entry, and so the store, untouched
    store.set({ id, data: {}, filePath, digest: generateDigest(filePath), deferredRender: true });
  }
  for (const id of store.keys()) if (!ids.has(id)) store.delete(id);
}
