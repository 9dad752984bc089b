// Rule `characters`: fixture cases under test/fixtures/rules/characters/ and the exact diagnostics each gives
import { expect, it } from "vitest";
import { lintCase } from "../../../../test/support/lint-harness.ts";
import { describeRule } from "../rule-table.ts";

describeRule("characters", {
  // the archetype's, mastery's and weapon's files do not parse: no "`archetype/warrior` does not exist"
  "knock-on": {
    options: { paths: ["content/characters"] },
    expect: [
      ["knock-on", "content/characters/tomas.json", 10, 20, 10, 39], // `archetype/warrior` is not checked: `archetype/warrior` is in `content/archetypes/warrior.json`, which did not load
      ["knock-on", "content/characters/tomas.json", 13, 30, 13, 58], // `mastery/lightning-reflexes` is not checked: …
      ["knock-on", "content/characters/tomas.json", 14, 12, 14, 27], // `weapon/dagger` is not checked: …
    ],
  },
  // the same, unfiltered: each folds under its file's parse error, so the rule reports nothing
  "knock-on-folded": {
    expect: [],
  },
  "combo-and-consumable": {
    expect: [
      ["build-violation", "content/characters/tomas.json", 15, 19, 15, 46], // illegal build: limit-break/fixture-combo is a Combo Limit Break; "Two characters who hold mutual Bond 4+ toward each other may perform Combo Limit Breaks", and no Bond here is 4 or higher (ch. 25)
      ["build-violation", "content/characters/tomas.json", 15, 48, 15, 75], // illegal build: limit-break/inazuma-crash needs archetype/warrior realized (at its maximum rank) (ch. 26)
      ["build-violation", "content/characters/tomas.json", 16, 19, 16, 42], // illegal build: consumable/smoke-bomb is a common consumable; "It is assumed that adventurers will have access to all of the common consumables" (ch. 11)
    ],
  },
  "innate-resonances": {
    expect: [
      ["build-violation", "content/characters/tomas.json", 12, 37, 12, 52], // illegal build: 2 Resonances; R3 Elf: Innate Spellcasting gives 1: "You may not take additional Resonances unless you have a path archetype that grants spellcasting" (Archetypes Catalog)
    ],
  },
  "creation-cap": {
    expect: [
      ["build-violation", "content/characters/tomas.json", 21, 17, 28, 4], // illegal build: attributes total 5; at most 4 points are available (ch. 12),
      ["build-violation", "content/characters/tomas.json", 22, 12, 22, 13], // illegal build: POW is 4; "No single attribute may exceed 3 at character creation" (ch. 12)
    ],
  },
  "stat-mismatch": {
    expect: [
      ["stat-mismatch", "content/characters/tomas.json", 45, 16, 45, 18], // the stated Max Vitality is 20, but the rules compute 21 (18 (BODY + 3) × 3 + 1 R1 Human + 1 R1 Warrior + 1 R2 Warrior)
    ],
  },
  "unknown-gear": {
    expect: [
      ["unknown-id", "content/characters/tomas.json", 37, 5, 37, 23], // `armor/chain-mail` does not exist
    ],
  },
});

it("a character's knock-ons are folded under the parse error of the file that would define the id", () => {
  const result = lintCase("characters", "knock-on-folded");
  const notes = (file: string) =>
    result.diagnostics
      .find((d) => d.file === file && d.ruleId === "parse")
      ?.related.filter((note) => note.file === "content/characters/tomas.json");
  expect(notes("content/archetypes/warrior.json")).toEqual([
    {
      file: "content/characters/tomas.json",
      line: 10,
      column: 20,
      endLine: 10,
      endColumn: 39,
      message:
        "`archetype/warrior` is not checked: `archetype/warrior` is in `content/archetypes/warrior.json`, which did not load",
    },
  ]);
  expect(notes("content/masteries/lightning-reflexes.json")?.map((note) => [note.line, note.column])).toEqual(
    [[13, 30]],
  );
  expect(notes("content/weapons/dagger.json")?.map((note) => [note.line, note.column])).toEqual([[14, 12]]);
  expect(result.diagnostics.filter((d) => d.ruleId === "characters")).toEqual([]);
});
