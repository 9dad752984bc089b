// Rule `mdx-code`: fixture cases under test/fixtures/rules/mdx-code/ and the exact diagnostics each gives
import { describeRule } from "../rule-table.ts";

describeRule("mdx-code", {
  esm: {
    expect: [
      ["code", "content/rules/23-vision.mdx", 10, 1, 10, 25], // an `import`/`export` statement is code; chapters are content and never run code,
      ["code", "content/rules/23-vision.mdx", 12, 1, 12, 61], // an `import`/`export` statement is code; chapters are content and never run code
    ],
  },
  expressions: {
    expect: [
      ["code", "content/rules/23-vision.mdx", 12, 8, 12, 15], // a `{…}` expression is code; chapters are content and never run code,
      ["code", "content/rules/23-vision.mdx", 14, 1, 14, 29], // a `{…}` expression is code; chapters are content and never run code,
      ["code", "content/rules/23-vision.mdx", 16, 10, 16, 34], // an attribute `{…}` expression is code; chapters are content and never run code
    ],
  },
});
