// Rule `see-pointers`: fixture cases under test/fixtures/rules/see-pointers/ and the exact diagnostics each gives
import { describeRule } from "../rule-table.ts";

describeRule("see-pointers", {
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
