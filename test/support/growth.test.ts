// The growth check itself: linear work passes the bound and quadratic work fails it, so the checks built on it can fail
import { describe, expect, it } from "vitest";
import { LINEAR_BOUND, measureGrowth } from "./growth.ts";

const make = (n: number) => Array.from({ length: n }, (_, i) => (i * 7919) % 1013);

/**
 * The steps the scans below take, as the check's clock: CPU time on a shared 2-core machine once made quadratic
 * work look 49× (a busy spell during the small runs), under the bound, so these tests count work instead and say
 * the same on every machine. The checks built on measureGrowth keep the CPU clock (the real code's time).
 */
let steps = 0;
const clock = () => steps;

describe("measureGrowth", () => {
  it("keeps a linear scan under the bound", () => {
    const linear = (values: number[]) => {
      let sum = 0;
      for (const value of values) {
        steps++;
        sum += value;
      }
      return sum;
    };
    // a floor above one run's steps makes the small size repeat (8 runs a sample) and the large one not
    const growth = measureGrowth(make, linear, 2_000, { clock, floorMs: 10_000 });
    expect(growth.ratio).toBe(10);
    expect(growth.ratio).toBeLessThan(LINEAR_BOUND);
  });

  it("puts a quadratic scan over the bound", () => {
    const quadratic = (values: number[]) => {
      let pairs = 0;
      for (const a of values)
        for (const b of values) {
          steps++;
          if (a < b) pairs++;
        }
      return pairs;
    };
    const growth = measureGrowth(make, quadratic, 300, { clock, attempts: 1 });
    expect(growth.ratio).toBe(100);
    expect(growth.ratio).toBeGreaterThanOrEqual(LINEAR_BOUND);
  });

  it("measures this process's CPU time by default: each size's best run takes some", () => {
    const growth = measureGrowth(make, (values) => values.reduce((sum, value) => sum + value, 0), 2_000);
    expect(growth.small).toBeGreaterThan(0);
    expect(growth.large).toBeGreaterThan(0);
    expect(growth.ratio).toBe(growth.large / growth.small);
  });
});
