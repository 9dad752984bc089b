// Every equipment stat block of seed 000 has an entry with the same numbers and words; every tag and damage type it names exists
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { normalizeName, plainText, slugify } from "../src/reference.ts";
import { fieldValue, ladder, proseLines, readSeed, repoRoot, type StatBlock, statBlocks } from "./seed.ts";

type Entry = Record<string, unknown> & { id: string; name: string; aliases?: string[] };
type Ladder = Record<string, string>;

const contentDir = join(repoRoot, "content");

function entries(folder: string): Map<string, Entry> {
  const dir = join(contentDir, folder);
  const found = new Map<string, Entry>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".json"))) {
    const entry = JSON.parse(readFileSync(join(dir, file), "utf8")) as Entry;
    found.set(entry.id, entry);
  }
  return found;
}

const equipmentBlocks = (kind: string) =>
  statBlocks(kind).filter((block) => block.catalog === "Equipment Catalog");

/** The entry a seed block must have: `kind/slug-of-name`. */
function entryFor(all: Map<string, Entry>, kind: string, block: StatBlock): Entry {
  const entry = all.get(`${kind}/${slugify(block.name)}`);
  if (!entry) throw new Error(`no ${kind} entry for seed line ${block.line}: ${block.name}`);
  return entry;
}

const plainLadder = (effect: Ladder) =>
  Object.fromEntries(Object.entries(effect).map(([band, text]) => [band, plainText(text)]));

/** Numbers read straight from the seed's ladder text, for every band that opens with "N damage". */
function seedDamage(bands: Ladder): Record<string, number> {
  const numbers: Record<string, number> = {};
  for (const [band, text] of Object.entries(bands)) {
    const match = /^(\d+) damage\b/.exec(text);
    if (match) numbers[band] = Number(match[1]);
  }
  return numbers;
}

/** Weight class, attribute, header tags and ladder: what a weapon and an attack consumable both print. */
function expectAttackProfile(profile: Record<string, unknown>, block: StatBlock) {
  expect(profile.weightClass).toBe(fieldValue(block.lines, "Weight Class"));
  expect((profile.attributes as string[]).join("/")).toBe(fieldValue(block.lines, "Attribute"));
  expect([...(profile.damageTypes as string[]), ...(profile.tags as string[])]).toEqual(block.headerTags);
  const bands = ladder(block.lines);
  expect(Object.keys(bands)).toEqual(["0s", "1s", "2s", "3+"]);
  expect(plainLadder(profile.effect as Ladder)).toEqual(bands);
  const numbers = seedDamage(bands);
  if (Object.keys(numbers).length === 4) expect(profile.damage).toEqual(numbers);
  else expect(profile.damage).toBeUndefined();
}

const optionalPlain = (text: unknown) => (typeof text === "string" ? plainText(text) : undefined);

describe("weapons match the Equipment catalog", () => {
  const all = entries("weapons");
  const blocks = equipmentBlocks("WEAPON");

  it("has one entry per seed stat block, 28 in all", () => {
    expect(blocks).toHaveLength(28);
    expect([...all.keys()].sort()).toEqual(blocks.map((block) => `weapon/${slugify(block.name)}`).sort());
  });

  const combo = blocks.filter((block) => block.headerTags.includes("Combo"));
  it.each(blocks.map((block) => [block.name, block] as const))("%s", (_name, block) => {
    const weapon = entryFor(all, "weapon", block);
    expect(weapon.name).toBe(block.name);
    expect(weapon.source).toEqual({ book: "equipment", section: block.section });
    expectAttackProfile(weapon, block);
    expect(optionalPlain(weapon.special)).toBe(fieldValue(block.lines, "Special"));
    expect(proseLines(block.lines)).toEqual([]);
    if (block.headerTags.includes("Combo")) {
      expect(weapon.combination).toEqual({ parts: combo.map((part) => `weapon/${slugify(part.name)}`) });
    } else {
      expect(weapon.combination).toBeUndefined();
    }
  });

  it("marks only the Unarmed Attack as always equipped and slot-free, as ch. 11 states", () => {
    const free = [...all.values()].filter(
      (weapon) => weapon.alwaysEquipped || weapon.gearSlots !== undefined,
    );
    expect(free.map((weapon) => [weapon.id, weapon.alwaysEquipped, weapon.gearSlots])).toEqual([
      ["weapon/unarmed-attack", true, 0],
    ]);
    expect(readSeed()).toContain(
      "By default, all characters will have the Unarmed Attack weapon always equipped. This does not take up any gear slots.",
    );
  });
});

