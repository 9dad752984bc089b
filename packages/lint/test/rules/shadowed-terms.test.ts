// Rule `shadowed-terms`: fixture cases under test/fixtures/rules/shadowed-terms/, their ranges, and what the author reads
import { describe, expect, it } from "vitest";
import { lintCase, summarize } from "../../../../test/support/lint-harness.ts";
import { describeRule } from "../rule-table.ts";

describeRule("shadowed-terms", {
  // the condition took the name of chapter 05's term Guard: both links now open the condition
  "shadows-term": {
    expect: [["shadows-term", "content/conditions/hindered.json", 3, 11, 3, 18]],
  },
  // every link says which Guard it means: nothing moves
  "qualified-ok": { expect: [] },
  // renamed without keeping the old name: `[[Hindered]]` in grabbed.json and chapter 22 reach the glossary term
  "renamed-away": {
    expect: [["renamed-away", "content/conditions/hindered.json", 3, 11, 3, 23]],
  },
  "renamed-alias-ok": { expect: [] },
  // the condition's file does not parse: each link that falls back to the term is a knock-on of the parse error,
  // folded under it (below), so the rule itself reports nothing
  "falls-back": { expect: [] },
  // the condition failed its schema (no `source`, so no chapter to compare with the term's 05): the schema error
  // alone, no guess that the term is another concept
  "schema-error-ok": { expect: [] },
});

describe("shadowed-terms messages", () => {
  const said = (name: string) =>
    lintCase("shadowed-terms", name)
      .diagnostics.filter((diagnostic) => diagnostic.ruleId === "shadowed-terms")
      .map(({ message, help, related }) => ({
        message,
        help,
        related: related.map((note) => `${note.file}:${note.line}:${note.column} ${note.message}`),
      }));

  it.each([
    [
      "shadows-term",
      "`Guard` shadows the glossary term `glossary/guard` (chapter 05), another concept: 2 `[[Guard]]` links in 1 file open `condition/hindered` instead",
      "qualify each of them with the kind it means (`[[glossary:Guard]]` or `[[condition:Guard]]`), or rename `condition/hindered`",
      [
        "content/damage-types/cold.json:6:35 opens `condition/hindered`, not `glossary/guard`",
        "content/damage-types/cold.json:6:56 opens `condition/hindered`, not `glossary/guard`",
      ],
    ],
    [
      "renamed-away",
      "`condition/hindered` is named `Encumbered`, not `Hindered`: 2 `[[Hindered]]` links in 2 files fall back to the glossary term `glossary/hindered`",
      'keep the old name in its `aliases` (`"aliases": ["Hindered"]`) so they still open it, or qualify those meant for the term as `[[glossary:Hindered]]`',
      [
        "content/conditions/grabbed.json:8:39 opens `glossary/hindered`, not `condition/hindered`",
        "content/rules/22-conditions-and-states.mdx:12:36 opens `glossary/hindered`, not `condition/hindered`",
      ],
    ],
  ])("%s: exact message, help and the links it moves", (name, message, help, related) => {
    expect(said(name)).toEqual([{ message, help, related }]);
  });
});

it("a file that does not parse: the links that fall back to the term are notes of its parse error", () => {
  const result = lintCase("shadowed-terms", "falls-back");
  const file = "content/conditions/hindered.json";
  const errors = result.diagnostics.filter((diagnostic) => diagnostic.file === file);
  expect(errors.map((diagnostic) => diagnostic.ruleId)).toEqual(["parse"]);
  const knockOn = (raw: string) =>
    `\`${raw}\` is not checked: \`condition/hindered\` is in \`content/conditions/hindered.json\`, which did not load`;
  expect(
    errors[0]?.related.map((note) => `${note.file}:${note.line}:${note.column} ${note.message}`),
  ).toEqual([
    `content/conditions/grabbed.json:8:39 ${knockOn("[[Hindered]]")}`,
    `content/rules/22-conditions-and-states.mdx:12:36 ${knockOn("[[Hindered|hindered]]")}`,
  ]);
});

it("the parse rule filtered out: each fallen-back link stays, a warning that names the file to fix", () => {
  const result = lintCase("shadowed-terms", "falls-back", { paths: ["content/conditions/grabbed.json"] });
  expect(summarize(result.diagnostics, "shadowed-terms")).toEqual([
    ["knock-on", "content/conditions/grabbed.json", 8, 39, 8, 51],
  ]);
});
