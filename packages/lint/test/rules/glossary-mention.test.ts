// Rule `glossary-mention`: fixture cases under test/fixtures/rules/glossary-mention/ and the exact diagnostics each gives
import { describeRule } from "../rule-table.ts";

describeRule("glossary-mention", {
  "loose-match-ok": {
    expect: [],
  },
  // the base chapter only says "Conditions and States": the plural of the head noun counts as a mention
  "plural-head-ok": {
    expect: [],
  },
  "not-mentioned": {
    expect: [
      ["not-mentioned", "content/glossary/shove.json", 10, 14, 13, 4], // chapter 22 (`Conditions and States`) never mentions `Shove`
    ],
  },
});
