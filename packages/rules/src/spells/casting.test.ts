// Spell costs (ch. 24) with Rend's Basic Shape read from its Art entry; graze Strain; caster ability costs
import { describe, expect, it } from "vitest";
import { hasContent, readContent, seedText } from "../../test/book.ts";
import { type ArtShape, grazeStrain, longCastingSplit, patronsWillStrain, spellCost } from "./casting.ts";

interface ArtEntry {
  baseCost: number;
  basicShape: Record<"range" | "duration" | "area", { value: string; shaping: "Shapeable" | "Fixed" }>;
}

/**
 * Rend as the engine sees it. The step numbers of Basic Shapes were lost with ch. 24's range table, so the
 * basic step is 1 here ("Most Arts will start with a basic … shape at step 1"); only the differences are charged.
 */
function rend(): ArtShape {
  const entry: ArtEntry = hasContent("arts", "rend")
    ? readContent<ArtEntry>("arts", "rend")
    : {
        baseCost: 2,
        basicShape: {
          range: { value: "SEN", shaping: "Shapeable" },
          duration: { value: "instantaneous", shaping: "Fixed" },
          area: { value: "single target", shaping: "Shapeable" },
        },
      };
  const dim = (d: "range" | "duration" | "area") => ({
    step: 1,
    shapeable: entry.basicShape[d].shaping === "Shapeable",
  });
  return { baseCost: entry.baseCost, range: dim("range"), duration: dim("duration"), area: dim("area") };
}

describe("Vigor cost (ch. 24)", () => {
  it("is the base cost at the basic shape, plus 1 per step up", () => {
    expect(seedText()).toContain("Base Cost: 2 Vigor");
    expect(spellCost(rend())).toMatchObject({ vigor: 2, shaped: false, violations: [] });
    expect(spellCost(rend(), { range: 3, area: 2 })).toMatchObject({
      vigor: 5,
      shaped: true,
      violations: [],
    });
  });

  it("gives no discount below the basic shape", () => {
    expect(spellCost(rend(), { range: 0 }).vigor).toBe(2);
  });

  it("caps area at step 4 and refuses to shape a Fixed dimension", () => {
    expect(spellCost(rend(), { area: 4 }).vigor).toBe(5);
    expect(spellCost(rend(), { area: 5 }).violations.map((v) => v.code)).toEqual(["area-above-cap"]);
    expect(spellCost(rend(), { duration: 2 }).violations.map((v) => v.code)).toEqual(["fixed-dimension"]);
  });
});

describe("grazing (ch. 24)", () => {
  it("0 successes cost 1 Strain, or 2 when shaped; any success costs none", () => {
    expect(grazeStrain(0, false)).toBe(1);
    expect(grazeStrain(0, spellCost(rend(), { range: 2 }).shaped)).toBe(2);
    expect(grazeStrain(1, true)).toBe(0);
  });
});

describe("caster abilities (Archetypes catalog)", () => {
  it("Patron's Will costs 2 Strain a success; Patron's Gift makes the first two 1 each", () => {
    expect([0, 1, 2, 3].map((n) => patronsWillStrain(n))).toEqual([0, 2, 4, 6]);
    expect([1, 2, 3, 4].map((n) => patronsWillStrain(n, true))).toEqual([1, 2, 4, 6]);
  });

  it("Long Casting pays the odd Vigor now", () => {
    expect(longCastingSplit(5)).toEqual({ thisTurn: 3, nextTurn: 2 });
    expect(longCastingSplit(4)).toEqual({ thisTurn: 2, nextTurn: 2 });
  });
});
