// Rule `tags`: fixture cases under test/fixtures/rules/tags/ and the exact diagnostics each gives
import { describeRule } from "../rule-table.ts";

describeRule("tags", {
  "number-required": {
    expect: [
      ["number-required", "content/weapons/knife.json", 17, 5, 17, 12], // `Melee`: the Melee tag takes a number, as in `Melee N`
    ],
  },
  "number-unexpected": {
    expect: [
      ["number-unexpected", "content/weapons/knife.json", 18, 5, 18, 20], // `Ward 2 (Fire)`: the Ward tag takes no number
    ],
  },
  parameter: {
    expect: [
      ["parameter-required", "content/weapons/knife.json", 18, 5, 18, 11], // `Ward`: the Ward tag takes a damage type, as in `Ward (Fire)`,
      ["unknown-damage-type", "content/weapons/knife.json", 19, 5, 19, 19], // `Ward (Frost)`: there is no damage type named `Frost`,
      ["parameter-unexpected", "content/weapons/knife.json", 20, 5, 20, 21], // `Range 3 (Fire)`: the Range tag takes no parameter in parentheses
    ],
  },
  "resonance-attack-tag": {
    expect: [
      ["not-a-tag", "content/resonances/ignis.json", 16, 10, 16, 22], // `[[Hindered]]` names a condition, not a tag or damage type
    ],
  },
  "unknown-damage-type": {
    expect: [
      ["unknown-damage-type", "content/weapons/knife.json", 14, 5, 14, 22], // `Slashing/Pierce`: there is no damage type named `Pierce`
    ],
  },
  "unknown-tag": {
    expect: [
      ["unknown-tag", "content/weapons/knife.json", 17, 5, 17, 14], // `Meele 1`: there is no tag named `Meele`
    ],
  },
});
