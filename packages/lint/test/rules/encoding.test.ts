// Rule `encoding`: fixture cases under test/fixtures/rules/encoding/ and the exact diagnostics each gives
import { describeRule } from "../rule-table.ts";

describeRule("encoding", {
  bom: {
    expect: [
      ["bom", "content/weapons/dagger.json", 1, 1, 1, 2], // the file starts with a byte order mark
    ],
  },
  crlf: {
    expect: [],
  },
  "crlf-with-error": {
    expect: [],
  },
});
