// Damage and Strain (ch. 19–22): the 15-damage Wound example, Mira's fall, Guard, resistance, Burdens, properties
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readContent, seedText } from "../../test/book.ts";
import {
  applyDamage,
  type Damage,
  fallDamage,
  freshHarmState,
  type HarmState,
  resistanceModifier,
  wrackedDamage,
} from "./damage.ts";
import { applyStrain, trackCheck, trackCheckFallProbability } from "./strain.ts";

const unhurt10 = freshHarmState({ maxVitality: 10, maxStrain: 5 });
const slash = (amount: number): Damage => ({ amount, types: ["Slashing"] });

describe("Wounds and excess damage (ch. 21)", () => {
  it("15 damage on Max Vitality 10 leaves 1 Wound and 5 Vitality", () => {
    expect(seedText()).toContain(
      "Max Vitality of 10 and no Wounds takes 15 damage from an attack. He will end up with 1 Wound and only 5 Vitality",
    );
    const { state, newWounds } = applyDamage(unhurt10, slash(15));
    expect(state.wounds).toBe(1);
    expect(state.vitality).toBe(5);
    expect(newWounds).toBe(1);
  });

  it("a single huge hit can cause several Wounds", () => {
    const { state, newWounds } = applyDamage(unhurt10, slash(25));
    expect(newWounds).toBe(2);
    expect(state.vitality).toBe(5);
  });

  it("exactly 0 Vitality is a Wound and a full refill", () => {
    const { state } = applyDamage(unhurt10, slash(10));
    expect(state).toMatchObject({ wounds: 1, vitality: 10 });
  });

  it("filling the last Wound slot adds Faltering 1; one more drop to 0 is Defeated with Vitality 0, Faltering cleared", () => {
    const last = applyDamage({ ...unhurt10, wounds: 2 }, slash(12));
    expect(last.gainedFaltering).toBe(true);
    expect(last.state).toMatchObject({ wounds: 3, faltering: 1, vitality: 8, defeated: false });
    const down = applyDamage(last.state, slash(8));
    expect(down.becameDefeated).toBe(true);
    expect(down.state).toMatchObject({ vitality: 0, faltering: 0, defeated: true, wounds: 3 });
  });
});

describe("Guard, resistance and weakness (ch. 05, 20)", () => {
  const guarded: HarmState = { ...unhurt10, guard: 5 };

  it("Guard absorbs attack damage first; resistance halves only what passes it", () => {
    const r = applyDamage(guarded, { amount: 20, types: ["Fire"] }, { resistances: ["Fire"] });
    expect(r.absorbedByGuard).toBe(5);
    expect(r.toVitality).toBe(7);
    expect(r.state.guard).toBe(0);
  });

  it("weakness doubles what passes Guard", () => {
    expect(
      applyDamage(guarded, { amount: 8, types: ["Radiant"] }, { weaknesses: ["Radiant"] }).toVitality,
    ).toBe(6);
  });

  it("multi-type attacks: resistance and weakness to listed types cancel out", () => {
    const axe: Damage = { amount: 20, types: ["Slashing", "Radiant", "Fire"] };
    expect(resistanceModifier(axe, { resistances: ["Fire"] })).toBe("resistance");
    expect(resistanceModifier(axe, { weaknesses: ["Radiant"] })).toBe("weakness");
    expect(resistanceModifier(axe, { resistances: ["Fire"], weaknesses: ["Radiant"] })).toBe("none");
    expect(resistanceModifier(axe, { resistances: ["Physical"] })).toBe("resistance");
    expect(resistanceModifier(axe, { resistanceToThisAttack: true, weaknesses: ["Radiant"] })).toBe("none");
  });

  it("Penetrating damage and untyped damage bypass Guard", () => {
    expect(applyDamage(guarded, { amount: 4, types: ["Piercing"], penetrating: true }).absorbedByGuard).toBe(
      0,
    );
    expect(applyDamage(guarded, fallDamage(3, 0)).absorbedByGuard).toBe(0);
  });

  it("Wracked (Bleeding) is both Piercing and Slashing and bypasses Guard", () => {
    const bleed = wrackedDamage(2, "Bleeding");
    expect(bleed.amount).toBe(4);
    const r = applyDamage(guarded, bleed, { resistances: ["Slashing"] });
    expect(r.absorbedByGuard).toBe(0);
    expect(r.toVitality).toBe(2);
  });
});

