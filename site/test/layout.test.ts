// Reader-page pieces without a browser: sidebar marking, dropped one-item TOC, table regions, A–Z list, preview facts
import type { StarlightRouteData } from "@astrojs/starlight/route-data";
import { load } from "@momenta/content";
import { entryList, keyFacts, PageLinks, previewCard, toHtml } from "@momenta/render";
import type { Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { selectAll } from "hast-util-select";
import { beforeAll, describe, expect, it } from "vitest";
import type { ContentGraph, Entry } from "../src/lib/content.ts";
import { rehypeTableScroll } from "../src/lib/rehype-table-scroll.ts";
import { badgePackPagination, catalogOf, markCatalog, onlyOverview } from "../src/lib/route-data.ts";
import { REPO_DIR } from "./support/build.ts";

let graph: ContentGraph;
beforeAll(async () => {
  graph = load({ root: REPO_DIR }).graph;
});

type Sidebar = StarlightRouteData["sidebar"];
const link = (label: string, href: string): Sidebar[number] => ({
  type: "link",
  label,
  href,
  isCurrent: false,
  badge: undefined,
  attrs: {},
});

describe("previous and next links", () => {
  it("name the pack of a homebrew page they lead to, and leave core pages' labels alone", () => {
    const pagination = {
      prev: link("Wondrous items", "/wondrous/"),
      next: link("40 · Official Errata", "/chapter/impersonation.official-errata/"),
    } as StarlightRouteData["pagination"];
    const seen: string[] = [];
    badgePackPagination(pagination, (pathname) => {
      seen.push(pathname);
      return pathname.includes("impersonation.") ? { name: "Impersonation" } : undefined;
    });
    expect(seen).toEqual(["/wondrous/", "/chapter/impersonation.official-errata/"]);
    expect(pagination.prev?.label).toBe("Wondrous items");
    expect(pagination.next?.label).toBe("40 · Official Errata (Homebrew · Impersonation)");
    const none = { prev: undefined, next: undefined } as StarlightRouteData["pagination"];
    badgePackPagination(none, () => ({ name: "x" }));
    expect(none).toEqual({ prev: undefined, next: undefined });
  });
});

describe("the sidebar marks the catalog of the entry being read", () => {
  it("finds the catalog of an entry path, never of a chapter or a catalog index", () => {
    expect(catalogOf("/weapon/mace/")).toBe("/weapon/");
    expect(catalogOf("/mastery-domain/general/")).toBe("/mastery-domain/");
    expect(catalogOf("/chapter/attacking/")).toBeUndefined();
    expect(catalogOf("/weapon/")).toBeUndefined();
    expect(catalogOf("/")).toBeUndefined();
  });

  it("marks the link and opens its (closed) group, leaving aria-current to the page itself", () => {
    const sidebar: Sidebar = [
      {
        type: "group",
        label: "Moment 1",
        collapsed: true,
        badge: undefined,
        entries: [link("Dice", "/chapter/d/")],
      },
      {
        type: "group",
        label: "Catalogs",
        collapsed: true,
        badge: undefined,
        entries: [link("Armor", "/armor/"), link("Weapons", "/weapon/")],
      },
    ];
    expect(markCatalog(sidebar, "/weapon/")).toBe(true);
    const [moment, catalogs] = sidebar as Array<Extract<Sidebar[number], { type: "group" }>>;
    expect(moment?.collapsed).toBe(true);
    expect(catalogs?.collapsed).toBe(false);
    expect(
      catalogs?.entries.map((entry) => entry.type === "link" && "data-current-catalog" in entry.attrs),
    ).toEqual([false, true]);
    expect(catalogs?.entries.every((entry) => entry.type === "link" && !entry.isCurrent)).toBe(true);
    expect(markCatalog(sidebar, "/nowhere/")).toBe(false);
  });

  it("drops a table of contents that lists only Overview, keeps one with sections", () => {
    const item = (slug: string, children: [] = []) => ({ depth: 2, slug, text: slug, children });
    const toc = (items: ReturnType<typeof item>[]) => ({ minHeadingLevel: 2, maxHeadingLevel: 3, items });
    expect(onlyOverview(toc([item("_top")]))).toBe(true);
    expect(onlyOverview(toc([item("_top"), item("stacking")]))).toBe(false);
    expect(onlyOverview(undefined)).toBe(false);
  });
});

describe("Markdown tables sit in labelled scroll regions", () => {
  const run = (html: string) => {
    const tree = fromHtml(html, { fragment: true }) as Root;
    rehypeTableScroll()(tree);
    return tree;
  };
  it("names two tables under one heading apart (landmark names are unique)", () => {
    const tree = run("<h2>Outcomes</h2><table></table><table></table>");
    expect(selectAll("section.table-scroll", tree).map((region) => region.properties.ariaLabel)).toEqual([
      "Table: Outcomes",
      "Table: Outcomes (2)",
    ]);
  });

  it("wraps each table once, named by its caption or the heading above it", () => {
    const tree = run(
      "<h2>Successes</h2><table><tr><th>Dice</th></tr></table>" +
        '<table><caption>Odds</caption><tr><td>1</td></tr></table><section class="table-scroll"><table></table></section>',
    );
    const regions = selectAll("section.table-scroll", tree);
    expect(regions.map((region) => region.properties.ariaLabel)).toEqual([
      "Table: Successes",
      "Odds",
      undefined,
    ]);
    expect(regions.slice(0, 2).map((region) => region.properties.tabIndex)).toEqual([0, 0]);
    expect(selectAll("section.table-scroll > table", tree)).toHaveLength(3);
    expect(selectAll(".table-scroll .table-scroll", tree)).toEqual([]);
  });
});

describe("the glossary reads by letter", () => {
  it("has an A–Z bar whose every letter links to its heading, and keeps an anchor per term", () => {
    const html = toHtml(entryList(graph, "glossary", new PageLinks(graph)));
    const tree = fromHtml(html, { fragment: true });
    const letters = selectAll("nav.az-bar a", tree).map((a) => String(a.properties.href));
    expect(letters.length).toBeGreaterThanOrEqual(15);
    const headings = new Set(selectAll("h2.entry-list__letter", tree).map((h2) => `#${h2.properties.id}`));
    expect(letters.every((href) => headings.has(href))).toBe(true);
    expect(letters[0]).toBe("#letter-a");
    for (const term of graph.byKind("glossary"))
      expect(html).toContain(`id="${term.id.slice("glossary/".length)}"`);
  });

  it("a short list stays one definition list", () => {
    const html = toHtml(entryList(graph, "damage-type", new PageLinks(graph)));
    expect(html).not.toContain("az-bar");
    expect(html.startsWith('<dl class="entry-list"')).toBe(true);
  });
});

describe("previews carry the key numbers of their kind, from the data", () => {
  const entry = (id: string) => graph.get(id) as Entry;
  it("a weapon: its damage ladder as the data holds it, beside the tags of its kind line", () => {
    const mace = entry("weapon/mace");
    const damage = (mace.data as { damage: Record<string, number> }).damage;
    expect(keyFacts(mace, graph)).toEqual([
      { label: "Damage (0s–3+)", value: ["0s", "1s", "2s", "3+"].map((band) => damage[band]).join(" · ") },
    ]);
    const card = toHtml(previewCard(mace, graph));
    expect(card).toContain("Crushing");
    expect(card).toContain('class="ref-card__facts"');
  });

  it("an armor: its guard bonus; a condition: its effect as the card's text, no invented numbers", () => {
    const guard = keyFacts(entry("armor/chain-shirt"), graph).find((fact) => fact.label === "Guard bonus");
    expect(guard?.value).toBe(String((entry("armor/chain-shirt").data as { guardBonus: number }).guardBonus));
    expect(keyFacts(entry("condition/hindered"), graph)).toEqual([]);
    expect(toHtml(previewCard(entry("condition/hindered"), graph))).toContain('class="ref-card__text"');
  });

  it("never shows a slug or an id as a fact", () => {
    for (const target of graph.entries.values())
      for (const fact of keyFacts(target, graph))
        expect(fact.value).not.toMatch(/^[a-z0-9]+(?:[-/][a-z0-9]+)+$/);
  });
});
