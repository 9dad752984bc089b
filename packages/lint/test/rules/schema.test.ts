// Rule `schema`: fixture cases under test/fixtures/rules/schema/ and the exact diagnostics each gives
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { lintCase } from "../../../../test/support/lint-harness.ts";
import { describeRule } from "../rule-table.ts";

describeRule("schema", {
  "missing-status": {
    expect: [
      ["required", "content/conditions/faltering.json", 1, 1, 1, 2], // `status`: required field is missing
    ],
  },
  // an object field says what to put in it: a variant's `type`, or the keys it needs
  "missing-object": {
    expect: [
      ["required", "content/conditions/faltering.json", 1, 1, 1, 2],
      ["required", "content/conditions/faltering.json", 1, 1, 1, 2],
    ],
  },
  // a field of several forms lists them: the literals, and an object's keys
  "missing-union": {
    expect: [
      ["required", "content/conditions/faltering.json", 1, 1, 1, 2], // `stackable`: required field is missing
    ],
  },
  "enum-typo": {
    expect: [
      ["enum", "content/weapons/knife.json", 9, 18, 9, 24], // `weightClass`: `Ligt` is not one of `Light`, `Medium`, `Heavy`, `Superheavy`
    ],
  },
  frontmatter: {
    expect: [
      ["invalid-type", "content/rules/23-bad.mdx", 6, 8, 6, 12], // `order`: expected a number, got a string
    ],
  },
  // a value the field's pattern refuses: the help says what the field must be, from the schema's description
  "frontmatter-pattern": {
    expect: [
      ["invalid", "content/rules/23-bad.mdx", 4, 10, 4, 15], // `chapter`: invalid
    ],
  },
  "missing-field": {
    expect: [
      ["required", "content/weapons/knife.json", 1, 1, 1, 2], // `effect`: required field is missing
    ],
  },
  refinement: {
    expect: [
      // a refinement's `params.code` is its message id: `definition`: a complete tag needs its `definition`; …
      ["definition-required", "content/tags/guard.json", 1, 1, 1, 2],
    ],
  },
  "status-typo": {
    expect: [
      ["enum", "content/weapons/knife.json", 8, 13, 8, 22], // `status`: `complet` is not one of `complete`, `incomplete`
    ],
  },
  union: {
    expect: [
      ["union", "content/conditions/stuck.json", 9, 16, 9, 17], // `stackable`: expected `false` or an object or `unlimited`
    ],
  },
  // one mistake, one error: the misspelled key says it is the missing required field (no "required" beside it)
  "unknown-key": {
    expect: [
      ["unknown-key", "content/weapons/knife.json", 30, 3, 30, 15], // unknown key `weightClas` (help: did you mean `weightClass`, a required field that is missing)
    ],
  },
  "unknown-key-taken": {
    expect: [
      ["unknown-key", "content/weapons/knife.json", 31, 3, 31, 15], // unknown key `weightClas` (help: remove it)
    ],
  },
  "wrong-type": {
    expect: [
      ["invalid-type", "content/weapons/knife.json", 26, 11, 26, 14], // `damage.0s`: expected a number, got a string
    ],
  },
});

/** The did-you-mean helps of a JSON file's key or string value are the rule's fix: the JSON string to write there. */
it.each([
  ["enum-typo", "enum", { line: 9, column: 18, endLine: 9, endColumn: 24 }, '"Light"'],
  ["unknown-key", "unknown-key", { line: 30, column: 3, endLine: 30, endColumn: 15 }, '"weightClass"'],
])("%s: the `%s` did-you-mean is a fix", (fixture, messageId, range, text) => {
  const diagnostic = lintCase("schema", fixture).diagnostics.find((d) => d.messageId === messageId);
  expect(diagnostic?.fix).toEqual({ range, text });
});

it("an unknown key is never renamed to a field the entry already has (that would duplicate the key)", () => {
  const diagnostic = lintCase("schema", "unknown-key-taken").diagnostics.find(
    (d) => d.messageId === "unknown-key",
  );
  expect([diagnostic?.message, diagnostic?.help, diagnostic?.fix]).toEqual([
    "unknown key `weightClas`",
    "remove it: this kind has no such field",
    undefined,
  ]);
});

it("a missing field of a closed set lists its values, from the kind's schema", () => {
  const required = lintCase("schema", "missing-status").diagnostics.find((d) => d.messageId === "required");
  expect([required?.message, required?.help]).toEqual([
    "`status`: required field is missing",
    "add it: one of `complete`, `incomplete`",
  ]);
  // a weapon's `effect` is its ladder: the help names the rungs it needs
  const ladder = lintCase("schema", "missing-field").diagnostics.find((d) => d.messageId === "required");
  expect([ladder?.message, ladder?.help]).toEqual([
    "`effect`: required field is missing",
    "add it: an object with `0s`, `1s`, `2s`, `3+`",
  ]);
  // an open field (a string) has nothing to list
  const name = lintCase("schema", "missing-object", {}, (root) => {
    const file = join(root, "content/conditions/faltering.json");
    writeFileSync(file, readFileSync(file, "utf8").replace('  "name": "Faltering",\n', ""));
  }).diagnostics.find((d) => d.messageId === "required" && d.message.startsWith("`name`"));
  expect([name?.message, name?.help]).toEqual(["`name`: required field is missing", undefined]);
});