describe("the rules chapters' example stat blocks agree with the catalog entries they show", () => {
  const weapons = entries("weapons");
  const armor = entries("armor");
  const examples = [...statBlocks("WEAPON"), ...statBlocks("ARMOR")].filter(
    (block) => block.chapter !== undefined,
  );

  it("finds the examples of ch. 11 and ch. 20", () => {
    expect(examples.map((block) => `${block.chapter} ${block.name}`)).toEqual([
      "11 Mace",
      "11 Unarmed Attack",
      "20 Mace",
      "11 Chain Shirt",
    ]);
  });

  it.each(
    examples
      .filter((block) => block.kind === "WEAPON")
      .map((block) => [block.chapter, block.name, block] as const),
  )("ch. %s %s", (_chapter, _name, block) => {
    expectAttackProfile(entryFor(weapons, "weapon", block), block);
  });

  it("ch. 11 Chain Shirt differs from the catalog only in printing +2 Guard for +2 Max Guard", () => {
    const [example] = examples.filter((block) => block.kind === "ARMOR");
    const chainShirt = entryFor(armor, "armor", example as StatBlock);
    expect(fieldValue(example?.lines ?? [], "Effect")).toBe("+2 Guard");
    expect(chainShirt.effect).toBe("+2 Max Guard");
    expect(fieldValue(example?.lines ?? [], "Penalty")).toBe("none");
    expect(chainShirt.penalty).toBeNull();
    expect([chainShirt.category]).toEqual(example?.headerTags);
  });
});

describe("armor matches the Equipment catalog", () => {
  const all = entries("armor");
  const blocks = equipmentBlocks("ARMOR");

  it("has one entry per seed stat block, 5 in all", () => {
    expect(blocks).toHaveLength(5);
    expect([...all.keys()].sort()).toEqual(blocks.map((block) => `armor/${slugify(block.name)}`).sort());
  });

  it.each(blocks.map((block) => [block.name, block] as const))("%s", (_name, block) => {
    const armor = entryFor(all, "armor", block);
    expect(armor.name).toBe(block.name);
    expect(armor.source).toEqual({ book: "equipment", section: block.section });
    expect([armor.category]).toEqual(block.headerTags);
    const effect = fieldValue(block.lines, "Effect");
    expect(plainText(armor.effect as string)).toBe(effect);
    expect(`+${armor.guardBonus} Max Guard`).toBe(effect);
    expect(armor.penalty === null ? "none" : plainText(armor.penalty as string)).toBe(
      fieldValue(block.lines, "Penalty"),
    );
    const dice = /^-(\d+)d on all (\w+) action rolls$/.exec(fieldValue(block.lines, "Penalty") ?? "");
    expect(armor.rollPenalty).toEqual(dice ? { attribute: dice[2], dice: Number(dice[1]) } : undefined);
  });
});

describe("spell foci match the Equipment catalog", () => {
  const all = entries("foci");
  const blocks = equipmentBlocks("FOCUS");

  it("has one entry per seed stat block, 6 in all", () => {
    expect(blocks).toHaveLength(6);
    expect([...all.keys()].sort()).toEqual(blocks.map((block) => `focus/${slugify(block.name)}`).sort());
  });

  it.each(blocks.map((block) => [block.name, block] as const))("%s", (_name, block) => {
    const focus = entryFor(all, "focus", block);
    expect(focus.name).toBe(block.name);
    expect(focus.source).toEqual({ book: "equipment", section: block.section });
    expect(focus.category).toBe(block.section === "Basic Spell Focus" ? "basic" : "exotic");
    expect(optionalPlain(focus.description)).toBe(fieldValue(block.lines, "Description"));
    expect(focus.effect === null ? "none" : plainText(focus.effect as string)).toBe(
      fieldValue(block.lines, "Effect"),
    );
    const notes = proseLines(block.lines);
    expect(optionalPlain(focus.notes)).toBe(notes.length ? notes.join("\n\n") : undefined);
  });
});

