// Rule `glossary`: fixture cases under test/fixtures/rules/glossary/ and the exact diagnostics each gives
import { expect, it } from "vitest";
import { lintCase } from "../../../../test/support/lint-harness.ts";
import { describeRule } from "../rule-table.ts";

describeRule("glossary", {
  // chapter 22's frontmatter does not parse: the term's pointer waits for it (folded under that error unfiltered)
  "knock-on": {
    options: { paths: ["content/glossary"] },
    expect: [
      ["knock-on", "content/glossary/grabbed.json", 7, 26, 7, 30], // `chapter 22` is not checked: `chapter/conditions-and-states` is in `content/rules/22-conditions-and-states.mdx`, which did not load
    ],
  },
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

it("the title-mismatch help is the rule's fix: the pointer's title becomes the chapter's (a JSON string)", () => {
  const diagnostics = lintCase("glossary", "title-mismatch").diagnostics.filter(
    (d) => d.ruleId === "glossary",
  );
  expect(diagnostics.map((d) => d.fix)).toEqual([
    { range: { line: 12, column: 14, endLine: 12, endColumn: 26 }, text: '"Conditions and States"' },
  ]);
  const [unknown] = lintCase("glossary", "unknown-chapter").diagnostics.filter(
    (d) => d.ruleId === "glossary",
  );
  expect(unknown?.messageId).toBe("unknown-chapter");
  expect(unknown?.fix).toBeUndefined();
});

it("a chapter whose frontmatter does not parse is reported once, its consequences under it", () => {
  const result = lintCase("glossary", "knock-on");
  expect(result.errorCount).toBe(1);
  const [first] = result.diagnostics.filter((d) => d.severity === "error");
  expect(first).toMatchObject({
    ruleId: "parse",
    messageId: "yaml",
    file: "content/rules/22-conditions-and-states.mdx",
  });
  expect(first?.related.map((note) => [note.file, note.line, note.column, note.message])).toEqual([
    [
      "content/glossary/grabbed.json",
      7,
      26,
      "`chapter 22` is not checked: `chapter/conditions-and-states` is in `content/rules/22-conditions-and-states.mdx`, which did not load",
    ],
  ]);
});
