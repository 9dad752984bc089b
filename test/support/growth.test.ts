// The growth check itself: linear work passes the bound and quadratic work fails it, so the checks built on it can fail
import { describe, expect, it } from "vitest";
import { LINEAR_BOUND, measureGrowth } from "./growth.ts";

const make = (n: number) => Array.from({ length: n }, (_, i) => (i * 7919) % 1013);

describe("measureGrowth", () => {
  it("keeps a linear scan under the bound", () => {
    const growth = measureGrowth(make, (values) => values.reduce((sum, value) => sum + value, 0), 2_000);
    expect(growth.ratio).toBeLessThan(LINEAR_BOUND);
  });

  it("puts a quadratic scan over the bound", () => {
    const quadratic = (values: number[]) => {
      let pairs = 0;
      for (const a of values) for (const b of values) if (a < b) pairs++;
      return pairs;
    };
    const growth = measureGrowth(make, quadratic, 300);
    expect(growth.ratio).toBeGreaterThanOrEqual(LINEAR_BOUND);
  });
});
