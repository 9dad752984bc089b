// Rule `see-pointers`: fixture cases under test/fixtures/rules/see-pointers/ and the exact diagnostics each gives
import { expect, it } from "vitest";
import { lintCase } from "../../../../test/support/lint-harness.ts";
import { describeRule } from "../rule-table.ts";

describeRule("see-pointers", {
  // chapter 22's frontmatter does not parse: its title is unknown, so its file's slug names it until it loads
  "knock-on": {
    options: { paths: ["content/damage-types", "content/rules/23-vision.mdx"] },
    expect: [
      ["knock-on", "content/damage-types/cold.json", 9, 34, 9, 59], // `See Conditions and States` is not checked: `chapter/conditions-and-states` is in `content/rules/22-conditions-and-states.mdx`, which did not load
      ["knock-on", "content/rules/23-vision.mdx", 12, 15, 12, 45], // `see also Conditions and States` is not checked: …
    ],
  },
  "linked-ok": {
    expect: [],
  },
  unlinked: {
    expect: [
      ["unlinked", "content/damage-types/cold.json", 9, 34, 9, 59], // `See Conditions and States` … is not a reference
      ["unlinked", "content/rules/23-vision.mdx", 12, 15, 12, 45], // `see also Conditions and States` … is not a reference
    ],
  },
});

it("a pointer to a chapter that did not parse folds under that chapter's error", () => {
  const result = lintCase("see-pointers", "knock-on");
  const error = result.diagnostics.find((d) => d.file === "content/rules/22-conditions-and-states.mdx");
  expect(error).toMatchObject({ ruleId: "parse", line: 3 });
  const notes = error?.related.filter((note) => note.message.includes("Conditions and States` is not"));
  expect(
    notes?.map((note) => `${note.file}:${note.line}:${note.column}-${note.endColumn} ${note.message}`),
  ).toEqual([
    "content/damage-types/cold.json:9:34-59 `See Conditions and States` is not checked: `chapter/conditions-and-states` is in `content/rules/22-conditions-and-states.mdx`, which did not load",
    "content/rules/23-vision.mdx:12:15-45 `see also Conditions and States` is not checked: `chapter/conditions-and-states` is in `content/rules/22-conditions-and-states.mdx`, which did not load",
  ]);
  expect(result.diagnostics.filter((d) => d.ruleId === "see-pointers")).toEqual([]);
});
