// Regular expressions run on untrusted text stay linear: each input that made one retry a whole run, at 10× size
import { describe, expect, it } from "vitest";
import { LINEAR_BOUND, measureGrowth } from "../../../test/support/growth.ts";
import {
  MAX_CONFLICTS_PER_PAIR,
  type PatchFile,
  patchLeaves,
  reportConflicts,
} from "../src/loader/patches.ts";
import { Collector } from "../src/loader/report.ts";
import type { LoadedPack } from "../src/model.ts";
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

describe("house-rule conflicts", () => {
  // issue 24: two packs' patches of one entry, 90,000 leaves each, compared every leaf with every leaf (150 s)
  const pack = (id: string) => ({ id }) as LoadedPack;
  const patchFile = (id: string, patch: Record<string, unknown>): PatchFile => {
    const source = new SourceFile(`${id}/patches/weapon/dagger.json`, JSON.stringify(patch, null, 2));
    source.cleanJson = true;
    const paths = patchLeaves(patch);
    return {
      pack: pack(id),
      source,
      target: "weapon/dagger",
      definition: {} as PatchFile["definition"],
      patch,
      paths,
    };
  };
  const make = (n: number) => {
    const ours: Record<string, number> = {};
    const theirs: Record<string, number> = {};
    for (let i = 0; i < n; i++) {
      ours[`a${i}`] = i;
      theirs[`b${i}`] = i;
    }
    // one shared leaf at the end: every other leaf is compared and found free
    theirs[`a${n - 1}`] = 0;
    return [patchFile("ours", { effect: ours }), patchFile("theirs", { effect: theirs })];
  };

  it("are found in time linear in the patches' leaves (n → 10n under 50×)", () => {
    const growth = measureGrowth(make, (group) => reportConflicts(group, new Collector()), 2_000, {
      samples: 3,
    });
    expect(growth.ratio).toBeLessThan(LINEAR_BOUND);
    const collector = new Collector();
    reportConflicts(make(3), collector);
    expect(collector.diagnostics.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`)).toEqual([
      "ours/patches/weapon/dagger.json:5:5 `effect.a2` of `weapon/dagger` is also patched by pack `theirs`",
      "theirs/patches/weapon/dagger.json:6:5 `effect.a2` of `weapon/dagger` is also patched by pack `ours`",
    ]);
  });

  it("reports the first conflicts of two patches one by one and counts the rest in one error, at the first of them", () => {
    const same = (n: number) => {
      const effect: Record<string, number> = {};
      for (let i = 0; i < n; i++) effect[`k${i}`] = i;
      return [patchFile("ours", { effect }), patchFile("theirs", { effect })];
    };
    const report = (n: number) => {
      const collector = new Collector();
      reportConflicts(same(n), collector);
      return collector.diagnostics;
    };
    // at the cap, every conflict is its own error
    expect(report(MAX_CONFLICTS_PER_PAIR).map((d) => d.messageId)).toEqual(
      Array(2 * MAX_CONFLICTS_PER_PAIR).fill("conflict"),
    );
    const many = report(90_000);
    expect(many).toHaveLength(2 * (MAX_CONFLICTS_PER_PAIR + 1));
    const more = many.filter((d) => d.messageId === "conflict-more");
    expect(more.map((d) => `${d.file}:${d.line}:${d.column} ${d.message}`)).toEqual([
      `ours/patches/weapon/dagger.json:${MAX_CONFLICTS_PER_PAIR + 3}:5 and 89,980 more fields of \`weapon/dagger\` are also patched by pack \`theirs\`, from here on`,
      `theirs/patches/weapon/dagger.json:${MAX_CONFLICTS_PER_PAIR + 3}:5 and 89,980 more fields of \`weapon/dagger\` are also patched by pack \`ours\`, from here on`,
    ]);
  });
});
