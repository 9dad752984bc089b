// Condition stacking and clearing (ch. 22) with caps and clear types read from the condition entries
import type { ChallengeClass } from "@momenta/schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readAllContent, rulesText, seedText, sourceQuotes } from "../../test/book.ts";
import {
  addStacks,
  type ConditionInstance,
  type ConditionRules,
  clearAtEndOfTurn,
  gainCondition,
  rollToClearProbability,
  stackCap,
} from "./stacking.ts";

const entries = readAllContent<ConditionRules>("conditions");
const rules: Record<string, ConditionRules> = Object.fromEntries(entries.map((e) => [e.name, e]));
const rule = (name: string): ConditionRules => {
  const found = rules[name];
  if (!found) throw new Error(`content/conditions has no ${name}`);
  return found;
};

describe("caps come from the entries (ch. 22)", () => {
  it("stacked conditions cap at 3; Faltering and Unraveling are uncapped; non-stackable is 1", () => {
    expect(seedText()).toContain(
      "All stacked conditions cap at 3 stacks. The only exception is Faltering and Unraveling",
    );
    expect(stackCap(rule("Impaired"))).toBe(3);
    expect(stackCap(rule("Faltering"))).toBe(Number.POSITIVE_INFINITY);
    expect(stackCap(rule("Unraveling"))).toBe(Number.POSITIVE_INFINITY);
    expect(stackCap(rule("Hindered"))).toBe(1);
  });

  it("Impaired 1 + Impaired 2 = Impaired 3 (ch. 22 example), and no further", () => {
    expect(addStacks(1, 2, rule("Impaired"))).toBe(3);
    const twice = gainCondition(
      gainCondition([{ name: "Impaired", stacks: 2 }], { name: "Impaired", stacks: 2 }, rule("Impaired")),
      { name: "Impaired", stacks: 1 },
      rule("Impaired"),
    );
    expect(twice).toEqual([{ name: "Impaired", stacks: 3 }]);
  });

  it("Wracked stacks per damage type", () => {
    const w = rule("Wracked");
    const both = gainCondition(
      gainCondition([], { name: "Wracked", parameter: "Fire", stacks: 2 }, w),
      { name: "Wracked", parameter: "Bleeding", stacks: 1 },
      w,
    );
    expect(both).toHaveLength(2);
  });

  it("stacking never exceeds any entry's cap (fast-check)", () => {
    const stackable = entries.filter((e) => e.stackable !== "unlimited");
    expect(stackable.length).toBeGreaterThan(0);
    fc.assert(
      fc.property(
        fc.constantFrom(...stackable),
        fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 12 }),
        (r, gains) => {
          let conditions: ConditionInstance[] = [];
          for (const n of gains) conditions = gainCondition(conditions, { name: r.name, stacks: n }, r);
          return conditions.every((c) => c.stacks <= stackCap(r));
        },
      ),
    );
  });
});

describe("end-of-turn clearing (ch. 22, Pre-Generated Enemies)", () => {
  const afflicted: ConditionInstance[] = [
    { name: "Impaired", stacks: 2 },
    { name: "Hindered", stacks: 1 },
    { name: "Grabbed", stacks: 3 },
    { name: "Vulnerable", stacks: 2 },
  ];
  const after = (challengeClass: ChallengeClass) =>
    clearAtEndOfTurn(afflicted, rules, { kind: "enemy", challengeClass }).conditions;

  it("players: auto-clear loses 1 stack, roll-to-clear loses one per success, persistent stays", () => {
    const { conditions } = clearAtEndOfTurn(afflicted, rules, {
      kind: "player",
      rollToClear: (c) => (c.name === "Grabbed" ? 2 : 0),
    });
    expect(conditions).toEqual([
      { name: "Impaired", stacks: 1 },
      { name: "Hindered", stacks: 1 },
      { name: "Grabbed", stacks: 1 },
      { name: "Vulnerable", stacks: 2 },
    ]);
  });

  it("Regulars (and Grunts) never clear roll-to-clear conditions", () => {
    for (const cls of ["Regular", "Grunt"] as const) {
      expect(after(cls)).toEqual([
        { name: "Impaired", stacks: 1 },
        { name: "Hindered", stacks: 1 },
        { name: "Grabbed", stacks: 3 },
        { name: "Vulnerable", stacks: 2 },
      ]);
    }
  });

  it("Elites and Champions shed 1 stack of each roll-to-clear condition", () => {
    for (const cls of ["Elite", "Champion"] as const) {
      expect(after(cls)).toEqual([
        { name: "Impaired", stacks: 1 },
        { name: "Grabbed", stacks: 2 },
        { name: "Vulnerable", stacks: 2 },
      ]);
    }
  });

  it("a Nemesis sheds every auto-clear and roll-to-clear stack, never persistent ones", () => {
    expect(after("Nemesis")).toEqual([{ name: "Vulnerable", stacks: 2 }]);
  });

  it("the book's example: Hindered, Grabbed, Slowed stick to a Regular; an Elite sheds a stack of each", () => {
    const held: ConditionInstance[] = [
      { name: "Hindered", stacks: 1 },
      { name: "Grabbed", stacks: 2 },
      { name: "Slowed", stacks: 1 },
    ];
    const clear = (challengeClass: ChallengeClass) =>
      clearAtEndOfTurn(held, rules, { kind: "enemy", challengeClass }).conditions;
    expect(clear("Regular")).toEqual(held);
    expect(clear("Elite")).toEqual([{ name: "Grabbed", stacks: 1 }]);
    expect(clear("Nemesis")).toEqual([]);
  });

  // each rule the clearing applies, as the catalog text states it and the code quotes it
  it.each([
    "Auto-clear conditions behave normally for every class",
    "Elites and Champions do not roll to clear: at the end of each of their turns they shed 1 stack of each roll-to-clear condition (and auto-clear conditions shed as normal).",
    "A Nemesis removes all stacks of every auto-clear and roll-to-clear condition at the end of each of its turns.",
    "Persistent conditions — such as Vulnerable — are never shed this way; they end only by their own rules.",
    "End-of-turn effects (such as Wracked damage) resolve before shedding.",
    "Regulars never clear roll-to-clear conditions on their own.",
    "control is strongest against the many and weakest against the few",
  ])("cites Pre-Generated Enemies: %s", (passage) => {
    expect(rulesText("catalog-pre-generated-enemies")).toContain(passage);
    expect(sourceQuotes("conditions/stacking.ts", passage)).toBe(true);
  });

  it("P(clearing Grabbed 2 in one roll with 4 dice) = P(≥ 2 successes)", () => {
    expect(rollToClearProbability(2, 4)).toBeCloseTo(1 - 16 / 81 - 32 / 81, 14);
  });
});
