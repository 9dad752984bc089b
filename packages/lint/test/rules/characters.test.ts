// Rule `characters`: fixture cases under test/fixtures/rules/characters/ and the exact diagnostics each gives
import { describeRule } from "../rule-table.ts";

describeRule("characters", {
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
      ["stat-mismatch", "content/characters/tomas.json", 45, 16, 45, 18], // Max Vitality is stated as 20, but the rules compute 21 (18 (BODY + 3) × 3 + 1 R1 Human + 1 R1 Warrior + 1 R2 Warrior)
    ],
  },
  "unknown-gear": {
    expect: [
      ["unknown-id", "content/characters/tomas.json", 37, 5, 37, 23], // `armor/chain-mail` does not exist
    ],
  },
});
