// Every Art, Resonance and Limit Break stat block of the seed has an entry with the same numbers and words
import { describe, expect, it } from "vitest";
import {
  type Art,
  artSchema,
  type LimitBreak,
  limitBreakSchema,
  plainText,
  type Resonance,
  type ResonanceArtEntry,
  resonanceSchema,
  slugify,
} from "../src/index.ts";
import { Differences, loadEntries } from "./fidelity.ts";
import { fieldValue, ladder, readSeed, type StatBlock, statBlocks } from "./seed.ts";

/** Prose as a reader sees it, with line breaks and runs of spaces folded (Markdown soft breaks). */
const words = (text: string | undefined) =>
  text === undefined ? undefined : plainText(text).replace(/\s+/g, " ").trim();
const folded = (text: string | undefined) => text?.replace(/\s+/g, " ").trim();

// ---- Arts -------------------------------------------------------------------------------------------

const EFFECT_HEADER = /^Effect(?: \((\w+)\))?:$/;
const LADDER_KEYS: Record<string, string> = {
  "0s": "0s",
  "1s": "1s",
  "2s": "2s",
  "3+": "3+",
  OF: "overflow",
};

function artDifferences(block: StatBlock, art: Art): string[] {
  const diff = new Differences(`art ${block.name}`);
  const { lines } = block;
  diff.same("name", art.name, block.name);
  diff.same("type", art.type, block.headerTags.join(", "));
  diff.same(
    "base cost",
    art.baseCost === undefined ? undefined : `${art.baseCost} Vigor`,
    fieldValue(lines, "Base Cost"),
  );
  for (const dimension of ["range", "duration", "area"] as const) {
    const shape = art.basicShape?.[dimension];
    const label = `- ${dimension[0]?.toUpperCase()}${dimension.slice(1)}`;
    diff.same(`basic ${dimension}`, shape && `${shape.value} (${shape.shaping})`, fieldValue(lines, label));
  }
  diff.same("description", words(art.description), folded(fieldValue(lines, "Description")));

  const headers = lines.filter((line) => EFFECT_HEADER.test(line));
  diff.same(
    "ladder tracks",
    (art.effects ?? []).map((effect) => effect.track ?? null),
    headers.map((header) => EFFECT_HEADER.exec(header)?.[1] ?? null),
  );
  headers.forEach((header, index) => {
    const seedLadder: Record<string, string | undefined> = {};
    for (const [band, text] of Object.entries(ladder(lines, header.slice(0, -1)))) {
      seedLadder[LADDER_KEYS[band] ?? band] = folded(text);
    }
    const { track: _track, ...entryLadder } = art.effects?.[index] ?? {};
    const entryWords = Object.fromEntries(
      Object.entries(entryLadder).map(([band, text]) => [band, words(text)]),
    );
    diff.same(`ladder ${header}`, entryWords, seedLadder);
  });

  // Free paragraphs: before the first ladder they explain the ladders; after it they are the Art's own rules.
  const firstLadder = lines.findIndex((line) => EFFECT_HEADER.test(line));
  const isField = (line: string) =>
    /^\s|^-\s/.test(line) || /^(Base Cost|Basic Shape|Description):/.test(line) || EFFECT_HEADER.test(line);
  const paragraphs = (from: number, to: number) =>
    lines
      .slice(from, to)
      .filter((line) => !isField(line))
      .map((line) => folded(line));
  const note = paragraphs(0, firstLadder);
  diff.same("text before the ladders", art.ladderNote === undefined ? [] : [words(art.ladderNote)], note);
  diff.same("rules after the ladders", (art.rules ?? []).map(words), paragraphs(firstLadder, lines.length));
  return diff.list;
}

// ---- Resonances -------------------------------------------------------------------------------------

/** The fields each Art type's Resonance entry may print, in the catalog's phrasing. */
const ENTRY_FIELDS: Record<string, readonly string[]> = {
  Attack: ["art", "ladders", "bonusDamage", "attackTags", "condition", "opposableBy", "notes"],
  Utility: ["art", "bolsterEffect", "qualifyingRolls"],
  Restoration: ["art", "ladders", "bonusEffect"],
};

