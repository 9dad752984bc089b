// Regular expressions run on untrusted text stay linear: each input that made one retry a whole run, at 10× size
import { describe, expect, it } from "vitest";
import { LINEAR_BOUND, measureGrowth } from "../../../test/support/growth.ts";
import { lintProse as scanProse } from "../src/prose/lint.ts";

describe("prose pre-filters", () => {
  it.each([
    ["blank lines before plain text", (n: number) => `${"\n".repeat(n)}x`],
    ["blank lines with spaces before a brace-free `<`", (n: number) => `${" \n".repeat(n / 2)}x`],
    ["a long run of spaces after a line break", (n: number) => `\n${" ".repeat(n)}x`],
  ])("scanProse skips %s in linear time (n → 10n under 50×)", (_what, make) => {
    // the old `^\s*(?:import|export)` pre-filter took 9.6 s on 100,000 blank lines
    const growth = measureGrowth(make, scanProse, 20_000);
    expect(growth.ratio).toBeLessThan(LINEAR_BOUND);
    expect(scanProse(make(100))).toEqual([]);
  });

  it("still finds a statement after blank and indented lines", () => {
    expect(scanProse("\n\n  \nexport const a = 1").map((problem) => problem.messageId)).toEqual(["mdx-code"]);
  });
});
