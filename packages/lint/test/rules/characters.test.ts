// Rule `characters`: fixture cases under test/fixtures/rules/characters/ and the exact diagnostics each gives
import { describeRule } from "../rule-table.ts";

describeRule("characters", {
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
