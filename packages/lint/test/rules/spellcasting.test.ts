// Rule `spellcasting`: fixture cases under test/fixtures/rules/spellcasting/ and the exact diagnostics each gives
import { describeRule } from "../rule-table.ts";

describeRule("spellcasting", {
  "area-step": {
    expect: [
      ["area-step", "content/arts/rend.json", 22, 16, 22, 30], // area step 5 is over the cap of step 4
    ],
  },
  "condition-not-condition": {
    expect: [
      ["not-a-condition", "content/resonances/ignis.json", 15, 21, 15, 29], // `[[Fire]]` names a damage-type, but a Resonance's `condition` must be a condition
    ],
  },
  "unknown-art": {
    expect: [
      ["unknown-art", "content/resonances/ignis.json", 14, 14, 14, 23], // `art/rnd` is not an Art
    ],
  },
});
