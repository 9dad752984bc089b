// Rule `references`: fixture cases under test/fixtures/rules/references/ and the exact diagnostics each gives
import { expect, it } from "vitest";
import { lintCase } from "../../../../test/support/lint-harness.ts";
import { describeRule } from "../rule-table.ts";

describeRule("references", {
  ambiguous: {
    expect: [
      ["ambiguous-name", "content/conditions/grabbed.json", 3, 11, 3, 20], // `Grabbed` is also the name of `tag/grabbed`, and an unqualified `[[Grabbed]]` cannot tell them apart
      ["ambiguous", "content/rules/22-conditions-and-states.mdx", 12, 19, 12, 32], // `[[Grabbed 2]]` is ambiguous: it matches `condition/grabbed` and `tag/grabbed`,
      ["ambiguous-name", "content/tags/grabbed.json", 3, 11, 3, 20], // the newcomer's own file: `Grabbed` is also the name of `condition/grabbed`
      ["ambiguous", "content/tags/grabbed.json", 10, 22, 10, 33], // `[[Grabbed]]` is ambiguous: it matches `condition/grabbed` and `tag/grabbed`
    ],
  },
  "anchor-on-entry": {
    expect: [
      ["anchor-on-entry", "content/damage-types/cold.json", 9, 22, 9, 41], // `[[Hindered#effect]]`: anchors only point into chapters
    ],
  },
  "bad-kind": {
    expect: [
      ["bad-kind", "content/damage-types/cold.json", 9, 37, 9, 58], // `[[conditon:Hindered]]`: `conditon` is not a kind of entry
    ],
  },
  chapter: {
    expect: [
      ["missing", "content/rules/23-vision.mdx", 12, 12, 12, 25], // `[[Invisible]]` does not match any entry or chapter
    ],
  },
  "escaped-json": {
    expect: [
      ["missing", "content/damage-types/cold.json", 9, 42, 9, 53], // `[[Hindred]]` does not match any entry or chapter
    ],
  },
  missing: {
    expect: [
      ["missing", "content/damage-types/cold.json", 9, 37, 9, 48], // `[[Hindred]]` does not match any entry or chapter
    ],
  },
  "missing-anchor": {
    expect: [
      ["missing-anchor", "content/damage-types/cold.json", 9, 22, 9, 54], // `[[Conditions and States#stacks]]`: `Conditions and States` has no heading `#stacks`
    ],
  },
  "missing-in-kind": {
    expect: [
      ["missing-in-kind", "content/damage-types/cold.json", 9, 22, 9, 38], // `[[tag:Hindered]]`: no tag is named `Hindered`
    ],
  },
  "qualified-ok": {
    expect: [],
  },
  unclosed: {
    expect: [
      ["unclosed", "content/damage-types/cold.json", 9, 37, 9, 48], // `[[Hindered.` is not closed by `]]`, so the site would show it literally
      ["unclosed", "content/rules/23-vision.mdx", 12, 12, 12, 28], // `[[Hindered here.` is not closed by `]]` (the `[[` in inline code is not reported)
    ],
  },
});

/** The did-you-mean helps are the rule's fix: the reference written with the suggested name or kind. */
it.each([
  ["missing", "missing", { line: 9, column: 37, endLine: 9, endColumn: 48 }, "[[Hindered]]"],
  ["bad-kind", "bad-kind", { line: 9, column: 37, endLine: 9, endColumn: 58 }, "[[condition:Hindered]]"],
])("%s: the `%s` did-you-mean is a fix", (fixture, messageId, range, text) => {
  const diagnostic = lintCase("references", fixture).diagnostics.find((d) => d.messageId === messageId);
  expect(diagnostic?.fix).toEqual({ range, text });
});

it("an ambiguous reference has no single fix (the editor offers one per kind)", () => {
  const ambiguous = lintCase("references", "ambiguous").diagnostics.filter(
    (d) => d.messageId === "ambiguous",
  );
  expect(ambiguous.length).toBe(2);
  expect(ambiguous.map((d) => d.fix)).toEqual([undefined, undefined]);
});
