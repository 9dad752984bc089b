// The Limit Break schema ties each category to its prerequisite shape
import { describe, expect, it } from "vitest";
import { limitBreakSchema } from "./limit-break.ts";

const base = {
  id: "limit-break/example",
  name: "Example",
  source: { book: "limit-breaks", section: "General Limit Breaks" },
  status: "complete",
  effect: "Gain +20 [[Guard]].",
};

/** The paths of every issue zod reports for `entry`, or [] when it parses. */
function issuePaths(entry: Record<string, unknown>): string[] {
  const result = limitBreakSchema.safeParse({ ...base, ...entry });
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
}

describe("limit-break schema", () => {
  it.each([
    ["general", { core: "BODY", minimum: 2 }],
    ["archetype", { archetype: "archetype/warrior" }],
    ["combo", { mutualBond: 4, additional: "All participants adjacent." }],
  ])("accepts a %s Limit Break with its prerequisite", (category, prerequisite) => {
    expect(issuePaths({ category, prerequisite })).toEqual([]);
  });

  it.each([
    [
      "a general one gated by an archetype",
      { category: "general", prerequisite: { archetype: "archetype/warrior" } },
      "prerequisite",
    ],
    [
      "an archetype one gated by a core",
      { category: "archetype", prerequisite: { core: "BODY", minimum: 2 } },
      "prerequisite",
    ],
    [
      "a core that is an attribute",
      { category: "general", prerequisite: { core: "POW", minimum: 2 } },
      "prerequisite",
    ],
    [
      "a combo below mutual Bond 4",
      { category: "combo", prerequisite: { mutualBond: 3 } },
      "prerequisite.mutualBond",
    ],
    [
      "an unknown category",
      { category: "ancestry", prerequisite: { archetype: "archetype/elf" } },
      "category",
    ],
    [
      "a complete one without an effect",
      { category: "general", prerequisite: { core: "SOUL", minimum: 2 }, effect: undefined },
      "effect",
    ],
  ])("rejects %s", (_what, entry, path) => {
    expect(issuePaths(entry)).toContain(path);
  });
});