describe("wondrous items match the Equipment catalog", () => {
  const all = entries("wondrous-items");
  const blocks = equipmentBlocks("WONDROUS");

  it("has one entry per seed stat block, 3 in all", () => {
    expect(blocks).toHaveLength(3);
    expect([...all.keys()].sort()).toEqual(blocks.map((block) => `wondrous/${slugify(block.name)}`).sort());
  });

  it.each(blocks.map((block) => [block.name, block] as const))("%s", (_name, block) => {
    const item = entryFor(all, "wondrous", block);
    expect(item.name).toBe(block.name);
    expect(item.source).toEqual({ book: "equipment", section: block.section });
    expect(optionalPlain(item.description)).toBe(fieldValue(block.lines, "Description"));
    expect(plainText(item.effect as string)).toBe(fieldValue(block.lines, "Effect"));
    expect(proseLines(block.lines)).toEqual([]);
  });
});

describe("consumables match the Equipment catalog", () => {
  const all = entries("consumables");
  const blocks = equipmentBlocks("CONSUMABLE");

  it("has one entry per seed stat block, 6 in all", () => {
    expect(blocks).toHaveLength(6);
    expect([...all.keys()].sort()).toEqual(blocks.map((block) => `consumable/${slugify(block.name)}`).sort());
  });

  it.each(blocks.map((block) => [block.name, block] as const))("%s", (_name, block) => {
    const item = entryFor(all, "consumable", block);
    expect(item.name).toBe(block.name);
    expect(item.source).toEqual({ book: "equipment", section: block.section });
    expect(item.rarity).toBe(block.section === "Exotic Consumables" ? "exotic" : "common");
    expect((item.target as string[] | undefined)?.join(", ")).toBe(fieldValue(block.lines, "Target"));
    if (block.headerTags.length > 0) {
      expect(item.effect).toBeUndefined();
      expectAttackProfile(item.attack as Record<string, unknown>, block);
    } else {
      expect(item.attack).toBeUndefined();
      expect(plainText(item.effect as string)).toBe(fieldValue(block.lines, "Effect"));
    }
    expect(proseLines(block.lines)).toEqual([]);
  });
});

