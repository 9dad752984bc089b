// Every reference reaches the reader as a link: no `[[…]]` markup in any built page's visible text, and each
// chapter's page has exactly as many reference links (or marked unresolved spans) as its source has references
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { load } from "@momenta/content";
import type { Element, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { select, selectAll } from "hast-util-select";
import { toText } from "hast-util-to-text";
import { beforeAll, describe, expect, it } from "vitest";
import { DIST_DIR, ensureSiteBuilt, REPO_DIR } from "./support/build.ts";

function pages(folder: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      if (name !== "pagefind" && name !== "_astro") out.push(...pages(path));
    } else if (name.endsWith(".html")) out.push(path);
  }
  return out;
}

/** Markup a page's generated parts add (embedded stat blocks, entry lists, preview cards), not chapter prose. */
const GENERATED = ".statblock, .entry-list, #ref-previews, .missing-notice";
const REFERENCE = "a.ref, span.ref-unresolved, span.ref-self";

function chapterReferences(tree: Root): Element[] {
  const main = select(".sl-markdown-content", tree);
  if (!main) return [];
  const generated = new Set(selectAll(`${GENERATED}`, main).flatMap((node) => selectAll(REFERENCE, node)));
  return selectAll(REFERENCE, main).filter((node) => !generated.has(node));
}

describe("references in the built site", () => {
  beforeAll(() => ensureSiteBuilt());

  it("leave no `[[`/`]]` markup in any page's visible text", () => {
    const files = pages(DIST_DIR);
    expect(files.length).toBeGreaterThan(100);
    const raw: string[] = [];
    for (const file of files) {
      const tree = fromHtml(readFileSync(file, "utf8"));
      for (const node of selectAll("script, style, template", tree)) node.children = [];
      const text = toText(tree);
      for (const match of text.matchAll(/\[\[[^\n]{0,40}|[^\n]{0,40}\]\]/g))
        raw.push(`${relative(DIST_DIR, file)}: ${match[0]}`);
    }
    expect(raw).toEqual([]);
  });

  it("give each chapter as many reference links or marked spans as its source has references", async () => {
    const { graph } = load({ root: REPO_DIR });
    expect(graph.chapters.length).toBeGreaterThan(20);
    const counts = graph.chapters.map((chapter) => {
      const html = readFileSync(join(DIST_DIR, chapter.id, "index.html"), "utf8");
      return {
        id: chapter.id,
        page: chapterReferences(fromHtml(html)).length,
        source: chapter.references.length,
      };
    });
    expect(counts.filter((count) => count.page !== count.source)).toEqual([]);
    expect(counts.reduce((sum, count) => sum + count.source, 0)).toBeGreaterThan(300);
  });
});
