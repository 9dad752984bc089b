// The enemy schema needs only a challenge class; everything the source lost stays optional but typed
import { describe, expect, it } from "vitest";
import { enemySchema } from "./enemy.ts";

const base = {
  id: "enemy/example",
  name: "Example",
  source: { book: "enemies", section: "Challenge Class — Regular" },
  status: "incomplete",
  missing: ["stat block"],
  challengeClass: "Regular",
};

/** The paths of every issue zod reports for `entry`, or [] when it parses. */
function issuePaths(entry: Record<string, unknown>): string[] {
  const result = enemySchema.safeParse({ ...base, ...entry });
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
}

describe("enemy schema", () => {
  it("accepts a name and challenge class alone, and a fuller block", () => {
    expect(issuePaths({})).toEqual([]);
    expect(
      issuePaths({
        tier: "Novice",
        attacks: [{ name: "Boathook", tags: ["Piercing", "Melee 1"] }],
        hitLocations: [{ location: "Mass", hitEffect: "Pushed 1 square." }],
        telegraphedAttacks: [{ name: "Grief Breath", timing: "Start of the enemy’s next turn" }],
      }),
    ).toEqual([]);
  });

  it.each([
    ["no challenge class", { challengeClass: undefined }, "challengeClass"],
    ["a challenge class outside the five", { challengeClass: "Boss" }, "challengeClass"],
    ["a tier outside the four", { tier: "Epic" }, "tier"],
    [
      "a tag that is not a tag name",
      { attacks: [{ name: "Cudgel", tags: ["melee one"] }] },
      "attacks.0.tags.0",
    ],
    ["an enemy tag that is not a tag id", { enemyTags: ["Humanoid"] }, "enemyTags.0"],
    ["an empty trait", { traits: [""] }, "traits.0"],
  ])("rejects %s", (_what, patch, path) => {
    expect(issuePaths(patch)).toContain(path);
  });

  it("asks for `missing` even when the challenge class is missing too", () => {
    expect(issuePaths({ missing: undefined, challengeClass: undefined })).toEqual(
      expect.arrayContaining(["missing", "challengeClass"]),
    );
  });
});
