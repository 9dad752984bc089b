// Regular expressions run on untrusted text stay linear: each input that made one retry a whole run, at 10× size
import { describe, expect, it } from "vitest";
import { LINEAR_BOUND, measureGrowth } from "../../../test/support/growth.ts";
import { lintProse as scanProse } from "../src/prose/lint.ts";
import { SourceFile } from "../src/source/file.ts";

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

describe("positions", () => {
  it("locates every key of an object with n keys in time linear in n (no rescan per diagnostic)", () => {
    // the issue's case: 40,000 unknown keys took 38 s because each diagnostic stepped through the file again
    const make = (n: number) => {
      const keys = Array.from({ length: n }, (_, i) => `k${i}`);
      const source = new SourceFile("x.json", `{\n${keys.map((key) => `  "${key}": 1`).join(",\n")}\n}\n`);
      source.cleanJson = true;
      return { source, keys };
    };
    const growth = measureGrowth(
      make,
      ({ source, keys }) => {
        for (const key of keys) source.locate([key], { key: true });
      },
      4_000,
      { samples: 3 },
    );
    expect(growth.ratio).toBeLessThan(LINEAR_BOUND);
    const { source } = make(3);
    expect(source.locate(["k2"], { key: true })).toMatchObject({ start: 26, end: 30 });
  });

  it("maps many offsets inside one long string in linear time", () => {
    const make = (n: number) => new SourceFile("x.json", `{"effect": "${"a\\n".repeat(n)}"}`);
    const growth = measureGrowth(
      make,
      (source) => {
        for (let i = 0; i < 20_000; i += 7) source.locateInString(["effect"], i, i + 1);
      },
      20_000,
      { samples: 3 },
    );
    expect(growth.ratio).toBeLessThan(LINEAR_BOUND);
    expect(make(3).locateInString(["effect"], 2, 3)).toEqual({ start: 15, end: 16 });
  });
});
