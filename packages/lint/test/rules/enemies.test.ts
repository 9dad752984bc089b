// Rule `enemies`: fixture cases under test/fixtures/rules/enemies/ and the exact diagnostics each gives
import { describeRule } from "../rule-table.ts";

describeRule("enemies", {
  "grunt-precise": {
    expect: [
      ["grunt-precise", "content/enemies/goblin-skirmisher.json", 21, 15, 21, 60], // a Grunt's behavior calls shots (`Precise`), but Grunts never call shots
    ],
  },
  "no-mass": {
    expect: [
      ["no-mass", "content/enemies/goblin-skirmisher.json", 13, 19, 17, 4], // the hit locations do not include Mass; every creature has one
    ],
  },
});
