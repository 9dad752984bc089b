// Rule `parse`: fixture cases under test/fixtures/rules/parse/ and the exact diagnostics each gives
import { describeRule } from "../rule-table.ts";

describeRule("parse", {
  "cr-line-endings": {
    expect: [
      ["line-endings", "content/rules/23-mac.mdx", 1, 4, 2, 1], // the chapter's lines end with a lone carriage return (`\r`); only LF and CRLF line endings are read
    ],
  },
  "duplicate-key": {
    expect: [
      ["duplicate-key", "content/weapons/dagger.json", 4, 3, 4, 9], // duplicate key `name`: JSON keeps only one of them
    ],
  },
  empty: {
    expect: [
      ["empty", "content/weapons/empty.json", 1, 1, 1, 2], // the file is empty
    ],
  },
  "invalid-json": {
    expect: [
      ["syntax", "content/weapons/broken.json", 2, 25, 2, 26], // invalid JSON: expected a property name in double quotes
    ],
  },
  "invalid-utf8": {
    expect: [
      ["utf8", "content/weapons/latin1.json", 3, 15, 3, 16], // the file is not valid UTF-8
    ],
  },
  "no-frontmatter": {
    expect: [
      ["frontmatter-missing", "content/rules/23-broken.mdx", 1, 1, 1, 2], // the chapter has no YAML frontmatter
    ],
  },
  "not-object": {
    expect: [
      ["not-object", "content/weapons/list.json", 1, 1, 2, 1], // a content file must hold one JSON object, found an array
    ],
  },
  "trailing-comma": {
    expect: [
      ["syntax", "content/weapons/buckler.json", 26, 21, 26, 22], // invalid JSON: trailing comma (at the comma, not at the `}` after it)
    ],
  },
  truncated: {
    expect: [
      ["syntax", "content/weapons/truncated.json", 3, 11, 3, 17], // invalid JSON: unterminated string,
      ["syntax", "content/weapons/truncated.json", 3, 17, 3, 18], // invalid JSON: expected `}` to close the object
    ],
  },
  "unclosed-at-end": {
    expect: [
      ["mdx", "content/rules/23-open.mdx", 12, 1, 12, 10], // invalid MDX: expected a closing tag for `<Example>` (12:1-12:10)
    ],
  },
  "unclosed-jsx": {
    expect: [
      ["mdx", "content/rules/23-broken.mdx", 14, 10, 14, 11], // invalid MDX: unexpected character `.` (U+002E) in attribute name, expected an attribute name character such as letters, digits, `$`, or `_`; `=` to initialize a value; whitespace before attributes; or the end of the tag
    ],
  },
  "yaml-error": {
    expect: [
      ["yaml", "content/rules/23-broken.mdx", 4, 1, 4, 2], // invalid YAML frontmatter: flow sequence in block collection must be sufficiently indented and end with a ]
    ],
  },
});
