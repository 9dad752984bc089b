// The linter and the site see the same references: over the real content, the references the loader records in
// entry prose and chapters are exactly the `reference` nodes the prose pipeline (and so the site) renders
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { load } from "../loader/load.ts";
import { parseMdx } from "../source/mdx.ts";
import { parseProse, referenceNodes } from "./parse.ts";

const ROOT = join(import.meta.dirname, "../../../..");

function strings(value: unknown, path: string, out: Array<[string, string]>): void {
  if (typeof value === "string") out.push([path, value]);
  else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) strings(item, `${path}/${index}`, out);
  } else if (value && typeof value === "object")
    for (const [key, item] of Object.entries(value))
      if (path || key !== "id") strings(item, `${path}/${key}`, out);
}

describe("references on both sides", () => {
  it("entry prose: the loader's references are the pipeline's reference nodes", async () => {
    const { graph } = load({ root: ROOT });
    let total = 0;
    const differing: string[] = [];
    for (const entry of graph.entries.values()) {
      const byLoader = entry.references.map((use) => `/${use.path.join("/")} ${use.reference.raw}`);
      const byPipeline: string[] = [];
      const fields: Array<[string, string]> = [];
      strings(entry.data, "", fields);
      for (const [path, text] of fields)
        for (const node of referenceNodes(parseProse(text))) byPipeline.push(`${path} ${node.raw}`);
      total += byLoader.length;
      if (byLoader.sort().join("\n") !== byPipeline.sort().join("\n")) differing.push(entry.id);
    }
    expect(differing).toEqual([]);
    expect(total).toBeGreaterThan(300);
  });

  it("chapters: the loader's references are the reference nodes of the chapter's syntax tree", async () => {
    const { graph } = load({ root: ROOT });
    for (const chapter of graph.chapters) {
      const text = graph.source(chapter.file)?.text ?? "";
      const nodes = referenceNodes(parseMdx(text).tree);
      expect(
        chapter.references.map((use) => use.start),
        chapter.id,
      ).toEqual(nodes.map((node) => node.position?.start.offset));
    }
  });
});
