// Rule `unknown-file`: fixture cases under test/fixtures/rules/unknown-file/ and the exact diagnostics each gives

import { rmSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { lintCase } from "../../../../test/support/lint-harness.ts";
import { describeRule } from "../rule-table.ts";

describeRule("unknown-file", {
  // a condition filed under states/: one error saying where it goes, not a broken state
  "wrong-folder": {
    prepare: (root) => rmSync(join(root, "content/conditions/hindered.json")),
    expect: [
      ["wrong-folder", "content/states/hindered.json", 2, 9, 2, 29], // `condition/hindered` is a condition, but it is in `content/states/`, which holds state entries
    ],
  },
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

it("a misfiled entry is told its folder and checked as the kind its id names", () => {
  const result = lintCase("unknown-file", "wrong-folder", {}, (root) =>
    rmSync(join(root, "content/conditions/hindered.json")),
  );
  const errors = result.diagnostics.filter((d) => d.severity === "error");
  expect(errors.map((d) => [d.ruleId, d.message, d.help])).toEqual([
    [
      "unknown-file",
      "`condition/hindered` is a condition, but it is in `content/states/`, which holds state entries",
      "move it to `content/conditions/`",
    ],
  ]);
  expect(result.graph.get("condition/hindered")?.kind).toBe("condition");
});
