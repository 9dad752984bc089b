// The chapter test helpers on small fixtures: seed splitting, normalization, and the paragraph comparison
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  compareWithSeed,
  entryRows,
  normalize,
  parseChapter,
  rowCarried,
  seedChapters,
  statBlockIdOf,
  textUnits,
  unlinkedFirstUses,
} from "./chapters.ts";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const seed = seedChapters(fixture("seed.txt"));
const good = fixture("first-chapter.mdx");
const firstLines = seed[0]?.lines ?? [];

describe("seedChapters", () => {
  it("splits at breadcrumbs, reads number and Moment, and stops at the first catalog", () => {
    expect(seed.map(({ title, number, moment }) => ({ title, number, moment }))).toEqual([
      { title: "First Chapter", number: "00", moment: { number: 0, name: "Prologue" } },
      { title: "Second Chapter", number: "22", moment: { number: 4, name: "Combat" } },
    ]);
    expect(firstLines.at(-2)).toBe("Back to rules text.");
    expect(seed[1]?.lines.filter(Boolean)).toEqual(["Only line."]);
  });
});

describe("normalize", () => {
  it("ignores quotes, bullets, list numbers, emphasis and spacing", () => {
    expect(normalize("•  An “intro”   **bold** it’s")).toBe(`An "intro" bold it's`);
    expect(normalize("3. Third step")).toBe("Third step");
  });
});

describe("statBlockIdOf", () => {
  it("maps a [KIND] heading to the entry id, dropping tags and parameters", () => {
    expect(statBlockIdOf("[WEAPON] Mace (Crushing, Melee 1)")).toBe("weapon/mace");
    expect(statBlockIdOf("[INTERLUDE SCENE] Bond Vignette")).toBe("interlude-scene/bond-vignette");
    expect(statBlockIdOf("Effect: Your SPD is halved")).toBeUndefined();
  });
});

describe("compareWithSeed", () => {
  it("accepts a chapter that prints every paragraph, with references, labels and an embedded stat block", () => {
    const result = compareWithSeed(firstLines, parseChapter("first-chapter.mdx", good).tree);
    expect(result.missing).toEqual([]);
    expect(result.embedded.get("condition/hindered")).toEqual([
      "[CONDITION] Hindered",
      "Stackable: no",
      "Clear Type: roll-to-clear (POW or AGI)",
      "Effect: Your SPD is halved (minimum 1).",
    ]);
  });

  it("reports a dropped or reworded paragraph", () => {
    const edited = good.replace('An "intro" paragraph', "An opening paragraph");
    expect(compareWithSeed(firstLines, parseChapter("x.mdx", edited).tree).missing).toEqual([
      "An “intro” paragraph about Hindered.",
    ]);
  });

  it("accepts a paragraph split in three consecutive blocks (rule, example, rule), not in four", () => {
    const three = good.replace("paragraph about [[Hindered]].", "paragraph\n\nabout\n\n[[Hindered]].");
    expect(compareWithSeed(firstLines, parseChapter("x.mdx", three).tree).missing).toEqual([]);
    const four = good.replace(
      'An "intro" paragraph about [[Hindered]].',
      'An\n\n"intro" paragraph\n\nabout\n\n[[Hindered]].',
    );
    expect(compareWithSeed(firstLines, parseChapter("x.mdx", four).tree).missing).toEqual([
      "An “intro” paragraph about Hindered.",
    ]);
  });

  it("accepts a paragraph split in two consecutive blocks, not one split around other text", () => {
    const split = good.replace("paragraph about [[Hindered]].", "paragraph\n\nabout [[Hindered]].");
    expect(compareWithSeed(firstLines, parseChapter("x.mdx", split).tree).missing).toEqual([]);
    const apart = good.replace(
      "paragraph about [[Hindered]].",
      "paragraph\n\nSomething else.\n\nabout [[Hindered]].",
    );
    expect(compareWithSeed(firstLines, parseChapter("x.mdx", apart).tree).missing).toEqual([
      "An “intro” paragraph about Hindered.",
    ]);
  });

  it("excuses a paragraph after a stat block only if the embedded entry carries it", () => {
    const edited = parseChapter("x.mdx", good.replace("Back to rules text.", "")).tree;
    const effect = normalize("Your SPD is halved (minimum 1).");
    expect(compareWithSeed(firstLines, edited, () => effect).missing).toEqual([
      "Back to rules text. (not in condition/hindered either)",
    ]);
    expect(compareWithSeed(firstLines, edited, () => `${effect} Back to rules text.`).missing).toEqual([]);
  });

  it("reports stat block prose the embedded entry lacks", () => {
    const tree = parseChapter("x.mdx", good).tree;
    expect(compareWithSeed(firstLines, tree, () => "something else entirely").missing).toEqual([
      "Effect: Your SPD is halved (minimum 1). (not in condition/hindered either)",
    ]);
  });

  it("reports a stat block's lines when the chapter does not embed that entry", () => {
    const edited = good.replace(
      '<StatBlock id="condition/hindered" />',
      '<StatBlock id="condition/slowed" />',
    );
    expect(compareWithSeed(firstLines, parseChapter("x.mdx", edited).tree).missing).toContain(
      "Effect: Your SPD is halved (minimum 1).",
    );
  });

  it("gives a set-apart paragraph only its own component's label", () => {
    const asExample = good
      .replace("<DesignNote>", '<Example title="t">')
      .replace("</DesignNote>", "</Example>");
    expect(compareWithSeed(firstLines, parseChapter("x.mdx", asExample).tree).missing).toEqual([
      "Design Note: Why it is so.",
    ]);
    expect(textUnits(parseChapter("x.mdx", good).tree, { withLabels: false })).toContain("Why it is so.");
  });
});

