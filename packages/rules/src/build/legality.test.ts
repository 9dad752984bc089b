// Build legality: Mira's build (ch. 12) is legal as the book states it; each broken rule comes back as data
import { describe, expect, it } from "vitest";
import { readContent, rulesText, seedText, sourceQuotes } from "../../test/book.ts";
import type { Attributes } from "../stats/attributes.ts";
import { type ArchetypeData, buildArchetypesOf, type CharacterData } from "./from-content.ts";
import { checkBuild, gearSlotsUsed, RESONANCE_ACCESS_SLOT_COSTS } from "./legality.ts";
import type { BuildArchetype, BuildGear, BuildInput, BuildMastery, MasteryType, TypeBoard } from "./types.ts";

const book = seedText();

/** Mira's masteries as ch. 12 lists them: "• Body mastery slots (3) - Lightning Reflexes (Body/General), …". */
function miraMasteries(): BuildMastery[] {
  const out: BuildMastery[] = [];
  for (const m of book.matchAll(/^• (Body|Mind|Soul|Wildcard) mastery slots? \(\d+\) - (.+)$/gm)) {
    const board = (m[1] ?? "").toLowerCase() as TypeBoard;
    for (const item of (m[2] ?? "").matchAll(/([^,(]+) \((Body|Mind|Soul)\/(\w+)\)/g)) {
      out.push({
        name: (item[1] ?? "").trim(),
        type: (item[2] ?? "").toLowerCase() as MasteryType,
        domain: item[3] ?? "",
        board,
      });
    }
  }
  return out;
}

/** A weapon's or armor's stat-block header and weight class, from the Equipment catalog. */
function gearFromSeed(name: string): BuildGear {
  const weapon = book.match(new RegExp(`\\[WEAPON\\] ${name} \\(([^)]*)\\)\\nWeight Class: (\\w+)`));
  if (weapon) {
    const combo = (weapon[1] ?? "").includes("Combo") ? name.split(" ")[0] : undefined;
    return {
      name,
      kind: "weapon",
      weightClass: weapon[2] as BuildGear["weightClass"],
      ...(combo ? { combination: combo } : {}),
    };
  }
  const armor = book.match(new RegExp(`\\[ARMOR\\] ${name} \\((Standard|Martial)\\)`));
  if (armor) return { name, kind: "armor", armorCategory: armor[1] as "Standard" | "Martial" };
  throw new Error(`no stat block for ${name}`);
}

interface MiraEntry extends CharacterData {
  attributes: Attributes;
}
const mira = readContent<MiraEntry>("characters", "mira");
const archetypes: Record<string, ArchetypeData> = Object.fromEntries(
  mira.archetypes.map(({ archetype }) => [
    archetype,
    readContent<ArchetypeData>("archetypes", archetype.split("/")[1] ?? ""),
  ]),
);
const miraArchetypes: BuildArchetype[] = buildArchetypesOf(mira, archetypes);

const miraBuild: BuildInput = {
  stage: "creation",
  attributes: mira.attributes,
  characterRank: mira.characterRank,
  archetypes: miraArchetypes,
  masteries: miraMasteries(),
  gear: [gearFromSeed("Rapier"), gearFromSeed("Shortbow"), gearFromSeed("Chain Shirt")],
};

const codes = (input: BuildInput) => checkBuild(input).map((v) => v.code);

describe("Mira's build (ch. 12)", () => {
  it("reads five masteries and three pieces of gear from the book", () => {
    expect(miraBuild.masteries?.map((m) => `${m.name}:${m.board}`)).toEqual([
      "Lightning Reflexes:body",
      "Combat Reflexes:body",
      "Bloodlust:body",
      "Overwatch:mind",
      "Visualization:wildcard",
    ]);
    expect(miraBuild.gear?.map((g) => g.weightClass ?? g.armorCategory)).toEqual([
      "Light",
      "Medium",
      "Martial",
    ]);
  });

  it("is legal: no violations", () => {
    expect(checkBuild(miraBuild)).toEqual([]);
  });

  it("also fits when the boards are left for the checker to find", () => {
    expect(
      checkBuild({ ...miraBuild, masteries: miraBuild.masteries?.map(({ board: _, ...m }) => m) }),
    ).toEqual([]);
  });
});

describe("violations as data", () => {
  it("creation cap, attribute points and equilibrium", () => {
    const v = checkBuild({ ...miraBuild, attributes: { ...mira.attributes, AGI: 4 } });
    expect(v.map((x) => x.code)).toEqual(expect.arrayContaining(["creation-cap", "attribute-points"]));
    expect(v.find((x) => x.code === "creation-cap")).toMatchObject({
      path: ["attributes", "AGI"],
      chapter: "12",
      severity: "error",
    });
    const lopsided = { POW: 3, AGI: 3, REA: 0, INS: 0, PRE: 0, LUCK: 0 };
    expect(codes({ ...miraBuild, stage: "advanced", characterRank: 3, attributes: lopsided })).toContain(
      "equilibrium",
    );
  });

  it("the book's equilibrium example: BODY 6, MIND 2, SOUL 3 is fine, BODY 7 is not", () => {
    const ok = { POW: 3, AGI: 3, REA: 1, INS: 1, PRE: 2, LUCK: 1 };
    expect(codes({ ...miraBuild, stage: "advanced", attributes: ok })).not.toContain("equilibrium");
    expect(codes({ ...miraBuild, stage: "advanced", attributes: { ...ok, POW: 4 } })).toContain(
      "equilibrium",
    );
  });

  it("ancestry is required and ranks must add up", () => {
    const noAncestry = miraArchetypes.filter((a) => a.type !== "ancestry");
    expect(codes({ ...miraBuild, archetypes: noAncestry })).toEqual(
      expect.arrayContaining(["ancestry-required", "rank-mismatch", "starting-rank"]),
    );
  });

  it("masteries must sit on a board of their type, within capacity, in a granted domain", () => {
    const masteries = miraBuild.masteries ?? [];
    const soul = masteries.map((m, i) => (i === 3 ? { ...m, board: "soul" as const } : m));
    expect(codes({ ...miraBuild, masteries: soul })).toEqual(
      expect.arrayContaining(["mastery-board-type", "mastery-board-overfull"]),
    );
    const extra: BuildMastery = { name: "Berserk", type: "body", domain: "Barbarian", board: "body" };
    expect(codes({ ...miraBuild, masteries: [...masteries, extra] })).toEqual(
      expect.arrayContaining(["mastery-domain", "mastery-board-overfull"]),
    );
  });

  it("a multi-slot mastery cannot be split across boards", () => {
    const twoSlot: BuildMastery = { name: "Big", type: "mind", domain: "General", slots: 2 };
    // Mira has 1 mind slot and 1 wildcard slot free once Overwatch and Visualization are gone: 2 slots, two boards.
    const masteries = (miraBuild.masteries ?? []).slice(0, 3);
    expect(codes({ ...miraBuild, masteries: [...masteries, twoSlot] })).toEqual(["mastery-no-fit"]);
  });

  it("gear: slots, one armor, weight-class access", () => {
    const gear = miraBuild.gear ?? [];
    expect(codes({ ...miraBuild, gear: [...gear, gearFromSeed("Leather Armor")] })).toEqual(
      expect.arrayContaining(["gear-slots", "armor-count"]),
    );
    const noWarrior = miraArchetypes.map((a) =>
      a.name === "Warrior" ? { ...a, weaponWeightClasses: [], armorCategories: [] } : a,
    );
    expect(codes({ ...miraBuild, archetypes: noWarrior })).toEqual(
      expect.arrayContaining(["weapon-access", "armor-access"]),
    );
  });

  it("combination weapons take one slot fewer than their parts (ch. 11)", () => {
    const gunsword = [gearFromSeed("Gunsword Blade"), gearFromSeed("Gunsword Barrel")];
    expect(gearSlotsUsed(gunsword)).toBe(1);
    expect(
      gearSlotsUsed([
        { name: "Cannon", kind: "weapon", weightClass: "Superheavy", combination: "c" },
        { name: "Sword", kind: "weapon", weightClass: "Medium", combination: "c" },
      ]),
    ).toBe(2);
    expect(
      gearSlotsUsed([{ name: "Unarmed Attack", kind: "weapon", weightClass: "Light", free: true }]),
    ).toBe(0);
  });

  it("Limit Break prerequisites: core minimums and realized archetypes (ch. 26)", () => {
    const v = checkBuild({
      ...miraBuild,
      limitBreaks: [
        { name: "Crescent Onslaught", prerequisites: [{ core: "BODY", min: 2 }] },
        { name: "Arcane Overdrive", prerequisites: [{ core: "MIND", min: 2 }] },
        { name: "Inazuma Crash", prerequisites: [{ realized: "Warrior" }] },
      ],
    });
    expect(v.map((x) => [x.code, x.path])).toEqual([
      ["limit-break-prerequisite", ["limitBreaks", 1]],
      ["limit-break-prerequisite", ["limitBreaks", 2]],
    ]);
  });

  it("bonus slots hold only what they allow and their minimums", () => {
    const scholar: BuildArchetype = {
      name: "Scholar",
      rank: 1,
      type: "basic-path",
      bonusSlots: [
        {
          id: "repertoire",
          source: "R1 Scholar: Starting Repertoire",
          count: 3,
          accepts: ["Resonance", "Art"],
          requires: [
            { category: "Resonance", min: 1 },
            { category: "Art", min: 1 },
          ],
        },
      ],
    };
    const archetypes = [
      miraArchetypes[0] as BuildArchetype,
      { ...(miraArchetypes[1] as BuildArchetype), rank: 1 },
      scholar,
    ];
    const arts: BuildMastery[] = [
      { name: "Rend", type: "mind", domain: "Magic", category: "Art", board: "bonus:repertoire" },
      { name: "Mend", type: "mind", domain: "Magic", category: "Art", board: "bonus:repertoire" },
      { name: "Overwatch", type: "mind", domain: "Warrior", board: "bonus:repertoire" },
    ];
    expect(codes({ ...miraBuild, archetypes, masteries: arts })).toEqual([
      "mastery-bonus-restriction",
      "mastery-bonus-requirement",
    ]);
  });
});

describe("rules the catalogs state (Equipment, Spellcasting)", () => {
  const compass: BuildGear = { name: "Pathfinder's Compass", kind: "wondrous" };
  const gloves: BuildGear = { name: "Spider-Grip Gloves", kind: "wondrous" };

  it("wondrous item slots equal MIND: Mira (MIND 1) wears one wondrous item, not two", () => {
    const gear = miraBuild.gear ?? [];
    expect(codes({ ...miraBuild, gear: [...gear, compass] })).toEqual([]);
    expect(codes({ ...miraBuild, gear: [...gear, compass, gloves] })).toEqual(["wondrous-slots"]);
    const passage = "A character has a number of wondrous item slots equal to their MIND value.";
    expect(rulesText("catalog-equipment")).toContain(passage);
    expect(sourceQuotes("build/legality.ts", passage)).toBe(true);
  });

  it("a Resonance's access mastery costs 1 slot, or 2 for a rare and powerful one", () => {
    const passage = "price access at 1 mastery slot (2 for rare and powerful ones)";
    expect(rulesText("catalog-spellcasting")).toContain(passage);
    expect(sourceQuotes("build/legality.ts", passage)).toBe(true);
    expect(RESONANCE_ACCESS_SLOT_COSTS).toEqual([1, 2]);
    // Mira's Overwatch swapped for a Resonance's access on her mind board (General is open to every character)
    const withAccess = (slots: number): BuildInput => ({
      ...miraBuild,
      masteries: [
        ...(miraBuild.masteries ?? []).filter((m) => m.name !== "Overwatch"),
        {
          name: "Ignis access",
          type: "mind",
          domain: "General",
          category: "Resonance",
          slots,
          board: "mind",
        },
      ],
    });
    expect(codes(withAccess(1))).toEqual([]);
    expect(codes(withAccess(2))).toEqual(["mastery-board-overfull"]);
    expect(codes(withAccess(3))).toEqual(["resonance-access-cost", "mastery-board-overfull"]);
    expect(checkBuild(withAccess(3))[0]).toMatchObject({
      chapter: "Spellcasting Catalog",
      path: ["masteries", 4, "slots"],
    });
  });
});

describe("Resonances, Combo Limit Breaks and consumables, each checked against the book's words", () => {
  const elf: BuildArchetype = {
    name: "Elf",
    rank: 3,
    type: "ancestry",
    spellcasting: true,
    resonanceLimit: { source: "R3 Elf: Innate Spellcasting", count: 1 },
  };
  const scholar: BuildArchetype = { name: "Scholar", rank: 1, type: "basic-path", spellcasting: true };
  const base: BuildInput = { stage: "advanced", attributes: miraBuild.attributes, archetypes: [elf] };
  // only the rules of this block: the bare archetypes above leave other checks (attribute points) aside
  const NEW = ["resonance-limit", "combo-bond", "common-consumable"];
  const codes = (input: BuildInput) =>
    checkBuild(input)
      .map((x) => x.code)
      .filter((c) => NEW.includes(c));

  it.each([
    [
      "an innate spellcaster's second Resonance",
      { ...base, resonances: ["resonance/ignis", "resonance/lux"] },
      "resonance-limit",
      ["resonances", 1],
      '2 Resonances; R3 Elf: Innate Spellcasting gives 1: "You may not take additional Resonances unless you have a path archetype that grants spellcasting"',
    ],
    [
      "a Combo Limit Break without a Bond 4 or higher",
      {
        ...base,
        bonds: [{ target: "Kira", intensity: 3 }],
        limitBreaks: [{ name: "Twin Strike", prerequisites: [], mutualBond: 4 }],
      },
      "combo-bond",
      ["limitBreaks", 0],
      'Twin Strike is a Combo Limit Break; "Two characters who hold mutual Bond 4+ toward each other may perform Combo Limit Breaks", and no Bond here is 4 or higher',
    ],
    [
      "a common consumable listed",
      { ...base, consumables: [{ name: "Smoke Bomb", rarity: "common" }] },
      "common-consumable",
      ["consumables", 0],
      'Smoke Bomb is a common consumable; "It is assumed that adventurers will have access to all of the common consumables"',
    ],
  ] as const)("%s", (_what, input, code, path, message) => {
    const found = checkBuild(input as BuildInput).filter((x) => x.code === code);
    expect(found).toHaveLength(1);
    expect(found[0]?.path).toEqual(path);
    // the message's last part is the book's words: the seed prints them
    const quote = /"([^"]+)"/.exec(found[0]?.message ?? "")?.[1] ?? "";
    expect(quote).not.toBe("");
    expect(book).toContain(quote);
    expect(sourceQuotes("build/legality.ts", quote.replace(/4\+/, "${lb.mutualBond}+"))).toBe(true);
    expect(found[0]?.message).toBe(message);
  });

  it("the Resonance cap lifts with a path archetype that grants spellcasting, and holds at one Resonance", () => {
    const two = ["resonance/ignis", "resonance/lux"];
    expect(codes({ ...base, resonances: ["resonance/ignis"] })).toEqual([]);
    expect(codes({ ...base, archetypes: [elf, scholar], resonances: two })).toEqual([]);
    expect(checkBuild({ ...base, resonances: two }).find((x) => x.code === "resonance-limit")?.message).toBe(
      '2 Resonances; R3 Elf: Innate Spellcasting gives 1: "You may not take additional Resonances unless you have a path archetype that grants spellcasting"',
    );
  });

  it("a Combo Limit Break is fine with a Bond as strong as it asks; exotic consumables are listed freely", () => {
    const combo = { name: "Twin Strike", prerequisites: [], mutualBond: 5 };
    expect(codes({ ...base, bonds: [{ target: "Kira", intensity: 5 }], limitBreaks: [combo] })).toEqual([]);
    expect(codes({ ...base, bonds: [{ target: "Kira", intensity: 4 }], limitBreaks: [combo] })).toEqual([
      "combo-bond",
    ]);
    expect(codes({ ...base, consumables: [{ name: "Phoenix Ember", rarity: "exotic" }] })).toEqual([]);
  });

  it("Elf R3 in the content gives the cap; Scholar R1 grants spellcasting", () => {
    const held = (archetype: string, rank: number): CharacterData => ({
      characterRank: rank,
      attributes: miraBuild.attributes,
      archetypes: [{ archetype: `archetype/${archetype}`, rank }],
    });
    const entries = {
      "archetype/elf": readContent<ArchetypeData>("archetypes", "elf"),
      "archetype/scholar": readContent<ArchetypeData>("archetypes", "scholar"),
    };
    expect(buildArchetypesOf(held("elf", 3), entries)[0]?.resonanceLimit).toEqual({
      source: "R3 Elf: Innate Spellcasting",
      count: 1,
    });
    expect(buildArchetypesOf(held("elf", 2), entries)[0]?.resonanceLimit).toBeUndefined();
    expect(buildArchetypesOf(held("scholar", 1), entries)[0]?.spellcasting).toBe(true);
  });
});
