// Catalog tables, entry lists and preview cards from the real content graph

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { load, OverlayFiles } from "@momenta/content";
import {
  catalogColumns,
  catalogTable,
  entryList,
  PageLinks,
  previewContainer,
  proseExcerpt,
  toHtml,
} from "@momenta/render";
import { beforeAll, describe, expect, it } from "vitest";
import type { ContentGraph } from "../src/lib/content.ts";
import { REPO_DIR } from "./support/build.ts";

let graph: ContentGraph;
beforeAll(async () => {
  graph = load({ root: REPO_DIR }).graph;
});

describe("catalog columns", () => {
  it("weapons: weight class, attributes, damage types, tags and the numeric damage ladder, with facets", () => {
    const columns = catalogColumns("weapon", graph.byKind("weapon"));
    const keys = columns.map((column) => column.key);
    expect(keys.slice(0, 1)).toEqual(["name"]);
    expect(keys).toEqual(
      expect.arrayContaining(["weightClass", "attributes", "damageTypes", "tags", "damage"]),
    );
    // the printed ladder ("2 damage") gives way to the numeric one
    expect(keys).not.toContain("effect");
    // every weapon is complete, and only one is always equipped: neither earns a column
    expect(keys).not.toContain("status");
    expect(keys).not.toContain("alwaysEquipped");
    expect(columns.find((column) => column.key === "weightClass")?.facet).toBe(true);
    expect(columns.find((column) => column.key === "damage")?.numeric).toBe(true);
  });

  it("conditions: stacking and clear type as the book writes them", () => {
    const columns = catalogColumns("condition", graph.byKind("condition"));
    const links = new PageLinks(graph);
    const hindered = graph.get("condition/hindered");
    if (!hindered || !("kind" in hindered) || hindered.kind === "chapter") throw new Error("no Hindered");
    const cell = (key: string) =>
      columns.find((column) => column.key === key)?.cell(hindered as never, links).sort;
    expect(cell("stackable")).toBe("no");
    expect(cell("clear")).toBe("roll-to-clear (POW or AGI)");
  });

  it("lists the Arts in the book's order (the Resonances' lists), then the unlisted ones by name", () => {
    const html = toHtml(catalogTable(graph, "art", new PageLinks(graph)));
    const rows = [...html.matchAll(/<tr data-id="([^"]+)"/g)].map((match) => match[1]);
    expect(rows).toEqual(["art/rend", "art/afflict", "art/bolster", "art/mend", "art/compel", "art/impel"]);
  });

  it("renders one row per entry, each linking its page", () => {
    const html = toHtml(catalogTable(graph, "armor", new PageLinks(graph)));
    const rows = [...html.matchAll(/<tr data-id="([^"]+)"/g)].map((match) => match[1]);
    expect(rows.sort()).toEqual(
      graph
        .byKind("armor")
        .map((entry) => entry.id)
        .sort(),
    );
    for (const id of rows) expect(html).toContain(`href="/${id}/"`);
  });
});

describe("entry lists (glossary)", () => {
  it("give every term an anchor and link the chapter it points to", () => {
    const html = toHtml(entryList(graph, "glossary", new PageLinks(graph)));
    const terms = graph.byKind("glossary");
    expect(terms.length).toBeGreaterThan(150);
    for (const term of terms) expect(html).toContain(`id="${term.id.slice("glossary/".length)}"`);
    expect(html.match(/class="entry-list__see"/g)?.length ?? 0).toBeGreaterThan(terms.length / 2);
  });
});

describe("preview cards", () => {
  it("inline one card per linked id, with the entry's kind line and plain-text excerpt", () => {
    const html = toHtml(
      previewContainer(graph, ["condition/hindered", "condition/hindered", "reaction/dodge"]),
    );
    expect(html.match(/data-preview=/g)).toHaveLength(2);
    expect(html).toContain("Condition · Stackable: no · roll-to-clear (POW or AGI)");
    expect(html).toContain('<div id="ref-previews" class="ref-previews" hidden data-pagefind-ignore="all">');
    // a page with two containers (a catalog's text and its table) names the second apart
    expect(toHtml(previewContainer(graph, ["reaction/dodge"], "ref-previews-table"))).toContain(
      '<div id="ref-previews-table" class="ref-previews"',
    );
    expect(html).not.toContain("[[");
  });

  it("a card follows its entry's edit in the same process, as `npm run dev` re-renders (issue 25)", () => {
    const path = join(REPO_DIR, "content/conditions/hindered.json");
    const before = toHtml(previewContainer(graph, ["condition/hindered"]));
    const files = new OverlayFiles();
    const edited = JSON.parse(readFileSync(path, "utf8"));
    edited.name = "Hindered (edited in the editor)";
    files.set(path, JSON.stringify(edited));
    const after = toHtml(previewContainer(load({ root: REPO_DIR, files }).graph, ["condition/hindered"]));
    expect(before).not.toContain("edited in the editor");
    expect(after).toContain("Hindered (edited in the editor)");
  });

  it("excerpts prose as a reader reads it", () => {
    expect(proseExcerpt("You are **[[Hindered|hindered]]** and take [[Wracked 2 (Fire)]].")).toBe(
      "You are hindered and take Wracked 2 (Fire).",
    );
    const long = `${"A sentence of rules text. ".repeat(20)}`;
    expect(proseExcerpt(long).length).toBeLessThanOrEqual(282);
    expect(proseExcerpt(long).endsWith("…")).toBe(true);
  });
});
