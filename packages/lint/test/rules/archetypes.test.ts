// Rule `archetypes`: fixture cases under test/fixtures/rules/archetypes/ and the exact diagnostics each gives
import { describeRule } from "../rule-table.ts";

describeRule("archetypes", {
  // the granted domain's file does not parse: no "`mastery-domain/martial` does not exist"
  "knock-on": {
    options: { paths: ["content/archetypes"] },
    expect: [
      ["knock-on", "content/archetypes/warrior.json", 7, 22, 7, 46], // `mastery-domain/martial` is not checked: `mastery-domain/martial` is in `content/mastery-domains/martial.json`, which did not load
    ],
  },
  "ancestry-incomplete-ok": {
    expect: [],
  },
  "ancestry-stats": {
    expect: [
      ["ancestry-stats", "content/archetypes/human.json", 10, 20, 12, 4], // the ancestry does not state SEN, SIZE
    ],
  },
  "two-ranks": {
    expect: [
      ["ranks", "content/archetypes/warrior.json", 13, 12, 43, 4], // a complete archetype has ranks 1, 2 and 3; this one has 2
    ],
  },
  "unknown-domain": {
    expect: [
      ["unknown-id", "content/archetypes/warrior.json", 12, 5, 12, 28], // `mastery-domain/arcane` does not exist
    ],
  },
});
