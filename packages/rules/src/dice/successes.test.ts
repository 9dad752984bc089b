// Success distributions (ch. 03): zero-dice odds, exact vs double, properties, seeded Monte Carlo cross-check
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { monteCarloTolerance, rollDice, seededRandom, seedText } from "../../test/book.ts";
import { equals, fraction, ONE, sum, toNumber } from "./fraction.ts";
import {
  actionRollPool,
  atLeastDistributionOf,
  bandProbabilities,
  countSuccesses,
  effectiveSuccesses,
  luckRollDistribution,
  luckRollPool,
  opposedDistribution,
  overflowSuccesses,
  probabilityAtLeast,
  resultBand,
  successDistribution,
  successDistributionExact,
} from "./successes.ts";

describe("zero-dice rule (ch. 03)", () => {
  it("gives exactly 1/9 for one success and 8/9 for none — the book's 11% / 89%", () => {
    const [none, one] = successDistributionExact(0);
    expect(one && equals(one, fraction(1n, 9n))).toBe(true);
    expect(none && equals(none, fraction(8n, 9n))).toBe(true);
    const stated = seedText().match(/Reference probabilities: (\d+)% for 1 success, (\d+)% for 0 success/);
    expect(stated).not.toBeNull();
    expect(Math.round(toNumber(one ?? ONE) * 100)).toBe(Number(stated?.[1]));
    expect(Math.round(toNumber(none ?? ONE) * 100)).toBe(Number(stated?.[2]));
  });

  it("applies to every pool of 0 dice or fewer", () => {
    expect(successDistribution(-3)).toEqual(successDistribution(0));
    expect(successDistribution(actionRollPool(1, [-2]))).toEqual(successDistribution(0));
  });

  it("counts a success only when the lowest of the two dice is 5 or 6", () => {
    expect(countSuccesses([5, 6], { zeroDice: true })).toBe(1);
    expect(countSuccesses([6, 4], { zeroDice: true })).toBe(0);
  });
});

describe("exact distributions", () => {
  it("matches hand-computed values for small pools", () => {
    const two = successDistributionExact(2);
    expect(two.map((f) => `${f.num}/${f.den}`)).toEqual(["4/9", "4/9", "1/9"]);
    expect(successDistributionExact(1).map((f) => `${f.num}/${f.den}`)).toEqual(["2/3", "1/3"]);
  });

  it("sums to exactly 1 for pools 0–60", () => {
    for (let pool = 0; pool <= 60; pool++)
      expect(equals(sum(successDistributionExact(pool)), ONE)).toBe(true);
  });

  it("agrees with the fast double version within 1e-14 for pools 0–60", () => {
    for (let pool = 0; pool <= 60; pool++) {
      const exact = successDistributionExact(pool).map(toNumber);
      const fast = successDistribution(pool);
      expect(fast).toHaveLength(exact.length);
      exact.forEach((p, k) => {
        expect(Math.abs((fast[k] as number) - p)).toBeLessThan(1e-14);
      });
    }
  });
});

describe("properties (fast-check)", () => {
  it("every distribution sums to 1", () => {
    fc.assert(
      fc.property(fc.integer({ min: -5, max: 80 }), (pool) => {
        const total = successDistribution(pool).reduce((a, b) => a + b, 0);
        return Math.abs(total - 1) < 1e-12;
      }),
    );
  });

  it("adding a die never lowers P(≥ k successes)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -2, max: 60 }), fc.integer({ min: 0, max: 62 }), (pool, k) => {
        return probabilityAtLeast(pool + 1, k) >= probabilityAtLeast(pool, k) - 1e-15;
      }),
    );
  });

  it("opposed rolls are a distribution and never beat the unopposed roll", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 20 }), fc.integer({ min: 0, max: 20 }), fc.nat(20), (a, b, k) => {
        const dist = opposedDistribution(a, b);
        const total = dist.reduce((x, y) => x + y, 0);
        const atLeast = dist.slice(k).reduce((x, y) => x + y, 0);
        return Math.abs(total - 1) < 1e-12 && (k === 0 || atLeast <= probabilityAtLeast(a, k) + 1e-12);
      }),
    );
  });
});

describe("result bands, overflow and opposed rolls (ch. 03)", () => {
  it("reads bands from effective successes", () => {
    expect([0, 1, 2, 3, 7].map(resultBand)).toEqual(["0s", "1s", "2s", "3+", "3+"]);
    expect([2, 3, 4, 6].map(overflowSuccesses)).toEqual([0, 0, 1, 3]);
    expect(effectiveSuccesses(2, 3)).toBe(0);
    expect(effectiveSuccesses(4, 1)).toBe(3);
  });

  it("band probabilities of a pool add up to 1", () => {
    for (let pool = 0; pool <= 40; pool++) {
      const b = bandProbabilities(pool);
      expect(b["0s"] + b["1s"] + b["2s"] + b["3+"]).toBeCloseTo(1, 12);
      expect(b.overflow).toBeCloseTo(probabilityAtLeast(pool, 4), 12);
    }
  });

  it("at least N of an opposed roll: a falling ladder from P(1+) whose steps are the exact counts", () => {
    const dist = opposedDistribution(5, 2);
    const atLeast = atLeastDistributionOf(dist);
    expect(atLeast).toHaveLength(5);
    expect(atLeast[0]).toBeCloseTo(1 - (dist[0] as number), 12);
    for (let k = 1; k < atLeast.length; k++)
      expect((atLeast[k - 1] as number) - (atLeast[k] as number)).toBeCloseTo(dist[k] as number, 12);
    expect(atLeastDistributionOf(successDistribution(3))[1]).toBeCloseTo(probabilityAtLeast(3, 2), 12);
  });

  it("luck rolls ignore modifiers and Cursed forces 0 successes", () => {
    expect(luckRollPool(2, [+2, -1])).toBe(2);
    expect(luckRollDistribution(2, { cursed: true })).toEqual([1]);
    expect(luckRollDistribution(0)).toEqual(successDistribution(0));
  });
});

describe("seeded Monte Carlo cross-check", () => {
  const trials = 100_000;

  it.each([0, 1, 3, 5, 8, 12])("pool %i matches the exact distribution", (pool) => {
    const random = seededRandom(0x5eed + pool);
    const counts = new Map<number, number>();
    for (let t = 0; t < trials; t++) {
      const s =
        pool <= 0
          ? countSuccesses(rollDice(random, 2), { zeroDice: true })
          : countSuccesses(rollDice(random, pool));
      counts.set(s, (counts.get(s) ?? 0) + 1);
    }
    successDistribution(pool).forEach((p, k) => {
      const observed = (counts.get(k) ?? 0) / trials;
      expect(Math.abs(observed - p)).toBeLessThan(monteCarloTolerance(p, trials));
    });
  });

  it("an opposed 5-dice attack against a 3-dice defense matches max(0, a − b)", () => {
    const random = seededRandom(2024);
    const counts = new Array<number>(6).fill(0);
    for (let t = 0; t < trials; t++) {
      const e = effectiveSuccesses(countSuccesses(rollDice(random, 5)), countSuccesses(rollDice(random, 3)));
      counts[e] = (counts[e] as number) + 1;
    }
    opposedDistribution(5, 3).forEach((p, k) => {
      expect(Math.abs((counts[k] as number) / trials - p)).toBeLessThan(monteCarloTolerance(p, trials));
    });
  });
});
