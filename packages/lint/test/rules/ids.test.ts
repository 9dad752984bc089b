// Rule `ids`: fixture cases under test/fixtures/rules/ids/ and the exact diagnostics each gives

import { load } from "@momenta/content";
import { expect, it } from "vitest";
import { lintCase, withCase } from "../../../../test/support/lint-harness.ts";
import { describeRule } from "../rule-table.ts";

describeRule("ids", {
  "alias-collision": {
    expect: [
      ["alias-collision", "content/weapons/knife.json", 32, 5, 32, 13], // alias `Dagger` is already the name or alias of `weapon/dagger`
    ],
  },
  "alias-self": {
    expect: [
      ["alias-self", "content/weapons/knife.json", 32, 5, 32, 12], // alias `knife` repeats the entry's own name
    ],
  },
  "chapter-file-mismatch": {
    expect: [
      ["chapter-file-mismatch", "content/rules/23-vision.mdx", 2, 5, 2, 18], // chapter id `chapter/sight` does not match the file name: expected `chapter/vision`
    ],
  },
  duplicate: {
    expect: [
      // the copy, not the untouched original, and one error: its help is the id the file name asks for
      ["duplicate", "content/weapons/dagger-copy.json", 2, 9, 2, 24], // id `weapon/dagger` is already used by `content/weapons/dagger.json`
    ],
  },
  // `weapon/dagger-two` was renamed onto `Dagger` (its file says otherwise): one error, there, not one at each
  "name-collision": {
    expect: [
      ["name-collision", "content/weapons/dagger-two.json", 3, 11, 3, 19], // name `Dagger` is also the name of `weapon/dagger`, so `[[Dagger]]` is ambiguous
    ],
  },
  // `condition/paranoid` renamed onto `Grabbed`: one error at it, the `[[Grabbed]]` links it made ambiguous its notes
  "name-taken": {
    expect: [["name-taken", "content/conditions/paranoid.json", 3, 11, 3, 20]],
  },
  // neither is named after its file: no telling which came first, so each is reported
  "name-collision-unclear": {
    expect: [
      ["name-collision", "content/weapons/blade-a.json", 3, 11, 3, 18], // name `Blade` is also the name of `weapon/blade-b`, so `[[Blade]]` is ambiguous
      ["name-collision", "content/weapons/blade-b.json", 3, 11, 3, 18], // name `Blade` is also the name of `weapon/blade-a`, so `[[Blade]]` is ambiguous
    ],
  },
  "file-mismatch": {
    expect: [
      ["file-mismatch", "content/weapons/knife.json", 2, 9, 2, 23], // id `weapon/blade` does not match the file name: expected `weapon/knife`
    ],
  },
});

it("a copy that keeps the original's id is the duplicate: the original's data is the entry", () => {
  withCase("ids", "duplicate", (root) => {
    const { graph } = load({ root });
    expect(graph.entries.get("weapon/dagger")?.file).toBe("content/weapons/dagger.json");
    expect(graph.entries.get("weapon/dagger")?.name).toBe("Dagger");
    expect(graph.duplicates.map((entry) => entry.file)).toEqual(["content/weapons/dagger-copy.json"]);
  });
});

it("the file-mismatch help proposes the file name the id asks for", () => {
  const diagnostic = lintCase("ids", "file-mismatch").diagnostics.find(
    (d) => d.messageId === "file-mismatch",
  );
  expect(diagnostic?.help).toMatch(/^rename the file to `[a-z-]+\.json` or set `"id": "[a-z-]+\/[a-z-]+"`$/);
});

it("a same-kind rename's one error lists the links it made ambiguous, and no link is an error of its own", () => {
  const { diagnostics } = lintCase("ids", "name-taken");
  const taken = diagnostics.filter((d) => d.messageId === "name-taken");
  expect(taken).toHaveLength(1);
  expect(taken[0]?.related.map((note) => [note.file, note.line, note.column, note.message])).toEqual([
    ["content/conditions/grabbed.json", 3, 11, "that name is defined here"],
    ["content/rules/22-conditions-and-states.mdx", 12, 19, "`[[Grabbed 2]]` is ambiguous"],
  ]);
  expect(diagnostics.filter((d) => d.message.includes("is ambiguous"))).toEqual([]);
});