describe("tags and damage types cover every one the book names", () => {
  const tags = entries("tags");
  const damageTypes = entries("damage-types");
  const names = (all: Map<string, Entry>) =>
    new Set([...all.values()].flatMap((entry) => [entry.name, ...(entry.aliases ?? [])].map(normalizeName)));
  const tagNames = names(tags);
  const damageTypeNames = names(damageTypes);
  // "Melee 1" names the tag Melee (alias Melee N) with N = 1.
  const tagName = (use: string) => normalizeName(use.replace(/ \d+$/, ""));

  /** Tag names as the prose uses them: "the X tag", "X and Y tags", "tagged as X", glossary "A tag:" lines, quoted attack tags. */
  function tagMentions(): string[] {
    const seed = readSeed();
    const found = new Set<string>();
    for (const match of seed.matchAll(/\b"?([A-Z][a-z]+)"? tag\b/g)) found.add(match[1] ?? "");
    for (const match of seed.matchAll(/\b([A-Z][a-z]+) and ([A-Z][a-z]+) tags\b/g)) {
      found.add(match[1] ?? "");
      found.add(match[2] ?? "");
    }
    for (const match of seed.matchAll(/tagged (?:with|as) ([A-Z][a-z]+)/g)) found.add(match[1] ?? "");
    for (const match of seed.matchAll(/^• (.+?) — (?:A (?:spell )?tag|Tags):/gm)) {
      for (const name of (match[1] ?? "").split(", ")) found.add(name);
    }
    for (const match of seed.matchAll(/attack tags: ((?:"[^"]+"(?:, )?)+)/g)) {
      for (const quoted of (match[1] ?? "").matchAll(/"([^"]+)"/g)) found.add(quoted[1] ?? "");
    }
    return [...found].sort();
  }

  it("finds the tag mentions it checks", () => {
    expect(tagMentions()).toEqual(
      expect.arrayContaining(["Combo", "Cumbersome", "Dedication", "Indefensible", "Radiant"]),
    );
  });

  it.each(tagMentions().map((name) => [name]))("%s is a tag or damage type entry", (name) => {
    const key = tagName(name);
    expect(tagNames.has(key) || damageTypeNames.has(key)).toBe(true);
  });

  it("resolves every header tag of every seed stat block", () => {
    const unresolved = ["WEAPON", "CONSUMABLE"]
      .flatMap((kind) => statBlocks(kind))
      .flatMap((block) => block.headerTags)
      .flatMap((tag) => (tag.includes("/") ? tag.split("/") : [tag]))
      .filter((tag) => !tagNames.has(tagName(tag)) && !damageTypeNames.has(normalizeName(tag)));
    expect(unresolved).toEqual([]);
  });

  it("resolves every damage type named in a parameter (Wracked, Resistance, Weakness)", () => {
    const named = [...readSeed().matchAll(/\b(?:Wracked(?: \d)?|Resistance|Weakness) \(([A-Z][a-z]+)\)/g)]
      .map((match) => match[1] ?? "")
      // Physical is shorthand for the three physical types (ch. 20), carried by their `physical` flag.
      .filter((name) => name !== "Physical" && name !== "Damage");
    expect(named.length).toBeGreaterThan(5);
    expect(named.filter((name) => !damageTypeNames.has(normalizeName(name)))).toEqual([]);
    const physical = [...damageTypes.values()].filter((entry) => entry.physical).map((entry) => entry.name);
    expect(physical.sort()).toEqual(["Crushing", "Piercing", "Slashing"]);
  });

  it("uses only tag and damage type entries in weapon and consumable profiles", () => {
    const profiles = [
      ...entries("weapons").values(),
      ...[...entries("consumables").values()].flatMap((item) => (item.attack ? [item.attack as Entry] : [])),
    ];
    for (const profile of profiles) {
      for (const choice of profile.damageTypes as string[]) {
        for (const name of choice.split("/")) expect(damageTypeNames, name).toContain(normalizeName(name));
      }
      for (const use of profile.tags as string[]) expect(tagNames, use).toContain(tagName(use));
    }
  });
});

describe("tag and damage type definitions are the words of the chapter they cite", () => {
  const seedLines = readSeed().split("\n");
  const CATALOGS: Record<string, string> = {
    equipment: "Equipment Catalog",
    spellcasting: "Spellcasting Catalog",
  };
  /** Text of a Core Rules chapter or a catalog: from its breadcrumb or title to the next one. */
  function sourceText(source: { book: string; chapter?: string }): string {
    const start =
      source.book === "core-rules"
        ? seedLines.findIndex((line) => line.endsWith(`· Chapter ${source.chapter}`))
        : seedLines.indexOf(`Momenta — ${CATALOGS[source.book]}`);
    expect(start).toBeGreaterThanOrEqual(0);
    const end = seedLines.findIndex((line, index) => index > start && /^Momenta (Core Rules ·|—)/.test(line));
    return seedLines.slice(start, end === -1 ? undefined : end).join("\n");
  }
  const defined = [...entries("tags").values(), ...entries("damage-types").values()];

  it.each(defined.map((entry) => [entry.id, entry] as const))("%s", (_id, entry) => {
    const source = entry.source as { book: string; chapter?: string };
    // Appendix A's tag list was lost: no tag is complete, whatever a chapter says of it
    if (entry.id.startsWith("tag/")) {
      expect(entry.status).toBe("incomplete");
      if (entry.summary !== undefined)
        expect(readSeed()).toContain(
          `• ${entry.name} — ${plainText(entry.summary as string)} Appendix A · Tags`,
        );
    }
    if (entry.id.startsWith("tag/") && entry.definition === undefined) {
      expect(entry.missing).toEqual(["definition (Appendix A's tag list was lost)"]);
      expect(source).toEqual({ book: "core-rules", chapter: "A" });
      expect(entry.summary).toBeDefined();
      return;
    }
    if (entry.id.startsWith("tag/"))
      expect(entry.missing).toEqual([
        expect.stringMatching(/^its Appendix A entry \(the tag list was lost\); /),
      ]);
    const text = sourceText(source);
    expect(text).toMatch(new RegExp(`\\b${entry.name}\\b`));
    if (entry.definition === undefined) return;
    const paragraphs = plainText(entry.definition as string).split("\n\n");
    for (const paragraph of paragraphs) expect(text).toContain(paragraph);
    expect(paragraphs.join(" ")).toContain(entry.name);
  });
});
