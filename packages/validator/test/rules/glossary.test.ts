// Rule `glossary`: fixture cases under test/fixtures/rules/glossary/ and the exact diagnostics each gives
import { describeRule } from "../rule-table.ts";

describeRule("glossary", {
  "title-mismatch": {
    expect: [
      ["title-mismatch", "content/glossary/grabbed.json", 12, 14, 12, 26], // chapter 22 is titled `Conditions and States`, not `Conditions`
    ],
  },
  "unknown-chapter": {
    expect: [
      ["unknown-chapter", "content/glossary/grabbed.json", 11, 15, 11, 19], // there is no chapter 23
    ],
  },
});
