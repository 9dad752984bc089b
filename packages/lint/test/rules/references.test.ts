// Rule `references`: fixture cases under test/fixtures/rules/references/ and the exact diagnostics each gives
import { expect, it } from "vitest";
import { lintCase } from "../../../../test/support/lint-harness.ts";
import { describeRule } from "../rule-table.ts";

describeRule("references", {
  // `Rend` is an Art: the kind that holds the name is the fix, not the nearest kind name
  "bad-kind-holder": {
    expect: [
      ["bad-kind", "content/damage-types/cold.json", 9, 22, 9, 36], // `[[spell:Rend]]`: `spell` is not a kind of entry
    ],
  },
  "missing-count": {
    expect: [
      ["missing", "content/damage-types/cold.json", 9, 22, 9, 34], // `[[Grabed 2]]` does not match any entry or chapter
    ],
  },
  // the name it means does not stack: the did-you-mean drops the count that would be the next error
  "missing-count-no-stacks": {
    expect: [
      ["missing", "content/damage-types/cold.json", 9, 22, 9, 35], // `[[Hindred 2]]` does not match any entry or chapter
    ],
  },
  "missing-anchor-typo": {
    expect: [
      ["missing-anchor", "content/damage-types/cold.json", 9, 22, 9, 55], // `[[Conditions and States#stackng]]`: `Conditions and States` has no heading `#stackng`
    ],
  },
  // the condition's file does not parse: each reference to it is a note pointing there, not "no condition is named"
  "knock-on": {
    options: { paths: ["content/damage-types", "content/rules", "content/conditions/grabbed.json"] },
    expect: [
      ["knock-on", "content/conditions/grabbed.json", 8, 39, 8, 51], // `[[Hindered]]` is not checked: `condition/hindered` is in `content/conditions/hindered.json`, which did not load
      ["knock-on", "content/damage-types/cold.json", 9, 22, 9, 44], // `[[condition:Hindered]]` is not checked: …
      ["knock-on", "content/rules/22-conditions-and-states.mdx", 12, 36, 12, 57], // `[[Hindered|hindered]]` is not checked: …
    ],
  },
  // the same, unfiltered: they fold under the parse error (its related locations), so the rule reports nothing
  "knock-on-folded": {
    expect: [],
  },
  // a stack count is not part of the name: `[[Wracked 2 (Cold)]]` and `[[tag:Melee 2]]` name the broken files too
  "knock-on-count": {
    options: { paths: ["content/damage-types", "content/weapons"] },
    expect: [
      ["knock-on", "content/damage-types/cold.json", 9, 42, 9, 62], // `[[Wracked 2 (Cold)]]` is not checked: `condition/wracked` is in `content/conditions/wracked.json`, which did not load
      ["knock-on", "content/damage-types/cold.json", 9, 86, 9, 101], // `[[tag:Melee 2]]` is not checked: `tag/melee` is in `content/tags/melee.json`, which did not load
      ["knock-on", "content/damage-types/cold.json", 9, 105, 9, 116], // `[[Melee 1]]` is not checked: …
      ["knock-on", "content/weapons/dagger.json", 12, 77, 12, 97], // `[[Wracked 1 (Fire)]]` is not checked: …
    ],
  },
  ambiguous: {
    expect: [
      ["ambiguous-name", "content/conditions/grabbed.json", 3, 11, 3, 20], // `Grabbed` is also the name of `tag/grabbed`, and an unqualified `[[Grabbed]]` cannot tell them apart
      ["ambiguous", "content/rules/22-conditions-and-states.mdx", 12, 19, 12, 32], // `[[Grabbed 2]]` is ambiguous: it matches `condition/grabbed` and `tag/grabbed`,
      ["ambiguous-name", "content/tags/grabbed.json", 3, 11, 3, 20], // the newcomer's own file: `Grabbed` is also the name of `condition/grabbed`
      ["ambiguous", "content/tags/grabbed.json", 10, 22, 10, 33], // `[[Grabbed]]` is ambiguous: it matches `condition/grabbed` and `tag/grabbed`
    ],
  },
  // two conditions named `Grabbed`, `condition/paranoid` renamed onto it: the links it made ambiguous are notes of
  // the ids rule's one error at the renamed entry (`name-taken`), not errors of their own
  "ambiguous-same-kind": {
    expect: [],
  },
  // the condition renamed onto the damage type's name: one error at the renamed entry, the links it made ambiguous
  // folded under it (the `[[Hindered]]` links it left are another finding)
  "name-clash": {
    expect: [
      ["missing", "content/conditions/grabbed.json", 8, 39, 8, 51], // `[[Hindered]]` does not match any entry or chapter
      ["name-clash", "content/conditions/hindered.json", 3, 11, 3, 17], // `Fire` is also the name of `damage-type/fire`: it makes 1 `[[Fire]]` link in 1 file ambiguous
      ["missing", "content/rules/22-conditions-and-states.mdx", 12, 36, 12, 57], // `[[Hindered|hindered]]` does not match any entry or chapter
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
      ["unclosed", "content/damage-types/cold.json", 9, 37, 9, 47], // `[[Hindered` is not closed by `]]`, so the site would show it literally
      ["unclosed", "content/rules/23-vision.mdx", 12, 12, 12, 22], // `[[Hindered` is not closed by `]]` (the `[[` in inline code is not reported)
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

it("a broken file's knock-ons are folded under its error as related notes, in file order", () => {
  const result = lintCase("references", "knock-on-folded");
  const parse = result.diagnostics.find((d) => d.file === "content/conditions/hindered.json");
  expect(parse).toMatchObject({ ruleId: "parse", severity: "error", line: 1, column: 2 });
  expect(parse?.related).toEqual([
    {
      file: "content/conditions/grabbed.json",
      line: 8,
      column: 39,
      endLine: 8,
      endColumn: 51,
      message:
        "`[[Hindered]]` is not checked: `condition/hindered` is in `content/conditions/hindered.json`, which did not load",
    },
    {
      file: "content/damage-types/cold.json",
      line: 9,
      column: 22,
      endLine: 9,
      endColumn: 44,
      message:
        "`[[condition:Hindered]]` is not checked: `condition/hindered` is in `content/conditions/hindered.json`, which did not load",
    },
    {
      file: "content/rules/22-conditions-and-states.mdx",
      line: 12,
      column: 36,
      endLine: 12,
      endColumn: 57,
      message:
        "`[[Hindered|hindered]]` is not checked: `condition/hindered` is in `content/conditions/hindered.json`, which did not load",
    },
  ]);
  // one cause, one error: nothing else is reported about the missing condition
  expect(result.errorCount).toBe(1);
  expect(result.diagnostics.filter((d) => d.messageId === "knock-on")).toEqual([]);
});

it("a knock-on that stands alone says which file to fix, and points at it", () => {
  const result = lintCase("references", "knock-on", { paths: ["content/damage-types"] });
  const [knockOn] = result.diagnostics.filter((d) => d.ruleId === "references");
  expect(knockOn?.severity).toBe("warn");
  expect(knockOn?.help).toBe(
    "fix the errors in `content/conditions/hindered.json` first; this is checked again once it loads",
  );
  expect(knockOn?.related).toEqual([
    {
      file: "content/conditions/hindered.json",
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 2,
      message: "`condition/hindered` would be defined here",
    },
  ]);
  expect(knockOn?.fix).toBeUndefined();
});

/** What a person reads: each message's exact text and help (from the rule's `meta.help`), with the known values. */
it.each([
  ["missing", "missing", "`[[Hindred]]` does not match any entry or chapter", "did you mean `[[Hindered]]`"],
  // the help shows the fix as written: the count is kept
  [
    "missing-count",
    "missing",
    "`[[Grabed 2]]` does not match any entry or chapter",
    "did you mean `[[Grabbed 2]]`",
  ],
  // …unless the condition it means does not stack (`[[Hindered 2]]` would be the `condition-stacks` error next)
  [
    "missing-count-no-stacks",
    "missing",
    "`[[Hindred 2]]` does not match any entry or chapter",
    "did you mean `[[Hindered]]`",
  ],
  [
    "bad-kind-holder",
    "bad-kind",
    "`[[spell:Rend]]`: `spell` is not a kind of entry",
    "the `art` kind holds `Rend`: write `[[art:Rend]]`",
  ],
  [
    "bad-kind",
    "bad-kind",
    "`[[conditon:Hindered]]`: `conditon` is not a kind of entry",
    "the `condition` kind holds `Hindered`: write `[[condition:Hindered]]`",
  ],
  [
    "missing-in-kind",
    "missing-in-kind",
    "`[[tag:Hindered]]`: no tag is named `Hindered`",
    "the `condition` kind holds `Hindered`: write `[[condition:Hindered]]`",
  ],
  [
    "missing-anchor-typo",
    "missing-anchor",
    "`[[Conditions and States#stackng]]`: `Conditions and States` has no heading `#stackng`",
    "did you mean `#stacking`",
  ],
  // nothing close: the chapter's real anchors
  [
    "missing-anchor",
    "missing-anchor",
    "`[[Conditions and States#stacks]]`: `Conditions and States` has no heading `#stacks`",
    "the headings of `Conditions and States` are `#conditions-and-states`, `#stacking`",
  ],
])("%s: `%s` says what it found and what exists", (fixture, messageId, message, help) => {
  const diagnostic = lintCase("references", fixture).diagnostics.find((d) => d.messageId === messageId);
  expect([diagnostic?.message, diagnostic?.help]).toEqual([message, help]);
});

it.each([
  ["bad-kind-holder", "[[art:Rend]]"],
  ["missing-count", "[[Grabbed 2]]"],
  ["missing-count-no-stacks", "[[Hindered]]"],
  ["missing-in-kind", "[[condition:Hindered]]"],
  ["missing-anchor-typo", "[[Conditions and States#stacking]]"],
])("%s: the help's suggestion is the quick fix", (fixture, text) => {
  const [diagnostic] = lintCase("references", fixture).diagnostics.filter((d) => d.ruleId === "references");
  expect(diagnostic?.fix?.text).toBe(text);
});

it("a reference with a stack count into a broken file folds under that file's error", () => {
  const result = lintCase("references", "knock-on-count");
  const notes = (file: string) =>
    result.diagnostics
      .find((d) => d.file === file && d.ruleId === "parse")
      ?.related.filter((note) => note.file !== file)
      .map((note) => `${note.file}:${note.line}:${note.column} ${note.message}`);
  expect(notes("content/conditions/wracked.json")).toEqual([
    "content/damage-types/cold.json:9:42 `[[Wracked 2 (Cold)]]` is not checked: `condition/wracked` is in `content/conditions/wracked.json`, which did not load",
    "content/resonances/ignis.json:7:50 `[[Wracked (Fire)]]` is not checked: `condition/wracked` is in `content/conditions/wracked.json`, which did not load",
    "content/weapons/dagger.json:12:77 `[[Wracked 1 (Fire)]]` is not checked: `condition/wracked` is in `content/conditions/wracked.json`, which did not load",
  ]);
  expect(notes("content/tags/melee.json")).toContain(
    "content/damage-types/cold.json:9:86 `[[tag:Melee 2]]` is not checked: `tag/melee` is in `content/tags/melee.json`, which did not load",
  );
  expect(result.diagnostics.filter((d) => d.ruleId === "references")).toEqual([]);
});

it("a name clash lists the entry holding the name and the links it made ambiguous, which are not errors of their own", () => {
  const diagnostics = lintCase("references", "name-clash").diagnostics;
  expect(diagnostics.filter((d) => d.messageId === "ambiguous" || d.messageId === "ambiguous-name")).toEqual(
    [],
  );
  const clash = diagnostics.find((d) => d.messageId === "name-clash");
  expect(clash?.related).toEqual([
    {
      file: "content/damage-types/fire.json",
      line: 3,
      column: 11,
      endLine: 3,
      endColumn: 17,
      message: "that name is defined here",
    },
    {
      file: "content/resonances/ignis.json",
      line: 7,
      column: 87,
      endLine: 7,
      endColumn: 95,
      message: "`[[Fire]]` is ambiguous",
    },
  ]);
});
