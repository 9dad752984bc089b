// The archetype schema keeps ranks in order, ancestry stats on ancestries, and grants in closed vocabularies
import { describe, expect, it } from "vitest";
import { archetypeSchema } from "./archetype.ts";

const rank = (n: number) => ({ rank: n, bonuses: { maxVitality: 1 }, abilities: [{ name: `Ability ${n}` }] });
const base = {
  id: "archetype/example",
  name: "Example",
  source: { book: "archetypes", section: "Basic Path Archetypes" },
  status: "complete",
  type: "basic-path",
  ranks: [rank(1), rank(2), rank(3)],
};

/** The paths of every issue zod reports for `entry`, or [] when it parses. */
function issuePaths(entry: Record<string, unknown>): string[] {
  const result = archetypeSchema.safeParse({ ...base, ...entry });
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
}

describe("archetype schema", () => {
  it("accepts a basic path with three ranks, and an ancestry with its stats", () => {
    expect(issuePaths({})).toEqual([]);
    expect(issuePaths({ type: "ancestry", ancestryStats: { spd: 5, sen: 10, size: "1M" } })).toEqual([]);
  });

  it.each([
    ["ranks out of order", { ranks: [rank(2), rank(1)] }, "ranks.0.rank"],
    ["a fourth rank", { ranks: [rank(1), rank(2), rank(3), rank(3)] }, "ranks"],
    ["SPD on a path archetype", { ancestryStats: { spd: 5 } }, "ancestryStats"],
    ["a zero bonus", { ranks: [{ ...rank(1), bonuses: { maxGuard: 0 } }] }, "ranks.0.bonuses.maxGuard"],
    [
      "a bonus the catalog never prints",
      { ranks: [{ ...rank(1), bonuses: { luck: 1 } }] },
      "ranks.0.bonuses",
    ],
    [
      "a weight class outside the vocabulary",
      { ranks: [{ ...rank(1), abilities: [{ name: "X", grants: { weaponWeightClasses: ["Huge"] } }] }] },
      "ranks.0.abilities.0.grants.weaponWeightClasses.0",
    ],
    [
      "a granted maneuver that is not a maneuver id",
      { ranks: [{ ...rank(1), abilities: [{ name: "X", grants: { maneuvers: ["reaction/deflect"] } }] }] },
      "ranks.0.abilities.0.grants.maneuvers.0",
    ],
    ["a type that is not an archetype class", { type: "prestige" }, "type"],
  ])("rejects %s", (_what, patch, path) => {
    expect(issuePaths(patch)).toContain(path);
  });

  it("asks for `missing` on an incomplete entry with no type", () => {
    expect(issuePaths({ status: "incomplete", type: undefined })).toEqual(
      expect.arrayContaining(["missing", "type"]),
    );
  });
});