/** Writes a Resonance's per-Art entry the way the Spellcasting catalog prints it. */
function printResonanceEntry(entry: ResonanceArtEntry, artType: string | undefined): string {
  if (entry.supported === false) return "Not Supported.";
  const parts: string[] = [];
  const ladders = entry.ladders ?? [];
  if (artType === "Restoration") {
    if (ladders.length === 1) {
      parts.push(`Heals ${ladders[0]}. Bonus Effect: ${entry.bonusEffect?.[ladders[0] ?? "Vitality"] ?? ""}`);
    } else {
      parts.push(`Can heal either ${ladders.join(" or ")} (caster choice).`);
      for (const track of ladders)
        parts.push(`\n- ${track} Bonus Effect: ${entry.bonusEffect?.[track] ?? ""}`);
    }
  } else if (artType === "Utility") {
    parts.push(
      `Bolster Effect: ${entry.bolsterEffect ?? ""} Qualifying rolls: ${entry.qualifyingRolls ?? ""}`,
    );
  } else {
    if (ladders.length > 0) parts.push(`Deals ${ladders.join(" or ")} damage.`);
    if (entry.bonusDamage !== undefined) parts.push(`Bonus damage +${entry.bonusDamage}.`);
    if (entry.attackTags)
      parts.push(`Additional attack tags: ${entry.attackTags.map((tag) => `"${tag}"`).join(", ")}.`);
    if (entry.condition) parts.push(`Condition: ${entry.condition}.`);
    if (entry.opposableBy?.roll === "luck") parts.push("Opposable by a luck roll.");
    else if (entry.opposableBy) parts.push(`Opposable by ${entry.opposableBy.attribute} action roll.`);
    if (entry.notes) parts.push(entry.notes);
  }
  return parts.join(" ");
}

/** `[Art]` sections of a Resonance block: art name → its lines joined. */
function resonanceSections(block: StatBlock): Array<[string, string]> {
  const sections: Array<[string, string]> = [];
  for (const line of block.lines) {
    const heading = /^\[(.+)\]$/.exec(line.trim());
    const last = sections[sections.length - 1];
    if (heading) sections.push([heading[1] ?? "", ""]);
    else if (last) last[1] = `${last[1]}\n${line}`.trim();
  }
  return sections;
}

function resonanceDifferences(block: StatBlock, resonance: Resonance, arts: Map<string, Art>): string[] {
  const diff = new Differences(`resonance ${block.name}`);
  diff.same("name", resonance.name, block.name);
  diff.same("description", words(resonance.description), folded(fieldValue(block.lines, "Description")));
  const sections = resonanceSections(block);
  const entries = resonance.entries ?? [];
  diff.same(
    "Arts listed",
    entries.map((entry) => entry.art),
    sections.map(([artName]) => `art/${slugify(artName)}`),
  );
  for (const [index, [artName, text]] of sections.entries()) {
    const entry = entries[index];
    if (!entry) continue;
    const art = arts.get(entry.art);
    const type = art?.type ?? "";
    if (entry.supported !== false) {
      const stray = Object.keys(entry).filter((key) => !ENTRY_FIELDS[type]?.includes(key));
      diff.same(`[${artName}] fields a ${type || "unknown"} Art's entry cannot print`, stray, []);
      const tracks = (art?.effects ?? []).map((effect) => effect.track);
      const unknown = (entry.ladders ?? []).filter((track) => !tracks.includes(track));
      diff.same(`[${artName}] ladders the Art does not have`, unknown, []);
    }
    diff.same(`[${artName}]`, words(printResonanceEntry(entry, type)), folded(text));
  }
  return diff.list;
}

// ---- Limit Breaks -----------------------------------------------------------------------------------

const CATEGORY_BY_SECTION: Record<string, string> = {
  "General Limit Breaks": "general",
  "Archetype Limit Breaks": "archetype",
  "Combo Limit Breaks": "combo",
};

