// `npm run dev`'s reload pieces: Astro's own reload of a changed chapter is left to the re-lint, a chapter edit leaves the data store as it was, the toolbar is opt-in
import { describe, expect, it } from "vitest";
import type { ContentGraph } from "../src/lib/content.ts";
import { contentReloadPlugin, devToolbarEnabled } from "../src/lib/dev.ts";
import { devChapters } from "../src/lib/dev-chapters.ts";

describe("contentReloadPlugin", () => {
  const plugin = contentReloadPlugin("/book/content");
  const run = (file: string) => {
    const invalidated: unknown[] = [];
    const context = {
      environment: { moduleGraph: { invalidateModule: (mod: unknown) => invalidated.push(mod) } },
    };
    const result = plugin.hotUpdate.call(context, { file, modules: ["mdx module"], timestamp: 1 });
    return { result, invalidated };
  };

  it("invalidates a content file's modules and sends no reload of Astro's for it (the re-lint's event reloads)", () => {
    expect(run("/book/content/rules/00-what-is-momenta.mdx")).toEqual({
      result: [],
      invalidated: ["mdx module"],
    });
  });

  it("leaves every other file to Astro and Vite: the site's own components, a folder named like content", () => {
    for (const file of ["/book/site/src/components/Footer.astro", "/book/content-old/a.mdx", "/book/content"])
      expect(run(file), file).toEqual({ result: undefined, invalidated: [] });
  });
});

describe("devToolbarEnabled", () => {
  it("is off unless MOMENTA_DEV_TOOLBAR=1", () => {
    expect(devToolbarEnabled({})).toBe(false);
    expect(devToolbarEnabled({ MOMENTA_DEV_TOOLBAR: "0" })).toBe(false);
    expect(devToolbarEnabled({ MOMENTA_DEV_TOOLBAR: "1" })).toBe(true);
  });
});

describe("devChapters", () => {
  /** Astro's scoped store, as far as the loader sees it: a set with an unchanged digest changes nothing. */
  function store() {
    const entries = new Map<string, { id: string; digest?: string; filePath?: string; data: unknown }>();
    let changes = 0;
    return {
      entries,
      changes: () => changes,
      keys: () => [...entries.keys()],
      delete: (id: string) => {
        changes += entries.delete(id) ? 1 : 0;
      },
      set: (entry: { id: string; digest?: string | number; filePath?: string; data: unknown }) => {
        const digest = entry.digest === undefined ? undefined : String(entry.digest);
        if (digest !== undefined && entries.get(entry.id)?.digest === digest) return false;
        entries.set(entry.id, { ...entry, digest });
        changes += 1;
        return true;
      },
    };
  }
  const chapter = (slug: string, title: string, body: string) => ({
    id: `chapter/${slug}`,
    file: `content/rules/${slug}.mdx`,
    frontmatter: { title, order: 0 },
    body,
  });
  const graph = (chapters: ReturnType<typeof chapter>[]) =>
    ({ chapters, pathOf: (file: string) => `/book/${file}` }) as unknown as ContentGraph;
  const digest = (text: string) => `digest of ${text}`;

  it("stores each core chapter as its route and file", () => {
    const chapters = store();
    devChapters(graph([chapter("combat", "Combat", "Text.")]), chapters, "/book/site", digest);
    expect([...chapters.entries.values()]).toEqual([
      {
        id: "combat",
        data: {},
        filePath: "../content/rules/combat.mdx",
        digest: "digest of ../content/rules/combat.mdx",
        deferredRender: true,
      },
    ]);
  });

  it("changes nothing in the store for a chapter's new text or title (no second reload from Astro)", () => {
    const chapters = store();
    devChapters(graph([chapter("combat", "Combat", "Text.")]), chapters, "/book/site", digest);
    const before = chapters.changes();
    devChapters(graph([chapter("combat", "Battle", "New text.")]), chapters, "/book/site", digest);
    expect(chapters.changes()).toBe(before);
  });

  it("adds a new chapter's route and removes a deleted one's", () => {
    const chapters = store();
    devChapters(graph([chapter("combat", "Combat", "Text.")]), chapters, "/book/site", digest);
    devChapters(graph([chapter("magic", "Magic", "Text.")]), chapters, "/book/site", digest);
    expect(chapters.keys()).toEqual(["magic"]);
  });
});
