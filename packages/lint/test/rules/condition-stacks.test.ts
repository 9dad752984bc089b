// Rule `condition-stacks`: fixture cases under test/fixtures/rules/condition-stacks/ and the exact diagnostics each gives
import { expect, it } from "vitest";
import { lintCase } from "../../../../test/support/lint-harness.ts";
import { describeRule } from "../rule-table.ts";

describeRule("condition-stacks", {
  // the damage type's (or affliction's) file does not parse: no "`Fire` is not a known damage type", no "use one of"
  "knock-on": {
    options: { paths: ["content/damage-types/cold.json", "content/resonances", "content/weapons"] },
    expect: [
      ["knock-on", "content/damage-types/cold.json", 9, 29, 9, 54], // `[[Affliction (Paranoid)]]` is not checked: `condition/paranoid` is in `content/conditions/paranoid.json`, which did not load
      ["knock-on", "content/resonances/ignis.json", 7, 50, 7, 68], // `[[Wracked (Fire)]]` is not checked: `damage-type/fire` is in `content/damage-types/fire.json`, which did not load
      ["knock-on", "content/weapons/dagger.json", 12, 77, 12, 97], // `[[Wracked 1 (Fire)]]` is not checked: …
    ],
  },
  "parameter-typo": {
    expect: [
      ["parameter-unknown", "content/damage-types/cold.json", 9, 29, 9, 49], // `[[Wracked 2 (Fyre)]]`: `Fyre` is not a known damage type
    ],
  },
  "affliction-unknown": {
    expect: [
      ["parameter-unknown", "content/damage-types/cold.json", 9, 29, 9, 51], // `[[Affliction (Dizzy)]]`: `Dizzy` is not a known affliction type
    ],
  },
  "not-stackable": {
    expect: [
      ["not-stackable", "content/damage-types/cold.json", 9, 29, 9, 43], // `[[Hindered 2]]`: Hindered does not stack
    ],
  },
  "over-cap": {
    expect: [
      ["over-cap", "content/damage-types/cold.json", 9, 29, 9, 42], // `[[Grabbed 4]]`: Grabbed stacks to at most 3
    ],
  },
  "over-cap-parameter": {
    expect: [
      ["over-cap", "content/damage-types/cold.json", 9, 29, 9, 49], // `[[Wracked 4 (Fire)]]`: Wracked stacks to at most 3
    ],
  },
  "parameter-required": {
    expect: [
      ["parameter-required", "content/damage-types/cold.json", 9, 29, 9, 42], // `[[Wracked 2]]`: Wracked needs a damage type in parentheses
    ],
  },
  "parameter-unexpected": {
    expect: [
      ["parameter-unexpected", "content/damage-types/cold.json", 9, 29, 9, 49], // `[[Grabbed 1 (Fire)]]`: Grabbed takes no parameter
    ],
  },
  "parameter-unknown": {
    expect: [
      ["parameter-unknown", "content/damage-types/cold.json", 9, 29, 9, 50], // `[[Wracked 2 (Frost)]]`: `Frost` is not a known damage type
    ],
  },
  "uncapped-ok": {
    expect: [],
  },
  zero: {
    expect: [
      ["zero-stacks", "content/damage-types/cold.json", 9, 29, 9, 42], // `[[Grabbed 0]]`: a condition needs at least 1 stack
    ],
  },
});

it("the over-cap help keeps the parameter, so the suggested fix is itself valid", () => {
  const [over] = lintCase("condition-stacks", "over-cap-parameter").diagnostics.filter(
    (d) => d.ruleId === "condition-stacks",
  );
  expect(over?.help).toBe("use at most `[[Wracked 3 (Fire)]]`");
});

/**
 * The helps as the rule's structured fix: the reported range itself, replaced by the help's text. A fix that decides
 * the book's rules (a count clamped, raised or dropped, a parameter removed) is a suggestion: the editor offers it,
 * `lint --fix` never makes it; a spelling is a plain fix.
 */
it.each([
  ["over-cap", "[[Grabbed 3]]", true],
  ["over-cap-parameter", "[[Wracked 3 (Fire)]]", true],
  ["not-stackable", "[[Hindered]]", true],
  ["parameter-unexpected", "[[Grabbed 1]]", true],
  ["zero", "[[Grabbed 1]]", true],
  ["parameter-required", undefined, false],
  ["parameter-unknown", undefined, false],
  ["parameter-typo", "[[Wracked 2 (Fire)]]", false],
])("%s: the fix replaces the reported range with %s (a suggestion: %s)", (fixture, text, suggestion) => {
  const [diagnostic] = lintCase("condition-stacks", fixture).diagnostics.filter(
    (d) => d.ruleId === "condition-stacks",
  );
  if (text === undefined) expect(diagnostic?.fix).toBeUndefined();
  else
    expect(diagnostic?.fix).toEqual({
      range: { line: 9, column: 29, endLine: 9, endColumn: diagnostic?.endColumn },
      text,
      ...(suggestion && { suggestion: true }),
    });
});

it.each([
  [
    "parameter-unknown",
    "`[[Wracked 2 (Frost)]]`: `Frost` is not a known damage type",
    "use one of `Cold`, `Fire`, `Piercing`, `Slashing`",
  ],
  [
    "parameter-typo",
    "`[[Wracked 2 (Fyre)]]`: `Fyre` is not a known damage type",
    "did you mean `[[Wracked 2 (Fire)]]`",
  ],
])("%s: an unknown parameter lists the content's values, or the close one", (fixture, message, help) => {
  const diagnostic = lintCase("condition-stacks", fixture).diagnostics.find(
    (d) => d.messageId === "parameter-unknown",
  );
  expect([diagnostic?.message, diagnostic?.help]).toEqual([message, help]);
});

it("a parameter naming a damage type whose file did not parse folds under that file's error", () => {
  const result = lintCase("condition-stacks", "knock-on");
  const parse = result.diagnostics.find((d) => d.file === "content/damage-types/fire.json");
  expect(parse?.ruleId).toBe("parse");
  const notes = parse?.related.filter((note) => note.message.includes("[[Wracked"));
  expect(
    notes?.map((note) => `${note.file}:${note.line}:${note.column}-${note.endColumn} ${note.message}`),
  ).toEqual([
    "content/resonances/ignis.json:7:50-68 `[[Wracked (Fire)]]` is not checked: `damage-type/fire` is in `content/damage-types/fire.json`, which did not load",
    "content/weapons/dagger.json:12:77-97 `[[Wracked 1 (Fire)]]` is not checked: `damage-type/fire` is in `content/damage-types/fire.json`, which did not load",
  ]);
  expect(result.diagnostics.filter((d) => d.ruleId === "condition-stacks")).toEqual([]);
});
