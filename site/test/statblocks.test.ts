// Stat blocks from the real content graph: every entry renders, numbers read as the book prints them,
// incomplete entries say what is missing, and Mira's sheet shows what @momenta/rules computes

import { entryOfKind, load } from "@momenta/content";
import { characterBonuses, PageLinks, renderStatBlock, toHtml, unresolvedReferences } from "@momenta/render";
import { deriveStats } from "@momenta/rules";
import { beforeAll, describe, expect, it } from "vitest";
import type { ContentGraph, Entry } from "../src/lib/content.ts";
import { REPO_DIR } from "./support/build.ts";

let graph: ContentGraph;
beforeAll(async () => {
  graph = load({ root: REPO_DIR }).graph;
});

const entry = (id: string) => {
  const found = graph.get(id);
  if (!found || !("kind" in found) || found.kind === "chapter") throw new Error(`no entry ${id}`);
  return found as Entry;
};
const render = (id: string) => toHtml(renderStatBlock(entry(id), new PageLinks(graph, id)));
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("every entry's stat block", () => {
  it("renders with its name, kind and, when incomplete, what is missing", () => {
    expect(graph.entries.size).toBeGreaterThan(100);
    for (const item of graph.entries.values()) {
      const html = toHtml(renderStatBlock(item, new PageLinks(graph, item.id)));
      expect(html, item.id).toContain(`data-entry="${item.id}"`);
      expect(text(html), item.id).toContain(item.name.replace(/&/g, "&"));
      if (item.status === "incomplete") {
        expect(html, item.id).toContain("missing-notice");
        for (const missing of item.missing) expect(text(html), item.id).toContain(missing);
      } else expect(html, item.id).not.toContain("missing-notice");
    }
  });
});

describe("kinds", () => {
  it("weapon: tags after the name, weight class, attribute and the 0s–3+ ladder in order", () => {
    const html = render("weapon/mace");
    expect(text(html)).toMatch(/Weapon · Medium · POW · \( Crushing , Melee 1 \)/);
    expect(text(html)).toMatch(/0s 1s 2s 3\+ 2 damage 7 damage 13 damage 20 damage/);
    expect(html).toContain('href="/tag/melee/"');
  });

  it("condition: stacking and clear type in the kind line, effect with references linked", () => {
    const html = render("condition/hindered");
    expect(text(html)).toContain("Condition · Stackable: no · roll-to-clear (POW or AGI)");
    expect(html).toContain('data-ref="reaction/dodge"');
  });

  it("art: base cost, basic shape with shaping, and labeled ladders", () => {
    const html = render("art/rend");
    expect(text(html)).toMatch(/Art · Attack · Base Cost: \d+ Vigor/);
    expect(html).toContain("Basic shape");
    expect(html).toMatch(/<caption>Effect( \((Vitality|Strain)\))?<\/caption>/);
  });

  it("resonance: one section per Art it lists, linking the Art", () => {
    const resonance = entry("resonance/ignis");
    const listed = (resonance.data as { entries: Array<{ art: string }> }).entries;
    const html = render("resonance/ignis");
    for (const { art } of listed) {
      expect(html).toContain(`id="with-${art.slice(4)}"`);
      expect(html).toContain(`data-ref="${art}"`);
    }
  });

  it("resonance: two ladders read as the caster's choice, as the book words Lux's Mend", () => {
    const mend =
      text(render("resonance/lux"))
        .split(/\bMend\b/)
        .at(-1) ?? "";
    expect(mend).toContain("Ladders Vitality or Strain (caster choice)");
    // one ladder stays a plain value
    expect(text(render("resonance/mens"))).toMatch(/Ladders Strain Bonus effect/);
  });

  it("limit break: prerequisite as the book writes it", () => {
    const lb = graph
      .byKind("limit-break")
      .find((item) => (item.data as { category?: string }).category === "general");
    if (!lb) throw new Error("no general Limit Break in content");
    const { prerequisite } = lb.data as { prerequisite: { core: string; minimum: number } };
    expect(text(render(lb.id))).toContain(`Prerequisite: ${prerequisite.core} ${prerequisite.minimum}`);
  });

  it("armor: a penalty the book prints as none reads none, not an empty field", () => {
    expect((entry("armor/chain-shirt").data as { penalty: unknown }).penalty).toBeNull();
    expect(text(render("armor/chain-shirt"))).toMatch(/Penalty none/);
  });

  it("archetype: one section per rank, in order", () => {
    const html = render("archetype/warrior");
    const ranks = [...html.matchAll(/id="rank-(\d)"/g)].map((match) => match[1]);
    expect(ranks).toEqual(["1", "2", "3"]);
  });
});

describe("Mira's character sheet", () => {
  it("shows the derived stats @momenta/rules computes, and they equal what the book prints", () => {
    const mira = entryOfKind(entry("character/mira"), "character");
    if (!mira) throw new Error("character/mira is not a valid character");
    const data = mira.data;
    const derived = deriveStats({
      attributes: data.attributes,
      characterRank: data.characterRank,
      bonuses: characterBonuses(mira, new PageLinks(graph)),
    });
    const html = render("character/mira");
    // the sheet a player reads: each stat a box with its value; the book's table folded under it
    const sheet = html.slice(0, html.indexOf('class="sheet__compare"'));
    const boxed = (stat: string) =>
      new RegExp(`<li class="[^"]*" data-stat="${stat}">[\\s\\S]*?sheet__stat-value">([^<]*)<`).exec(
        sheet,
      )?.[1];
    const table = html.slice(html.indexOf('class="sheet__derived"'));
    const shown = (stat: string) =>
      new RegExp(`data-stat="${stat}"[\\s\\S]*?data-computed="(\\d+)"`).exec(table)?.[1];
    for (const stat of [
      "maxVitality",
      "maxStrain",
      "resolve",
      "maxGuard",
      "vigorRegain",
      "maxBonds",
    ] as const) {
      expect(shown(stat), stat).toBe(String(derived[stat].value));
      expect(boxed(stat), stat).toBe(String(derived[stat].value));
      expect(derived[stat].value, stat).toBe(data.statedDerivedStats?.[stat]?.value);
    }
    expect(html).not.toContain("sheet__mismatch");
    expect(html).toMatch(/<details class="sheet__compare">\s*<summary>/);
    expect(html).toContain("all 19 stated rows match");
  });

  it("shows SPD, SEN and SIZE from her ancestry beside what the book prints", () => {
    const html = render("character/mira");
    const row = (stat: string) =>
      new RegExp(
        `<tr data-stat="${stat}">[\\s\\S]*?data-computed="([^"]*)"[^>]*>[^<]*</td>\\s*<td class="num">([^<]*)<`,
      ).exec(html);
    expect(row("spd")?.slice(1)).toEqual(["5", "5"]);
    expect(row("sen")?.slice(1)).toEqual(["10", "10"]);
    expect(row("size")?.slice(1)).toEqual(["1M", "1M"]);
  });
});

describe("references in stat blocks", () => {
  it("mark an unresolved reference visibly and report it", () => {
    const fake = {
      ...entry("condition/hindered"),
      id: "condition/test-only",
      data: { ...entry("condition/hindered").data, effect: "See [[No Such Thing]]." },
    };
    const html = toHtml(renderStatBlock(fake as Entry, new PageLinks(graph, fake.id)));
    expect(html).toContain(
      '<span class="ref-unresolved" title="Unresolved reference [[No Such Thing]]">No Such Thing</span>',
    );
    expect(unresolvedReferences()).toContainEqual(
      expect.objectContaining({ raw: "[[No Such Thing]]", from: "condition/test-only" }),
    );
  });
});
