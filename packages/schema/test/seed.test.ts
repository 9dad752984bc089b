// The seed reader finds every stat block of the book with the right name, header tags, location and end
import { describe, expect, it } from "vitest";
import { allStatBlocks, fieldValue, isHeading, ladder, proseLines, readSeed, statBlocks } from "./seed.ts";

describe("readSeed", () => {
  it("reads the whole book and the chapter files", () => {
    expect(readSeed()).toContain("Momenta — Equipment Catalog");
    expect(readSeed("002_393c734c218f20d0.txt")).toContain("[CONDITION] Hindered");
  });
});

describe("statBlocks", () => {
  it("counts the catalog inventory of the seed README", () => {
    const inEquipment = (kind: string) =>
      statBlocks(kind).filter((block) => block.catalog === "Equipment Catalog").length;
    expect([inEquipment("WEAPON"), inEquipment("ARMOR"), inEquipment("FOCUS")]).toEqual([28, 5, 6]);
    expect([inEquipment("WONDROUS"), inEquipment("CONSUMABLE")]).toEqual([3, 6]);
    expect(statBlocks("LIMIT BREAK")).toHaveLength(7);
    expect(statBlocks("[RESONANCE]").map((block) => block.name)).toEqual([
      "Ignis",
      "Lux",
      "Mens",
      "Tempus",
      "Terra",
    ]);
    expect(statBlocks("STATE").map((block) => block.name)).toEqual(["Crisis", "Stressed"]);
  });

  it("skips the format templates", () => {
    const names = allStatBlocks().map((block) => block.name);
    expect(names).not.toContain("Weapon Name");
    expect(names).not.toContain("Armor Name");
    expect(names).not.toContain("Art Name");
    expect(names).not.toContain("Resonance Name");
  });

  it("splits the header into name and tags and records where the block sits", () => {
    const dagger = statBlocks("WEAPON").find((block) => block.name === "Dagger");
    expect(dagger).toMatchObject({
      kind: "WEAPON",
      headerTags: ["Slashing/Piercing", "Melee 1", "Range 5"],
      catalog: "Equipment Catalog",
      section: "Light Weapons",
    });
    expect(readSeed().split("\n")[(dagger?.line ?? 0) - 1]).toBe(
      "[WEAPON] Dagger (Slashing/Piercing, Melee 1, Range 5)",
    );
    const frenzy = statBlocks("MANEUVER").find((block) => block.name === "Enter Frenzy");
    expect(frenzy?.headerTags).toEqual(["Vigor 1", "1/turn"]);
    const hindered = statBlocks("CONDITION").find((block) => block.name === "Hindered");
    expect(hindered?.chapter).toBe("22");
    expect(hindered?.catalog).toBeUndefined();
  });

  it("ends a block at headings, breadcrumbs and prose that introduces something else", () => {
    const [exampleMace] = statBlocks("WEAPON");
    expect(exampleMace?.chapter).toBe("11");
    expect(exampleMace?.lines.at(-1)).toBe("- 3+: 20 damage");
    const stressed = statBlocks("STATE").find((block) => block.name === "Stressed");
    expect(stressed?.lines).toHaveLength(1);
    const towerShield = statBlocks("WEAPON").find((block) => block.name === "Tower Shield");
    expect(towerShield?.lines.at(-1)).toMatch(/^Special: While this shield is equipped/);
    const defeated = statBlocks("CONDITION").find((block) => block.name === "Defeated");
    expect(defeated?.lines.at(-1)).toMatch(/^When the Defeated condition is removed/);
  });

  it("keeps each line's seed line number", () => {
    const lines = readSeed().split("\n");
    for (const block of statBlocks("CONSUMABLE")) {
      block.lines.forEach((line, index) => {
        expect(lines[(block.lineNumbers[index] ?? 0) - 1]?.trimEnd()).toBe(line);
      });
    }
  });
});

describe("field helpers", () => {
  const block = (kind: string, name: string) => {
    const found = statBlocks(kind).find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no ${kind} ${name}`);
    return found;
  };

  it("reads `Label: value` fields", () => {
    const cloak = block("ARMOR", "Armored Cloak");
    expect(fieldValue(cloak.lines, "Effect")).toBe("+2 Max Guard");
    expect(fieldValue(cloak.lines, "Penalty")).toBe("-1d on all AGI action rolls");
    expect(fieldValue(cloak.lines, "Special")).toBeUndefined();
    expect(fieldValue(block("WEAPON", "Longbow").lines, "Effect")).toBe("");
  });

  it("reads effect ladders, with continuation lines and labelled ladders", () => {
    expect(ladder(block("CONSUMABLE", "Lightning in a Bottle").lines)).toEqual({
      "0s": "1 damage",
      "1s": "4 damage, target gains Wracked 1 (Shock)",
      "2s": "8 damage, target gains Wracked 2 (Shock)",
      "3+": "12 damage, target gains Wracked 3 (Shock)",
    });
    expect(ladder(block("ART", "Bolster").lines)["0s"]).toBe(
      "Apply the [Resonance-defined bolster effect] for 1 round only, regardless of the duration shape. Caster takes Strain from grazing.",
    );
    expect(ladder(block("ART", "Rend").lines, "Effect (Strain)").OF).toBe("+2 Strain / success");
    expect(Object.keys(ladder(block("MANEUVER", "Detect Magic").lines))).toEqual(["0s", "1s", "2+"]);
    expect(ladder(block("ARMOR", "Leather Armor").lines)).toEqual({});
  });

  it("separates free prose from fields", () => {
    expect(proseLines(block("FOCUS", "Basic spell focus").lines)).toEqual([
      "All spellcasting archetypes will receive a basic spell focus with no special abilities; it simply enables casting at full effectiveness.",
    ]);
  });

  it("tells headings from sentences and fields", () => {
    expect(
      ["Light Weapons", "RANK 3", "Challenge Class — Elite", "Sorrowmaw, the Grief-Drake"].map(isHeading),
    ).toEqual([true, true, true, true]);
    expect(["Penalty: none", "- 0s: 1 damage", "Not Supported.", "[Rend]", ""].map(isHeading)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