function limitBreakDifferences(block: StatBlock, limitBreak: LimitBreak): string[] {
  const diff = new Differences(`limit break ${block.name}`);
  diff.same("name", limitBreak.name, block.name);
  diff.same("section", limitBreak.source.section, block.section);
  diff.same("category", limitBreak.category, CATEGORY_BY_SECTION[block.section ?? ""]);

  const prerequisite = fieldValue(block.lines, "Prerequisite") ?? "";
  const coreMinimum = /^(BODY|MIND|SOUL) (\d+)$/.exec(prerequisite);
  const realized = /^(.+) Realized$/.exec(prerequisite);
  const expected = coreMinimum
    ? { core: coreMinimum[1], minimum: Number(coreMinimum[2]) }
    : realized
      ? { archetype: `archetype/${slugify(realized[1] ?? "")}` }
      : { unparsed: prerequisite };
  diff.same("prerequisite", limitBreak.prerequisite, expected);

  // The effect is the `Effect:` line plus the list items under it; other paragraphs are notes.
  const effectAt = block.lines.findIndex((line) => line.startsWith("Effect:"));
  const after = block.lines.slice(effectAt + 1);
  const listItems = after.filter((line) => /^-\s/.test(line));
  const effect = [fieldValue(block.lines, "Effect"), ...listItems].join("\n");
  diff.same("effect", words(limitBreak.effect), folded(effect));
  const notes = after.filter((line) => !/^-\s/.test(line)).map((line) => folded(line));
  diff.same("notes", (limitBreak.notes ?? []).map(words), notes);
  const leftover = block.lines.slice(0, effectAt).filter((line) => !line.startsWith("Prerequisite:"));
  diff.same("unread lines", leftover, []);
  return diff.list;
}

// ---- The checks -------------------------------------------------------------------------------------

const arts = loadEntries<Art>("arts", artSchema);
const artsById = new Map(arts.map((art) => [art.id, art]));
const resonances = loadEntries<Resonance>("resonances", resonanceSchema);
const limitBreaks = loadEntries<LimitBreak>("limit-breaks", limitBreakSchema);
const artBlocks = statBlocks("ART");
const resonanceBlocks = statBlocks("RESONANCE");
const limitBreakBlocks = statBlocks("LIMIT BREAK");

const byName = <T extends { name: string }>(entries: readonly T[], name: string) =>
  entries.find((entry) => entry.name === name);

describe("Arts match the Spellcasting catalog", () => {
  it("the seed has 4 Art stat blocks and content has a complete entry for each, no more", () => {
    expect(artBlocks.map((block) => block.name)).toEqual(["Rend", "Afflict", "Bolster", "Mend"]);
    const complete = arts.filter((art) => art.status === "complete").map((art) => art.name);
    expect(complete.sort()).toEqual(artBlocks.map((block) => block.name).sort());
  });

  it.each(artBlocks.map((block) => [block.name, block] as const))("%s", (name, block) => {
    const art = byName(arts, name);
    expect(art, `content/arts has no entry named ${name}`).toBeDefined();
    if (art) expect(artDifferences(block, art)).toEqual([]);
  });

  it("every Art the book names without a stat block has an incomplete entry, and no other Art exists", () => {
    const named = /an Art \(the verb: ([^)]*)\)/.exec(readSeed())?.[1] ?? "";
    const names = named
      .replace(/…$/, "")
      .split(",")
      .map((name) => name.trim());
    const statBlockNames = new Set(artBlocks.map((block) => block.name));
    const withoutStatBlock = names.filter((name) => !statBlockNames.has(name));
    expect(withoutStatBlock.length, "the seed's list of Arts was not found").toBeGreaterThan(0);
    const incomplete = arts.filter((art) => art.status === "incomplete");
    expect(incomplete.map((art) => art.name).sort()).toEqual(withoutStatBlock.sort());
    for (const art of incomplete) {
      expect(art.missing?.length).toBeGreaterThan(0);
      expect([art.type, art.baseCost, art.basicShape, art.effects]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
    }
  });
});

describe("Resonances match the Spellcasting catalog", () => {
  it("the seed has 5 Resonances and content has exactly those", () => {
    expect(resonanceBlocks.length).toBe(5);
    expect(resonances.map((resonance) => resonance.name).sort()).toEqual(
      resonanceBlocks.map((block) => block.name).sort(),
    );
  });

  it.each(resonanceBlocks.map((block) => [block.name, block] as const))("%s", (name, block) => {
    const resonance = byName(resonances, name);
    expect(resonance, `content/resonances has no entry named ${name}`).toBeDefined();
    if (resonance) expect(resonanceDifferences(block, resonance, artsById)).toEqual([]);
  });
});