describe("Mira's fall (ch. 19)", () => {
  interface Stated {
    statedDerivedStats: {
      maxVitality: { value: number };
      maxStrain: { value: number };
      maxGuard: { value: number };
    };
    attributes: { AGI: number };
  }
  const mira = readContent<Stated>("characters", "mira");

  it("5 squares with AGI 3 is treated as 2 squares: 4 untyped damage, which her Guard does not stop", () => {
    expect(seedText()).toContain("assume that Mira falls 5 squares and has an AGI of 3");
    const fall = fallDamage(5, mira.attributes.AGI);
    expect(fall).toMatchObject({ amount: 4, types: [] });
    const start = freshHarmState({
      maxVitality: mira.statedDerivedStats.maxVitality.value,
      maxStrain: mira.statedDerivedStats.maxStrain.value,
      maxGuard: mira.statedDerivedStats.maxGuard.value,
    });
    const { state } = applyDamage(start, fall);
    expect(state.vitality).toBe(start.vitality - 4);
    expect(state.guard).toBe(start.guard);
  });

  it("a fall no longer than her AGI does no damage", () => {
    expect(fallDamage(3, 3).amount).toBe(0);
  });
});

describe("Strain, Burdens and Lost (ch. 21, 22)", () => {
  it("reaching Max Strain fills a Burden and resets Strain, carrying the excess", () => {
    expect(applyStrain({ ...unhurt10, strain: 4 }, 1).state).toMatchObject({ burdens: 1, strain: 0 });
    expect(applyStrain(unhurt10, 12).state).toMatchObject({ burdens: 2, strain: 2 });
  });

  it("the last Burden slot adds Unraveling 1; with none left the character is Lost, Strain 0, Unraveling cleared", () => {
    const last = applyStrain({ ...unhurt10, burdens: 2 }, 5);
    expect(last.state).toMatchObject({ burdens: 3, unraveling: 1 });
    const lost = applyStrain(last.state, 5);
    expect(lost.becameLost).toBe(true);
    expect(lost.state).toMatchObject({ strain: 0, unraveling: 0, lost: true });
    expect(applyStrain(lost.state, 3).state.strain).toBe(0);
  });
});

describe("Faltering / Unraveling checks (ch. 22)", () => {
  it("a d6 above the stacks is safe; otherwise the luck roll decides", () => {
    expect(trackCheck(1, 2, 0)).toEqual({ outcome: "safe", stacks: 2 });
    expect(trackCheck(2, 2, 1)).toEqual({ outcome: "survived", stacks: 3 });
    expect(trackCheck(2, 1, 0)).toEqual({ outcome: "fell", stacks: 2 });
  });

  it("P(fall) = P(d6 ≤ stacks) × P(luck roll of 0)", () => {
    expect(trackCheckFallProbability(1, 0)).toBeCloseTo((1 / 6) * (8 / 9), 15);
    expect(trackCheckFallProbability(3, 2)).toBeCloseTo(0.5 * (4 / 9), 15);
    expect(trackCheckFallProbability(6, 5, { cursed: true })).toBe(1);
  });
});

describe("properties (fast-check)", () => {
  const stateArb = fc
    .record({
      maxVitality: fc.integer({ min: 1, max: 40 }),
      maxStrain: fc.integer({ min: 1, max: 15 }),
      guard: fc.integer({ min: 0, max: 10 }),
      wounds: fc.integer({ min: 0, max: 3 }),
    })
    .chain((s) =>
      fc.record({
        state: fc.constant({
          ...freshHarmState(s),
          guard: s.guard,
          wounds: s.wounds,
          faltering: s.wounds === 3 ? 1 : 0,
        }),
        vitality: fc.integer({ min: 1, max: s.maxVitality }),
      }),
    )
    .map(({ state, vitality }): HarmState => ({ ...state, vitality }));
  const damageArb = fc.record({
    amount: fc.integer({ min: 0, max: 120 }),
    types: fc.subarray(["Slashing", "Piercing", "Crushing", "Fire", "Radiant"]),
    penetrating: fc.boolean(),
    fromAttack: fc.boolean(),
  });
  const defensesArb = fc.record({
    resistances: fc.subarray(["Slashing", "Fire", "Physical"]),
    weaknesses: fc.subarray(["Piercing", "Radiant"]),
  });

  it("damage never increases Vitality unless it caused a Wound, and never lowers Wounds", () => {
    fc.assert(
      fc.property(stateArb, damageArb, defensesArb, (state, damage, defenses) => {
        const r = applyDamage(state, damage, defenses);
        const noNewWound = r.newWounds === 0 && !r.becameDefeated;
        return r.state.wounds >= state.wounds && (!noNewWound || r.state.vitality <= state.vitality);
      }),
    );
  });

  it("damage never increases remaining health: Vitality plus a full bar per empty Wound slot", () => {
    const health = (s: HarmState) =>
      s.defeated ? -1 : s.vitality + (s.woundSlots - s.wounds) * s.maxVitality;
    fc.assert(
      fc.property(stateArb, damageArb, defensesArb, (state, damage, defenses) => {
        return health(applyDamage(state, damage, defenses).state) <= health(state);
      }),
    );
  });
});