describe("tables an embedded entry carries", () => {
  const stats = {
    id: "character/ada",
    statedDerivedStats: {
      maxVitality: { value: 12, calculation: "(BODY + 3) x 3" },
      maxVigor: { value: 7, calculation: "Max Vigor = default starting value of 7" },
      vigorRegain: { value: 4, calculation: "Regain (per turn) = 3 + (BODY / 2)" },
      size: { value: "1M", note: "takes up 1 square", calculation: "From ancestry" },
      masterySlots: { body: 3, total: 3 },
    },
  };
  const rows = entryRows(stats);
  const table = [
    "For Ada, here are her stats:",
    "",
    "Stat\tValue\tCalculation",
    "Max Vitality\t12\t(BODY + 3) x 3",
    "Max Vigor\tMax Vigor: 7 Regain (per turn): 4\tMax Vigor = default starting value of 7 Regain (per turn) = 3 + (BODY / 2)",
    "SIZE\t1M (takes up 1 square)\tFrom ancestry",
    "",
    "After the table.",
  ];
  const chapter = (body: string) =>
    parseChapter("x.mdx", `For Ada, here are her stats:\n\n${body}\n\nAfter the table.\n`).tree;

  it("reads `{ value, calculation, note }` fields as rows labelled by their keys", () => {
    expect(rows).toEqual([
      { label: "max vitality", value: "12", calculation: "(BODY + 3) x 3" },
      { label: "max vigor", value: "7", calculation: "Max Vigor = default starting value of 7" },
      { label: "vigor regain", value: "4", calculation: "Regain (per turn) = 3 + (BODY / 2)" },
      { label: "size", value: "1M (takes up 1 square)", calculation: "From ancestry" },
    ]);
  });

  it("matches a row word for word, including cells the export merged from consecutive rows", () => {
    for (const row of table.slice(3, 6)) expect(rowCarried(row, rows), row).toBe(true);
    expect(rowCarried("Max Vitality\t13\t(BODY + 3) x 3", rows)).toBe(false);
    expect(rowCarried("Max Vitality\t12\t(BODY + 3) × 3", rows)).toBe(false);
    expect(rowCarried("Max Strain\t12\t(BODY + 3) x 3", rows)).toBe(false);
    expect(
      rowCarried(
        "Max Vigor\tMax Vigor: 7 Regain: 4\tMax Vigor = default starting value of 7 Regain (per turn) = 3 + (BODY / 2)",
        rows,
      ),
    ).toBe(false);
  });

  it("excuses the table where the chapter embeds the entry that carries it, and only there", () => {
    const embedded = compareWithSeed(table, chapter('<StatBlock id="character/ada" />'), undefined, (id) =>
      id === stats.id ? rows : undefined,
    );
    expect(embedded.missing).toEqual([]);
    expect(embedded.embedded.get(stats.id)).toEqual(table.slice(2, 6));
    const notEmbedded = compareWithSeed(table, chapter("No table here."), undefined, () => rows);
    expect(notEmbedded.missing).toEqual(table.slice(2, 6));
  });

  it("reports a row the embedded entry words differently", () => {
    const changed = rows.map((row) =>
      row.label === "size" ? { ...row, calculation: "From Half-Elf" } : row,
    );
    const result = compareWithSeed(
      table,
      chapter('<StatBlock id="character/ada" />'),
      undefined,
      () => changed,
    );
    expect(result.missing).toEqual([
      "SIZE\t1M (takes up 1 square)\tFrom ancestry (not in character/ada either)",
    ]);
  });
});

describe("unlinkedFirstUses", () => {
  const terms = [
    { id: "condition/hindered", name: "Hindered" },
    { id: "archetype/elf", name: "Elf" },
    { id: "archetype/half-elf", name: "Half-Elf" },
    { id: "maneuver/move", name: "Move" },
  ];
  const resolve = (body: string) =>
    terms.find((term) => body.split("|")[0]?.replace(/^[a-z-]+:/, "") === term.name)?.id;
  const uses = (body: string) => {
    const source = `---\nid: chapter/x\n---\n${body}\n`;
    return unlinkedFirstUses(source, parseChapter("x.mdx", source).tree, terms, resolve).map(
      ({ id, line }) => `${line} ${id}`,
    );
  };

  it("asks for a link on the first use in each paragraph and list, not on repeats", () => {
    expect(uses("Take [[Move]] when [[Hindered]]; Move again while Hindered.")).toEqual([]);
    expect(uses("You are [[Hindered]].\n\nStill Hindered.")).toEqual(["6 condition/hindered"]);
    expect(uses("- [[maneuver:Move|Move]] once\n- Move twice")).toEqual([]);
  });

  it("reports a term whose link comes only after a plain use", () => {
    expect(uses("Hindered first, then [[Hindered]].")).toEqual(["4 condition/hindered"]);
  });

  it("reads Half-Elf as one term, and skips headings, code and component attributes", () => {
    expect(uses("A Half-Elf.")).toEqual(["4 archetype/half-elf"]);
    expect(uses("Two Elfs, then an [[Elf]].")).toEqual(["4 archetype/elf"]);
    expect(uses('## Hindered\n\n`Move`\n\n<Example title="Elf">\n\nAn [[Elf]].\n\n</Example>')).toEqual([]);
  });
});
