// The core and the packs a target publishes: the core alone, clean packs with their names, a broken pack refused
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadCoreAndPacks } from "./core-and-packs.ts";

const repo = join(import.meta.dirname, "../../..");
const fixtures = join(import.meta.dirname, "../test/fixtures/packs");

describe("loadCoreAndPacks", () => {
  it("loads the core alone without packs, every entry core", () => {
    const loaded = loadCoreAndPacks({ coreRoot: repo, packs: [], cwd: repo });
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.packs).toEqual([]);
    expect(loaded.graph.get("condition/hindered")).toBeDefined();
    expect(loaded.packName("condition/hindered")).toBeUndefined();
    expect(loaded.houseRules("weapon/dagger")).toBeUndefined();
  });

  it("names a clean pack's entries and the house rules its patches make", () => {
    const loaded = loadCoreAndPacks({
      coreRoot: repo,
      packs: [join(repo, "examples/homebrew"), join(fixtures, "old-rules")],
      cwd: repo,
    });
    expect(loaded.ok).toBe(true);
    if (!loaded.ok) return;
    expect(loaded.packs.map((pack) => pack.id)).toEqual(["ember-court", "old-rules"]);
    const [ember] = loaded.packs;
    const emberEntry = ember?.entries[0]?.id ?? "";
    expect(loaded.packName(emberEntry)).toBe("The Ember Court (homebrew example)");
    expect(loaded.packName("condition/hindered")).toBeUndefined();
    expect(loaded.houseRules("weapon/dagger")).toEqual(["old-rules (test fixture)"]);
    expect(loaded.houseRules("condition/hindered")).toBeUndefined();
  });

  it("refuses a pack with lint errors, with the linter's report of them", () => {
    const loaded = loadCoreAndPacks({
      coreRoot: repo,
      packs: [join(repo, "examples/homebrew-broken")],
      cwd: repo,
    });
    expect(loaded.ok).toBe(false);
    if (loaded.ok) return;
    const errors = loaded.diagnostics.filter((d) => d.severity === "error");
    expect(errors.length).toBeGreaterThan(0);
    for (const d of errors) expect(loaded.report).toContain(d.message);
    expect(loaded.report).toMatch(/\d+ errors?/);
  });
});
