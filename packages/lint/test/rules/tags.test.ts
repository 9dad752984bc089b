// Rule `tags`: fixture cases under test/fixtures/rules/tags/ and the exact diagnostics each gives
import { copyFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { lintCase } from "../../../../test/support/lint-harness.ts";
import { describeRule } from "../rule-table.ts";

describeRule("tags", {
  // nothing close: the content's damage types, never "add a damage-type entry"
  "unknown-damage-type-list": {
    expect: [
      ["unknown-damage-type", "content/weapons/knife.json", 14, 5, 14, 18], // `Bludgeoning`: there is no damage type named `Bludgeoning`
    ],
  },
  // the damage type's file does not parse: no "there is no damage type named `Slashing`"
  "knock-on": {
    options: { paths: ["content/weapons"] },
    expect: [
      ["knock-on", "content/weapons/dagger.json", 8, 19, 8, 38], // `Slashing/Piercing` is not checked: `damage-type/slashing` is in `content/damage-types/slashing.json`, which did not load
      ["knock-on", "content/weapons/gunsword-barrel.json", 8, 19, 8, 29], // `Slashing` is not checked: …
      ["knock-on", "content/weapons/gunsword-blade.json", 8, 19, 8, 29], // `Slashing` is not checked: …
    ],
  },
  // an enemy attack's tags list damage types too: the broken damage type's file is the cause, as a tag's is
  "enemy-knock-on": {
    options: { paths: ["content/enemies"] },
    expect: [
      ["knock-on", "content/enemies/goblin-skirmisher.json", 9, 52, 9, 61], // `Melee 1` is not checked: `tag/melee` is in `content/tags/melee.json`, which did not load
      ["knock-on", "content/enemies/goblin-skirmisher.json", 9, 63, 9, 69], // `Fire` is not checked: `damage-type/fire` is in `content/damage-types/fire.json`, which did not load
    ],
  },
  "number-required": {
    expect: [
      ["number-required", "content/weapons/knife.json", 17, 5, 17, 12], // `Melee`: the Melee tag takes a number, as in `Melee N`
    ],
  },
  "number-unexpected": {
    expect: [
      ["number-unexpected", "content/weapons/knife.json", 18, 5, 18, 20], // `Ward 2 (Fire)`: the Ward tag takes no number
    ],
  },
  parameter: {
    expect: [
      ["parameter-required", "content/weapons/knife.json", 18, 5, 18, 11], // `Ward`: the Ward tag takes a damage type, as in `Ward (Fire)`,
      ["unknown-damage-type", "content/weapons/knife.json", 19, 5, 19, 19], // `Ward (Frost)`: there is no damage type named `Frost`,
      ["parameter-unexpected", "content/weapons/knife.json", 20, 5, 20, 21], // `Range 3 (Fire)`: the Range tag takes no parameter in parentheses
    ],
  },
  // the Fire file does not parse: the example is a damage type that loaded
  "parameter-required-no-fire": {
    expect: [
      ["parameter-required", "content/weapons/knife.json", 18, 5, 18, 11], // `Ward`: the Ward tag takes a damage type, as in `Ward (Piercing)`
    ],
  },
  "resonance-attack-tag": {
    expect: [
      ["not-a-tag", "content/resonances/ignis.json", 16, 10, 16, 22], // `[[Hindered]]` names a condition, not a tag or damage type
    ],
  },
  "unknown-damage-type": {
    expect: [
      ["unknown-damage-type", "content/weapons/knife.json", 14, 5, 14, 22], // `Slashing/Pierce`: there is no damage type named `Pierce`
    ],
  },
  "unknown-tag": {
    expect: [
      ["unknown-tag", "content/weapons/knife.json", 17, 5, 17, 14], // `Mealy 1`: there is no tag named `Mealy`
    ],
  },
  // an enemy attack's tags hold damage types too: the help lists both
  "enemy-unknown-tag": {
    expect: [
      ["unknown-tag", "content/enemies/goblin-skirmisher.json", 9, 63, 9, 68], // `Qqq`: there is no tag named `Qqq`
    ],
  },
  // …and a typo of a damage type there is offered that damage type
  "enemy-damage-type-typo": {
    expect: [
      ["unknown-tag", "content/enemies/goblin-skirmisher.json", 9, 63, 9, 69], // `Fure`: there is no tag named `Fure`
    ],
  },
});

/** The mechanical helps as the rule's structured fix: the reported string field's new value, as a JSON string. */
it.each([
  // dropping a tag's number or parameter decides the book's rules: a suggestion, which `lint --fix` never makes
  ["number-unexpected", "number-unexpected", '"Ward (Fire)"', true],
  ["parameter", "parameter-unexpected", '"Range 3"', true],
  // the fixtures' small corpus has no close name: no did-you-mean, so no fix (the language server's fix property
  // checks the did-you-mean fixes on the real content)
  ["unknown-tag", "unknown-tag", undefined, false],
  ["unknown-damage-type", "unknown-damage-type", undefined, false],
  ["number-required", "number-required", undefined, false],
  ["parameter", "parameter-required", undefined, false],
])("%s: `%s` fixes the field to %s (a suggestion: %s)", (fixture, messageId, text, suggestion) => {
  const diagnostic = lintCase("tags", fixture).diagnostics.find((d) => d.messageId === messageId);
  if (text === undefined) expect(diagnostic?.fix).toBeUndefined();
  else
    expect(diagnostic?.fix).toEqual({
      range: {
        line: diagnostic?.line,
        column: 5,
        endLine: diagnostic?.line,
        endColumn: diagnostic?.endColumn,
      },
      text,
      ...(suggestion && { suggestion: true }),
    });
});

it("an enemy attack's tag that is a damage type's typo is fixed to that damage type", () => {
  const diagnostic = lintCase("tags", "enemy-damage-type-typo").diagnostics.find(
    (d) => d.messageId === "unknown-tag",
  );
  expect(diagnostic?.help).toBe("did you mean `Fire`");
  expect(diagnostic?.fix).toEqual({
    range: { line: 9, column: 63, endLine: 9, endColumn: 69 },
    text: '"Fire"',
  });
});

it.each([
  [
    "unknown-damage-type-list",
    "`Bludgeoning`: there is no damage type named `Bludgeoning`",
    "the damage types are `Fire`, `Piercing`, `Slashing`",
  ],
  [
    "unknown-damage-type",
    "`Slashing/Pierce`: there is no damage type named `Pierce`",
    "the damage types are `Fire`, `Piercing`, `Slashing`",
  ],
])("%s: an unknown damage type lists the vocabulary", (fixture, message, help) => {
  const diagnostic = lintCase("tags", fixture).diagnostics.find((d) => d.messageId === "unknown-damage-type");
  expect([diagnostic?.message, diagnostic?.help]).toEqual([message, help]);
});

it.each([
  ["unknown-tag", "the tags are `Combo`, `Melee`, `Range`, `Ward`"],
  [
    "enemy-unknown-tag",
    "the tags are `Combo`, `Melee`, `Range`, `Ward`; the damage types are `Fire`, `Piercing`, `Slashing`",
  ],
])("%s: an unknown tag's help lists what the field allows", (fixture, help) => {
  const diagnostic = lintCase("tags", fixture).diagnostics.find((d) => d.messageId === "unknown-tag");
  expect(diagnostic?.help).toBe(help);
});

it("an unknown damage type lists all ten of the core's, not five and how many more", () => {
  const core = join(import.meta.dirname, "../../../../content/damage-types");
  const addCore = (root: string) => {
    for (const file of readdirSync(core))
      copyFileSync(join(core, file), join(root, "content/damage-types", file));
  };
  const diagnostic = lintCase("tags", "unknown-damage-type-list", {}, addCore).diagnostics.find(
    (d) => d.messageId === "unknown-damage-type",
  );
  expect(diagnostic?.help).toBe(
    "the damage types are `Bleeding`, `Cosmic`, `Crushing`, `Earth`, `Fire`, `Mental`, `Piercing`, `Radiant`, `Shock`, `Slashing`",
  );
});

it("an enemy attack's damage type in a broken file folds under that file's parse error", () => {
  const result = lintCase("tags", "enemy-knock-on");
  const parse = result.diagnostics.find((d) => d.file === "content/damage-types/fire.json");
  expect(parse).toMatchObject({ ruleId: "parse", severity: "error" });
  expect(parse?.related.filter((note) => note.file === "content/enemies/goblin-skirmisher.json")).toEqual([
    {
      file: "content/enemies/goblin-skirmisher.json",
      line: 9,
      column: 63,
      endLine: 9,
      endColumn: 69,
      message:
        "`Fire` is not checked: `damage-type/fire` is in `content/damage-types/fire.json`, which did not load",
    },
  ]);
  expect(
    result.diagnostics.filter(
      (d) => d.file === "content/enemies/goblin-skirmisher.json" && d.ruleId === "tags",
    ),
  ).toEqual([]);
});
