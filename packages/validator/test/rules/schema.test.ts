// Rule `schema`: fixture cases under test/fixtures/rules/schema/ and the exact diagnostics each gives
import { describeRule } from "../rule-table.ts";

describeRule("schema", {
  "enum-typo": {
    expect: [
      ["enum", "content/weapons/knife.json", 9, 18, 9, 24], // `weightClass`: `Ligt` is not one of `Light`, `Medium`, `Heavy`, `Superheavy`
    ],
  },
  frontmatter: {
    expect: [
      ["invalid-type", "content/rules/23-bad.mdx", 6, 8, 6, 12], // `order`: expected a number, got a string
    ],
  },
  "missing-field": {
    expect: [
      ["required", "content/weapons/knife.json", 1, 1, 1, 2], // `effect`: required field is missing
    ],
  },
  refinement: {
    expect: [
      // a refinement's `params.code` is its message id: `definition`: a complete tag needs its `definition`; …
      ["definition-required", "content/tags/guard.json", 1, 1, 1, 2],
    ],
  },
  "status-typo": {
    expect: [
      ["enum", "content/weapons/knife.json", 8, 13, 8, 22], // `status`: `complet` is not one of `complete`, `incomplete`
    ],
  },
  union: {
    expect: [
      ["union", "content/conditions/stuck.json", 9, 16, 9, 17], // `stackable`: expected `false` or an object or `unlimited`
    ],
  },
  "unknown-key": {
    expect: [
      ["unknown-key", "content/weapons/knife.json", 31, 3, 31, 15], // unknown key `weightClas`
    ],
  },
  "wrong-type": {
    expect: [
      ["invalid-type", "content/weapons/knife.json", 26, 11, 26, 14], // `damage.0s`: expected a number, got a string
    ],
  },
});
