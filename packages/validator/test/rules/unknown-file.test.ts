// Rule `unknown-file`: fixture cases under test/fixtures/rules/unknown-file/ and the exact diagnostics each gives
import { describeRule } from "../rule-table.ts";

describeRule("unknown-file", {
  "chapter-not-mdx": {
    expect: [
      ["file", "content/rules/notes.md", 1, 1, 1, 2], // `content/rules/notes.md` is not a `.mdx` chapter file, so it is not loaded
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
