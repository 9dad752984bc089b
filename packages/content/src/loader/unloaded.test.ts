// unloadedFiles: the ids a file that did not load would define, from its name
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { load } from "./load.ts";
import { chapterFileId, unloadedFiles } from "./unloaded.ts";

describe("unloadedFiles", () => {
  it("names a chapter file's id and number as the loader's fallback does", () => {
    expect(chapterFileId("content/rules/20-attacking.mdx")).toEqual({
      id: "chapter/attacking",
      slug: "attacking",
      chapter: "20",
    });
    expect(chapterFileId("content/rules/a-tags.mdx")).toEqual({
      id: "chapter/tags",
      slug: "tags",
      chapter: "A",
    });
    expect(chapterFileId("content/rules/catalog-archetypes.mdx")).toEqual({
      id: "chapter/catalog-archetypes",
      slug: "catalog-archetypes",
    });
  });

  it("lists the files that gave the graph nothing, by id, slug and chapter number", () => {
    const root = mkdtempSync(join(tmpdir(), "momenta-unloaded-"));
    try {
      mkdirSync(join(root, "content/conditions"), { recursive: true });
      mkdirSync(join(root, "content/rules"), { recursive: true });
      writeFileSync(join(root, "content/conditions/hindered.json"), "{,\n");
      writeFileSync(join(root, "content/rules/20-attacking.mdx"), '---\ntitle: "Attacking\n---\n');
      const { graph } = load({ root });
      const unloaded = unloadedFiles(graph);
      expect([...unloaded.byId.keys()].sort()).toEqual(["chapter/attacking", "condition/hindered"]);
      expect(unloaded.bySlug.get("hindered")?.map((file) => file.file)).toEqual([
        "content/conditions/hindered.json",
      ]);
      expect(unloaded.byChapter.get("20")?.file).toBe("content/rules/20-attacking.mdx");
      expect(unloadedFiles(graph)).toBe(unloaded);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
