// Rule `unknown-file`: fixture cases under test/fixtures/rules/unknown-file/ and the exact diagnostics each gives
import { expect, it } from "vitest";
import { lintCase } from "../../../../test/support/lint-harness.ts";
import { describeRule } from "../rule-table.ts";

describeRule("unknown-file", {
  "chapter-not-mdx": {
    expect: [
      ["file", "content/rules/notes.md", 1, 1, 1, 2], // `content/rules/notes.md` is not a `.mdx` chapter file, so it is not loaded
    ],
  },
  "misspelled-folder": {
    expect: [
      ["folder-misspelled", "content/weapon/buckler.json", 1, 1, 1, 2], // `content/weapon` is not a catalog folder … (an error: its name is a typo); help: did you mean `content/weapons`?
    ],
  },
  "unknown-folder": {
    expect: [
      ["folder", "content/spells/fireball.json", 1, 1, 1, 2], // `content/spells` is not a catalog folder, so its files are not loaded
    ],
  },
  "wrong-extension": {
    expect: [
      ["file", "content/weapons/notes.txt", 1, 1, 1, 2], // `content/weapons/notes.txt` is not a `.json` entry file, so it is not loaded
    ],
  },
});

it("a misspelled folder is an error with did-you-mean; an unrelated one stays a warning", () => {
  const [typo] = lintCase("unknown-file", "misspelled-folder").diagnostics.filter(
    (d) => d.ruleId === "unknown-file",
  );
  expect([typo?.severity, typo?.help]).toEqual([
    "error",
    "did you mean `content/weapons`? rename the folder",
  ]);
  const [other] = lintCase("unknown-file", "unknown-folder").diagnostics.filter(
    (d) => d.ruleId === "unknown-file",
  );
  expect(other?.severity).toBe("warn");
});
