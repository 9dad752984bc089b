// The character schema ties rank, ancestry and archetypes together, and reports `missing` even on broken entries
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { generateJsonSchemas, jsonSchemaFileName } from "../json-schema.ts";
import { characterSchema } from "./character.ts";

const mira = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../../../content/characters/mira.json"), "utf8"),
) as Record<string, unknown>;
const validate = new Ajv({ allErrors: true, strict: false }).compile(
  generateJsonSchemas().get(jsonSchemaFileName("character")) ?? {},
);

/** The paths of every issue zod reports for Mira with `patch` applied, or [] when it parses. */
function issuePaths(patch: Record<string, unknown>): string[] {
  const result = characterSchema.safeParse({ ...mira, ...patch });
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
}

describe("character schema", () => {
  it("accepts Mira as written", () => {
    expect(issuePaths({})).toEqual([]);
    expect(validate(mira)).toBe(true);
  });

  it.each([
    ["a rank that is not the sum of archetype ranks", { characterRank: 4 }, "characterRank"],
    ["an ancestry missing from archetypes", { ancestry: "archetype/dwarf" }, "ancestry"],
    [
      "a rank above 3 in one archetype",
      { archetypes: [{ archetype: "archetype/half-elf", rank: 4 }] },
      "archetypes.0.rank",
    ],
    ["an attribute left out", { attributes: { POW: 0, AGI: 3, REA: 0, INS: 1, PRE: 0 } }, "attributes.LUCK"],
    [
      "a negative attribute",
      { attributes: { POW: -1, AGI: 3, REA: 0, INS: 1, PRE: 0, LUCK: 0 } },
      "attributes.POW",
    ],
    ["gear that is not an item", { gear: ["condition/hindered"] }, "gear.0"],
    [
      "a board that does not exist",
      { masteries: [{ mastery: "mastery/overwatch", board: "spirit" }] },
      "masteries.0.board",
    ],
    [
      "a Bond intensity above 5",
      { bonds: [{ target: "Kira", intensity: 6, descriptor: "x" }] },
      "bonds.0.intensity",
    ],
    ["an Art that is a Resonance id", { arts: ["resonance/ignis"] }, "arts.0"],
    ["a Resonance that is an Art id", { resonances: ["art/rend"] }, "resonances.0"],
    ["a Limit Break that is a mastery id", { limitBreaks: ["mastery/overwatch"] }, "limitBreaks.0"],
    ["a consumable that is a weapon id", { consumables: ["weapon/rapier"] }, "consumables.0"],
    [
      "a stat row without its calculation",
      { statedDerivedStats: { resolve: { value: 8 } } },
      "statedDerivedStats.resolve.calculation",
    ],
  ])("rejects %s", (_what, patch, path) => {
    expect(issuePaths(patch)).toContain(path);
  });

  it("the JSON Schema rejects what it can express: wrong gear kind, unknown stat, Bond intensity", () => {
    expect(validate({ ...mira, gear: ["condition/hindered"] })).toBe(false);
    expect(validate({ ...mira, statedDerivedStats: { charisma: { value: 1, calculation: "x" } } })).toBe(
      false,
    );
    expect(validate({ ...mira, bonds: [{ target: "Kira", intensity: 0, descriptor: "x" }] })).toBe(false);
  });

  it("accepts Arts, Resonances, Limit Breaks and consumables as ids, and a file without them (Mira has none in ch. 12)", () => {
    const chosen = {
      arts: ["art/rend"],
      resonances: ["resonance/ignis"],
      limitBreaks: ["limit-break/crescent-onslaught"],
      consumables: ["consumable/phoenix-ember"],
    };
    expect(issuePaths(chosen)).toEqual([]);
    expect(validate({ ...mira, ...chosen })).toBe(true);
    for (const key of Object.keys(chosen)) expect(mira).not.toHaveProperty(key);
    expect(validate({ ...mira, limitBreaks: ["Crescent Onslaught"] })).toBe(false);
  });

  it("asks for `missing` on an incomplete entry even when other fields are broken too", () => {
    const paths = issuePaths({ status: "incomplete", characterRank: undefined });
    expect(paths).toContain("missing");
    expect(paths).toContain("characterRank");
  });

  it("reports `missing` once on an otherwise valid incomplete entry", () => {
    expect(issuePaths({ status: "incomplete" })).toEqual(["missing"]);
  });
});
