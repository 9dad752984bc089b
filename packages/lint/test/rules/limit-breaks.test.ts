// Rule `limit-breaks`: fixture cases under test/fixtures/rules/limit-breaks/ and the exact diagnostics each gives
import { describeRule } from "../rule-table.ts";

describeRule("limit-breaks", {
  "core-too-high": {
    expect: [
      ["core-too-high", "content/limit-breaks/crescent-onslaught.json", 12, 16, 12, 18], // a BODY minimum of 40 is out of reach (cores stay below 20)
    ],
  },
  "unknown-archetype": {
    expect: [
      ["unknown-archetype", "content/limit-breaks/inazuma-crash.json", 11, 18, 11, 37], // `archetype/samurai` is not an archetype
    ],
  },
});
