// Previewing homebrew packs (MOMENTA_PACKS): pack entries join the graph with a "Homebrew · <pack>" badge, and
// their prose goes through the sanitizing Markdown path (a `javascript:` link in a broken pack stays dead)
import { join } from "node:path";
import { catalogTable, PageLinks, previewContainer, renderStatBlock, toHtml } from "@momenta/render";
import { beforeAll, describe, expect, it } from "vitest";
import { type ContentGraph, type Entry, getGraph, packOf } from "../src/lib/content.ts";
import { renderPackChapter } from "../src/lib/pack-chapter.ts";
import { REPO_DIR } from "./support/build.ts";

let graph: ContentGraph;
beforeAll(async () => {
  // each test file runs in its own process, so this pack set stays local to this file
  // the example with deliberate mistakes: a hostile link and a misspelled reference among valid entries
  process.env.MOMENTA_PACKS = join(REPO_DIR, "examples/homebrew-broken");
  graph = await getGraph();
});

const entry = (id: string) => graph.get(id) as Entry;

describe("a site built with homebrew packs", () => {
  it("holds core and pack entries, the pack's named from its manifest", () => {
    expect(graph.get("condition/hindered")).toBeDefined();
    const smouldering = entry("condition/ember-court.smouldering");
    expect(smouldering.name).toBe("Smouldering");
    expect(packOf(smouldering.id)).toEqual({
      id: "ember-court",
      name: "The Ember Court (homebrew example with deliberate mistakes)",
    });
    expect(packOf("condition/hindered")).toBeUndefined();
  });

  it("badges pack entries in catalogs and previews", () => {
    const links = new PageLinks(graph);
    const table = toHtml(catalogTable(graph, "condition", links));
    expect(table).toMatch(
      /data-id="condition\/ember-court\.smouldering"[\s\S]*?Homebrew · The Ember Court \(homebrew example with deliberate mistakes\)/,
    );
    const cards = toHtml(previewContainer(graph, ["condition/ember-court.smouldering"]));
    expect(cards).toContain("Homebrew · The Ember Court (homebrew example with deliberate mistakes)");
  });

  it("links pack prose to core entries and never emits a javascript: link", () => {
    const broken = [...graph.entries.values()].find(
      (item) => item.id.startsWith("resonance/") && item.id.includes(".cinis"),
    );
    if (!broken) throw new Error("the broken pack's Resonance did not load");
    const hostile = toHtml(renderStatBlock(broken, new PageLinks(graph, broken.id)));
    expect(hostile).toContain('data-ref="resonance/ignis"');
    expect(hostile).toContain("Read more");
    expect(hostile).not.toMatch(/href="javascript:/i);
    // its misspelled reference is shown, marked unresolved
    expect(hostile).toContain('class="ref-unresolved"');
  });

  it("renders a pack chapter as data: its code stays text, its HTML and script links never become markup", () => {
    const chapter = graph.chapters.find((candidate) => packOf(candidate.id)) ?? graph.chapters[0];
    if (!chapter) throw new Error("no chapter loaded");
    const body = [
      'import fs from "node:fs"',
      "",
      'export const pwned = fs.writeFileSync("/tmp/x", "1")',
      "",
      "## Section",
      "",
      "Take {1 + 1} [[maneuver:Shift]] and [x](javascript:alert(1)).",
      "",
      "<script>alert(1)</script>",
      "",
      '<img src="x" onerror="alert(1)">',
      "",
      '<iframe src="javascript:alert(1)"></iframe>',
    ].join("\n");
    const { html, headings } = renderPackChapter(graph, { ...chapter, body });
    expect(html).toContain('<p>import fs from "node:fs"</p>');
    expect(html).toContain("Take {1 + 1} ");
    expect(html).toContain('<a href="/maneuver/shift/" class="ref" data-ref="maneuver/shift">Shift</a>');
    expect(html).not.toMatch(/<(script|img|iframe)\b|\son[a-z]+=|javascript:/i);
    expect(headings).toEqual([{ depth: 2, slug: "section", text: "Section" }]);
  });
});
