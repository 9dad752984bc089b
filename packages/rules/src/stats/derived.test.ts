// Derived stats against the book's worked examples: Mira's table (ch. 12), Max Momentum 11 (ch. 06), states
import { describe, expect, it } from "vitest";
import { readContent, seedText } from "../../test/book.ts";
import { type ArchetypeData, type CharacterData, derivedStatsInputOf } from "../build/from-content.ts";
import { coresOf } from "./attributes.ts";
import { type DerivedStats, deriveStats, type StatLine } from "./derived.ts";
import { clampMomentum, isInCrisis, isStressed, maxMomentum } from "./momentum.ts";

interface StatedNumber {
  value: number;
  calculation: string;
}
interface MiraEntry extends CharacterData {
  ancestry: string;
  gear: string[];
  statedDerivedStats: Record<string, StatedNumber> & {
    size: { value: string };
    masterySlots: { body: number; mind: number; soul: number; wildcard: number; total: number };
  };
}
interface AncestryEntry extends ArchetypeData {
  ancestryStats: { spd: number; sen: number; size: string };
}

const mira = readContent<MiraEntry>("characters", "mira");
const archetypes: Record<string, AncestryEntry> = Object.fromEntries(
  mira.archetypes.map(({ archetype }) => [
    archetype,
    readContent<AncestryEntry>("archetypes", archetype.split("/")[1] ?? ""),
  ]),
);

/** The Chain Shirt's Guard as the book prints it (ch. 11 example armor and the Equipment catalog). */
function armorGuard(name: string): number {
  const match = seedText().match(new RegExp(`\\[ARMOR\\] ${name} \\([^)]*\\)\\s+Effect: \\+(\\d+) Guard`));
  if (!match) throw new Error(`no stat block for ${name}`);
  return Number(match[1]);
}

describe("Mira's derived stats (ch. 12)", () => {
  const stats: DerivedStats = deriveStats(
    derivedStatsInputOf(mira, archetypes, [
      { stat: "maxGuard", amount: armorGuard("Chain Shirt"), source: "Chain Shirt" },
    ]),
  );
  const stated = mira.statedDerivedStats;
  const computed: Record<string, StatLine> = {
    maxVitality: stats.maxVitality,
    maxStrain: stats.maxStrain,
    woundSlots: stats.woundSlots,
    burdenSlots: stats.burdenSlots,
    resolve: stats.resolve,
    maxVigor: stats.maxVigor,
    vigorRegain: stats.vigorRegain,
    maxGuard: stats.maxGuard,
    gearSlots: stats.gearSlots,
    wondrousItemSlots: stats.wondrousSlots,
    consumablePoints: stats.consumablePoints,
    maxBonds: stats.maxBonds,
  };

  it("wears the Chain Shirt, whose +2 Guard the table counts", () => {
    expect(mira.gear).toContain("armor/chain-shirt");
    expect(armorGuard("Chain Shirt")).toBe(2);
  });

  it("has cores BODY 3, MIND 1, SOUL 0 from her attributes", () => {
    expect(coresOf(mira.attributes)).toEqual({ BODY: 3, MIND: 1, SOUL: 0 });
  });

  it.each(Object.keys(computed))("%s equals the stated value", (key) => {
    expect(stated[key]?.value).toBeTypeOf("number");
    expect(computed[key]?.value).toBe(stated[key]?.value);
  });

  it("names every bonus the way the calculation column does", () => {
    for (const key of ["maxVitality", "maxStrain", "maxGuard"]) {
      for (const part of computed[key]?.parts.slice(1) ?? []) {
        expect(stated[key]?.calculation).toContain(`+${part.amount} from ${part.label}`);
      }
    }
  });

  it("has the stated mastery slots: 3 body, 1 mind, 0 soul, 1 wildcard — 5 in all", () => {
    const slots = stats.masterySlots;
    const got = {
      body: slots.body.value,
      mind: slots.mind.value,
      soul: slots.soul.value,
      wildcard: slots.wildcard.value,
    };
    const { total, ...byBoard } = stated.masterySlots;
    expect(got).toEqual(byBoard);
    expect(got.body + got.mind + got.soul + got.wildcard).toBe(total);
  });

  it("takes SPD, SEN and SIZE from her ancestry archetype", () => {
    const ancestry = archetypes[mira.ancestry]?.ancestryStats;
    expect(ancestry?.spd).toBe(stated.spd?.value);
    expect(ancestry?.sen).toBe(stated.sen?.value);
    expect(ancestry?.size).toBe(stated.size.value);
  });
});

describe("Momentum (ch. 06)", () => {
  it("a party with SOUL 1, 0, 3 and 3 has Max Momentum 11", () => {
    expect(seedText()).toContain("SOUL scores of 1, 0, 3, and 3, then their Max Momentum is 11");
    expect(maxMomentum([1, 0, 3, 3])).toBe(11);
  });

  it("never rises above the maximum or falls below 0", () => {
    expect(clampMomentum(14, 11)).toBe(11);
    expect(clampMomentum(-2, 11)).toBe(0);
  });
});

describe("states (ch. 22)", () => {
  it("Stressed: Max Strain 7 is Stressed from 3 Strain", () => {
    expect(isStressed(2, 7)).toBe(false);
    expect(isStressed(3, 7)).toBe(true);
  });

  it("Crisis: Faltering, Unraveling, or no Wound or Burden slot left", () => {
    const base = { faltering: 0, unraveling: 0, wounds: 0, woundSlots: 3, burdens: 0, burdenSlots: 3 };
    expect(isInCrisis(base)).toBe(false);
    expect(isInCrisis({ ...base, wounds: 3 })).toBe(true);
    expect(isInCrisis({ ...base, unraveling: 1 })).toBe(true);
  });
});