describe("Limit Breaks match the Limit Breaks catalog", () => {
  it("the seed has 7 Limit Breaks and content has exactly those", () => {
    expect(limitBreakBlocks.length).toBe(7);
    expect(limitBreaks.map((limitBreak) => limitBreak.name).sort()).toEqual(
      limitBreakBlocks.map((block) => block.name).sort(),
    );
  });

  it.each(limitBreakBlocks.map((block) => [block.name, block] as const))("%s", (name, block) => {
    const limitBreak = byName(limitBreaks, name);
    expect(limitBreak, `content/limit-breaks has no entry named ${name}`).toBeDefined();
    if (limitBreak) expect(limitBreakDifferences(block, limitBreak)).toEqual([]);
  });
});

describe("the comparison catches a changed entry", () => {
  const clone = <T>(value: T): T => structuredClone(value);
  const block = (blocks: StatBlock[], name: string) => {
    const found = blocks.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`seed has no block ${name}`);
    return found;
  };
  const entry = <T extends { name: string }>(entries: T[], name: string) => {
    const found = byName(entries, name);
    if (!found) throw new Error(`content has no entry ${name}`);
    return clone(found);
  };

  it.each([
    ["a base cost", (art: Art) => Object.assign(art, { baseCost: 3 })],
    [
      "a shaping",
      (art: Art) => art.basicShape && Object.assign(art.basicShape.duration, { shaping: "Shapeable" }),
    ],
    [
      "a ladder number",
      (art: Art) => art.effects?.[0] && Object.assign(art.effects[0], { "1s": "6 damage." }),
    ],
    ["an overflow", (art: Art) => art.effects?.[1] && delete art.effects[1].overflow],
    ["a rules paragraph", (art: Art) => art.rules?.pop()],
  ])("Rend with %s changed", (_what, mutate) => {
    const rend = entry(arts, "Rend");
    mutate(rend);
    expect(artDifferences(block(artBlocks, "Rend"), rend)).not.toEqual([]);
  });

  it.each([
    [
      "a bonus damage",
      (resonance: Resonance) => Object.assign(resonance.entries?.[0] ?? {}, { bonusDamage: 3 }),
    ],
    [
      "an opposition",
      (resonance: Resonance) => resonance.entries?.[1] && delete resonance.entries[1].opposableBy,
    ],
    ["a tag", (resonance: Resonance) => resonance.entries?.[1]?.attackTags?.reverse()],
    [
      "a condition",
      (resonance: Resonance) => Object.assign(resonance.entries?.[0] ?? {}, { condition: "[[Hindered]]" }),
    ],
    ["a dropped Art", (resonance: Resonance) => resonance.entries?.pop()],
  ])("Ignis with %s changed", (_what, mutate) => {
    const ignis = entry(resonances, "Ignis");
    mutate(ignis);
    expect(resonanceDifferences(block(resonanceBlocks, "Ignis"), ignis, artsById)).not.toEqual([]);
  });

  it.each([
    [
      "a prerequisite minimum",
      (lb: LimitBreak) => Object.assign(lb, { prerequisite: { core: "MIND", minimum: 3 } }),
    ],
    [
      "a prerequisite core",
      (lb: LimitBreak) => Object.assign(lb, { prerequisite: { core: "SOUL", minimum: 2 } }),
    ],
    ["an effect word", (lb: LimitBreak) => Object.assign(lb, { effect: lb.effect?.replace("+2d", "+3d") })],
    ["a lost note", (lb: LimitBreak) => delete lb.notes],
  ])("Arcane Overdrive with %s changed", (_what, mutate) => {
    const overdrive = entry(limitBreaks, "Arcane Overdrive");
    mutate(overdrive);
    expect(limitBreakDifferences(block(limitBreakBlocks, "Arcane Overdrive"), overdrive)).not.toEqual([]);
  });
});
