// Pattern odds (ch. 04): the book's allocation examples, closed forms, brute force over every roll, Monte Carlo
import { describe, expect, it } from "vitest";
import { monteCarloTolerance, rollDice, seededRandom } from "../../test/book.ts";
import {
  faceCountsOf,
  forEachFaceCounts,
  maxPatterns,
  outcomesOf,
  patternProbabilities,
  probabilityOfDoubleN,
  solidHitBonus,
  successesAndDoubles,
} from "./patterns.ts";
import { successDistribution } from "./successes.ts";

/** Every statistic patternProbabilities reports, for one concrete roll. */
function statsOfRoll(faces: readonly number[]) {
  const counts = faceCountsOf(faces);
  const max = Math.max(...counts);
  const successes = faces.filter((f) => f >= 5).length;
  return {
    double: max >= 2,
    twoDoubles: maxPatterns(counts, 2) >= 2,
    triple: max >= 3,
    quad: max >= 4,
    doubleOfGivenValue: (counts[0] as number) >= 2,
    doubleThatTriggers: max >= 2 && successes >= 1,
    solidHit: successes >= 1 ? solidHitBonus(counts) : 0,
  };
}

describe("one die, one pattern (ch. 04 examples)", () => {
  it("2, 3, 5, 5, 5 gives a Double or a Triple, never both", () => {
    const counts = faceCountsOf([2, 3, 5, 5, 5]);
    expect(maxPatterns(counts, 2)).toBe(1);
    expect(maxPatterns(counts, 3)).toBe(1);
  });

  it("1, 1, 4, 5, 5 gives a Double 1 and a Double 5, so Solid Hit adds 1 + 5", () => {
    const counts = faceCountsOf([1, 1, 4, 5, 5]);
    expect(maxPatterns(counts, 2)).toBe(2);
    expect(solidHitBonus(counts)).toBe(6);
  });

  it("four of a kind is two Doubles of that value", () => {
    expect(maxPatterns(faceCountsOf([6, 6, 6, 6]), 2)).toBe(2);
    expect(solidHitBonus(faceCountsOf([6, 6, 6, 6]))).toBe(12);
  });
});

describe("exact pattern odds", () => {
  it("face-count enumeration covers all 6^n rolls", () => {
    for (let pool = 0; pool <= 14; pool++) {
      let ways = 0;
      forEachFaceCounts(pool, (_, w) => {
        ways += w;
      });
      expect(ways).toBe(outcomesOf(pool));
    }
  });

  it("matches the closed forms for any Double and for a given Double N", () => {
    for (let n = 0; n <= 12; n++) {
      let allDifferent = 1;
      for (let i = 0; i < n; i++) allDifferent *= (6 - i) / 6;
      const p = patternProbabilities(n);
      expect(p.double).toBeCloseTo(n === 0 ? 0 : 1 - allDifferent, 14);
      const givenN = n === 0 ? 0 : 1 - (5 / 6) ** n - n * (1 / 6) * (5 / 6) ** (n - 1);
      expect(p.doubleOfGivenValue).toBeCloseTo(givenN, 14);
      for (let face = 1; face <= 6; face++) expect(probabilityOfDoubleN(n, face)).toBeCloseTo(givenN, 14);
    }
  });

  it("is certain where the pigeonhole says so: 7 dice always hold a Double, 9 dice two", () => {
    expect(patternProbabilities(7).double).toBe(1);
    expect(patternProbabilities(9).twoDoubles).toBe(1);
    expect(patternProbabilities(13).triple).toBe(1);
  });

  it("zero dice: patterns do not apply (ch. 03)", () => {
    const p = patternProbabilities(0);
    expect([p.double, p.triple, p.quad, p.expectedSolidHitBonus]).toEqual([0, 0, 0, 0]);
  });

  it.each([1, 2, 3, 4, 5, 6])("agrees with brute force over every roll of %i dice", (pool) => {
    const totals = {
      double: 0,
      twoDoubles: 0,
      triple: 0,
      quad: 0,
      doubleOfGivenValue: 0,
      doubleThatTriggers: 0,
      solidHit: 0,
    };
    const faces = new Array<number>(pool).fill(1);
    for (let i = 0; i < outcomesOf(pool); i++) {
      let rest = i;
      for (let d = 0; d < pool; d++) {
        faces[d] = 1 + (rest % 6);
        rest = Math.floor(rest / 6);
      }
      const s = statsOfRoll(faces);
      totals.double += +s.double;
      totals.twoDoubles += +s.twoDoubles;
      totals.triple += +s.triple;
      totals.quad += +s.quad;
      totals.doubleOfGivenValue += +s.doubleOfGivenValue;
      totals.doubleThatTriggers += +s.doubleThatTriggers;
      totals.solidHit += s.solidHit;
    }
    const n = outcomesOf(pool);
    const p = patternProbabilities(pool);
    expect(p.double).toBe(totals.double / n);
    expect(p.twoDoubles).toBe(totals.twoDoubles / n);
    expect(p.triple).toBe(totals.triple / n);
    expect(p.quad).toBe(totals.quad / n);
    expect(p.doubleOfGivenValue).toBe(totals.doubleOfGivenValue / n);
    expect(p.doubleThatTriggers).toBe(totals.doubleThatTriggers / n);
    expect(p.expectedSolidHitBonus).toBeCloseTo(totals.solidHit / n, 12);
  });

  it("the joint successes × Doubles table sums to 1 and to the success marginals", () => {
    for (const pool of [0, 3, 8]) {
      const joint = successesAndDoubles(pool);
      const total = joint.flat().reduce((a, b) => a + b, 0);
      expect(total).toBeCloseTo(1, 14);
      const marginals = joint.map((row) => row.reduce((a, b) => a + b, 0));
      successDistribution(pool).forEach((p, s) => {
        expect(marginals[s]).toBeCloseTo(p, 14);
      });
    }
  });
});

describe("seeded Monte Carlo cross-check, pools 8–12", () => {
  const trials = 60_000;
  it.each([8, 10, 12])("pool %i", (pool) => {
    const random = seededRandom(0xd1ce + pool);
    const hits = {
      double: 0,
      twoDoubles: 0,
      triple: 0,
      quad: 0,
      doubleOfGivenValue: 0,
      doubleThatTriggers: 0,
    };
    for (let t = 0; t < trials; t++) {
      const s = statsOfRoll(rollDice(random, pool));
      for (const key of Object.keys(hits) as (keyof typeof hits)[]) if (s[key]) hits[key] += 1;
    }
    const exact = patternProbabilities(pool);
    for (const key of Object.keys(hits) as (keyof typeof hits)[]) {
      expect(Math.abs(hits[key] / trials - exact[key])).toBeLessThan(monteCarloTolerance(exact[key], trials));
    }
  });
});
