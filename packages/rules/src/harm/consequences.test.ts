// The Wound and Affliction tables (ch. 21): the engine's tables agree with seed 004, rerolls and Impaired resets
import { describe, expect, it } from "vitest";
import { rulesText, seedText, sourceQuotes } from "../../test/book.ts";
import {
  AFFLICTION_TABLE,
  afflictionRoll,
  enemyDefaultImpaired,
  WOUND_TABLE,
  woundConsequence,
} from "./consequences.ts";

const ch21 = seedText("004_40b899bbfe3287fc.txt");

describe("tables match the source (ch. 21)", () => {
  it("Wound table rows 1–6", () => {
    WOUND_TABLE.forEach((condition, i) => {
      expect(ch21).toMatch(new RegExp(`\\| ${i + 1} \\| Gain the ${condition}( N)? condition`));
    });
  });

  it("Affliction table rows 1–6", () => {
    AFFLICTION_TABLE.forEach((affliction, i) => {
      expect(ch21).toContain(`| ${i + 1} | ${affliction} |`);
    });
  });
});

describe("rolling consequences", () => {
  it("Impaired N uses the Wound count and resets only upward", () => {
    expect(woundConsequence(1, 2, {})).toEqual({ kind: "gain", condition: "Impaired", stacks: 2 });
    expect(woundConsequence(1, 3, { Impaired: 1 })).toEqual({
      kind: "gain",
      condition: "Impaired",
      stacks: 3,
    });
    expect(woundConsequence(1, 2, { Impaired: 3 })).toEqual({ kind: "unchanged", condition: "Impaired" });
  });

  it("other conditions already held are rerolled", () => {
    expect(woundConsequence(2, 1, { Hindered: 1 })).toEqual({ kind: "reroll", condition: "Hindered" });
    expect(woundConsequence(6, 1, {})).toEqual({ kind: "gain", condition: "Broken", stacks: 1 });
    expect(afflictionRoll(3, ["Obsessed"])).toEqual({ kind: "reroll", affliction: "Obsessed" });
    expect(afflictionRoll(4, ["Obsessed"])).toEqual({ kind: "gain", affliction: "Terrified" });
  });

  it("enemies take Impaired N for the slots now filled", () => {
    expect(enemyDefaultImpaired(2)).toEqual({ condition: "Impaired", stacks: 2 });
  });

  it.each([
    "if there is no special Wound Effect listed, then the creature gains the Impaired N condition, where N = number of Wound slots now filled",
    "never roll on the Wound or Burden consequence tables",
  ])("cites Pre-Generated Enemies: %s", (passage) => {
    expect(rulesText("catalog-pre-generated-enemies")).toContain(passage);
    expect(sourceQuotes("harm/consequences.ts", passage)).toBe(true);
  });
});
