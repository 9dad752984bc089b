// Rule `spellcasting`: fixture cases under test/fixtures/rules/spellcasting/ and the exact diagnostics each gives
import { expect, it } from "vitest";
import { lintCase } from "../../../../test/support/lint-harness.ts";
import { describeRule } from "../rule-table.ts";

describeRule("spellcasting", {
  "area-step": {
    expect: [
      ["area-step", "content/arts/rend.json", 22, 16, 22, 30], // area step 5 is over the cap of step 4
    ],
  },
  "condition-not-condition": {
    expect: [
      ["not-a-condition", "content/resonances/ignis.json", 15, 21, 15, 29], // `[[Fire]]` names a damage type, but a Resonance's `condition` must be a condition
    ],
  },
  // the condition was renamed: its new name, not the list of conditions
  "condition-renamed": {
    expect: [["not-a-condition", "content/resonances/ignis.json", 15, 21, 15, 32]],
  },
  // the condition's file does not parse, so `[[Wracked (Fire)]]` falls back to the glossary term: no "qualify it as"
  "knock-on-fallback": {
    options: { paths: ["content/resonances"] },
    expect: [
      ["knock-on", "content/resonances/ignis.json", 7, 50, 7, 68], // `[[Wracked (Fire)]]` is not checked: `condition/wracked` is in `content/conditions/wracked.json`, which did not load
    ],
  },
  "unknown-art": {
    expect: [
      ["unknown-art", "content/resonances/ignis.json", 14, 14, 14, 23], // `art/rnd` is not an Art
    ],
  },
});

it("a Resonance's condition that falls back to a glossary term while the condition's file is broken folds under it", () => {
  const result = lintCase("spellcasting", "knock-on-fallback");
  const parse = result.diagnostics.find(
    (d) => d.file === "content/conditions/wracked.json" && d.ruleId === "parse",
  );
  expect(parse?.related.filter((note) => note.file === "content/resonances/ignis.json")).toEqual([
    {
      file: "content/resonances/ignis.json",
      line: 7,
      column: 50,
      endLine: 7,
      endColumn: 68,
      message:
        "`[[Wracked (Fire)]]` is not checked: `condition/wracked` is in `content/conditions/wracked.json`, which did not load",
    },
  ]);
  expect(result.diagnostics.filter((d) => d.ruleId === "spellcasting")).toEqual([]);
});
