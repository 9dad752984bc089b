// Rule `incomplete`: fixture cases under test/fixtures/rules/incomplete/ and the exact diagnostics each gives
import { describeRule } from "../rule-table.ts";

describeRule(
  "incomplete",
  {
    "missing-table": {
      expect: [
        ["entry", "content/arts/rend.json", 5, 13, 5, 25], // art `Rend` is incomplete: missing stat block (fixture),
        ["entry", "content/enemies/goblin-skirmisher.json", 5, 13, 5, 25], // enemy `Goblin Skirmisher` is incomplete: missing stat block (fixture),
        ["entry", "content/resonances/ignis.json", 5, 13, 5, 25], // resonance `Ignis` is incomplete: missing description (fixture),
        ["table", "content/rules/23-vision.mdx", 12, 1, 12, 40], // table `lighting levels` is missing from the source
      ],
    },
  },
  [
    ["entry", "content/arts/rend.json", 5, 13, 5, 25],
    ["entry", "content/enemies/goblin-skirmisher.json", 5, 13, 5, 25],
    ["entry", "content/resonances/ignis.json", 5, 13, 5, 25],
  ],
);
