// The Art schema accepts a catalog-shaped Art and rejects the mistakes an author is likely to make
import { describe, expect, it } from "vitest";
import { artSchema } from "./art.ts";

const ladder = { "0s": "1 damage.", "1s": "2 damage.", "2s": "3 damage.", "3+": "4 damage." };
const rend = {
  id: "art/rend",
  name: "Rend",
  source: { book: "spellcasting", section: "Arts" },
  status: "complete",
  type: "Attack",
  baseCost: 2,
  basicShape: {
    range: { value: "SEN", shaping: "Shapeable" },
    duration: { value: "instantaneous", shaping: "Fixed" },
    area: { value: "single target", shaping: "Shapeable" },
  },
  description: "Channels the raw power of the applied [[Resonance]].",
  effects: [
    { track: "Vitality", ...ladder, overflow: "+6 damage / success" },
    { track: "Strain", ...ladder },
  ],
};

/** The paths of every issue zod reports for `patch` applied to Rend. */
function issuePaths(patch: Record<string, unknown>): string[] {
  const result = artSchema.safeParse({ ...rend, ...patch });
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
}

describe("art schema", () => {
  it("accepts a complete Art with two labeled ladders", () => {
    expect(issuePaths({})).toEqual([]);
  });

  it("accepts an Art known only by name when it says what is missing", () => {
    const compel = { id: "art/compel", name: "Compel", source: { book: "core-rules", chapter: "00" } };
    expect(artSchema.safeParse({ ...compel, status: "incomplete", missing: ["stat block"] }).success).toBe(
      true,
    );
  });

  it.each([
    ["a complete Art without a base cost", { baseCost: undefined }, "baseCost"],
    ["a complete Art without ladders", { effects: undefined }, "effects"],
    ["an unknown Art type", { type: "Summoning" }, "type"],
    [
      "a range that is no range step",
      { basicShape: { ...rend.basicShape, range: { value: "far", shaping: "Fixed" } } },
      "basicShape.range.value",
    ],
    [
      "a lower-case shaping",
      { basicShape: { ...rend.basicShape, area: { value: "single target", shaping: "fixed" } } },
      "basicShape.area.shaping",
    ],
    ["two ladders without tracks", { effects: [ladder, ladder] }, "effects"],
    [
      "two ladders on the same track",
      {
        effects: [
          { ...ladder, track: "Strain" },
          { ...ladder, track: "Strain" },
        ],
      },
      "effects",
    ],
    ["a single ladder with a track", { effects: [{ ...ladder, track: "Vitality" }] }, "effects"],
    [
      "a ladder missing a band",
      { effects: [{ "0s": "1 damage.", "1s": "2 damage.", "2s": "3 damage." }] },
      "effects.0.3+",
    ],
  ])("rejects %s", (_what, patch, path) => {
    expect(issuePaths(patch)).toContain(path);
  });
});
