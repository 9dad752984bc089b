// Rule `unsafe-input`: fixture cases under test/fixtures/rules/unsafe-input/ and the exact diagnostics each gives
import { linkOutside } from "../harness.ts";
import { describeRule } from "../rule-table.ts";

describeRule("unsafe-input", {
  "deep-nesting": {
    expect: [
      ["too-deep", "content/weapons/deep.json", 1, 91, 1, 92], // nesting deeper than 64 levels
    ],
  },
  "huge-string": {
    expect: [
      ["string-too-long", "content/weapons/huge.json", 3, 14, 3, 15], // a string of 5000 characters is over the limit of 1000
    ],
    options: { limits: { maxStringLength: 1000 } },
  },
  "js-frontmatter": {
    expect: [
      ["frontmatter-format", "content/rules/23-js.mdx", 1, 1, 1, 6], // only YAML frontmatter between `---` lines is allowed
    ],
  },
  "mdx-too-large": {
    expect: [
      ["mdx-too-large", "content/rules/23-long.mdx", 1, 1, 1, 2], // the chapter is 1475 characters, over the limit of 1000 for MDX
    ],
    options: { limits: { maxMdxChars: 1000 } },
  },
  "proto-keys": {
    expect: [
      ["forbidden-key", "content/weapons/dagger.json", 6, 3, 6, 14], // the key `__proto__` is not allowed
      ["forbidden-key", "content/weapons/dagger.json", 7, 3, 7, 16], // the key `constructor` is not allowed
    ],
  },
  symlinks: {
    expect: [
      ["symlink", "content/foci", 1, 1, 1, 2], // `content/foci` is a symbolic link; links are never followed
      ["symlink", "content/weapons/secret.json", 1, 1, 1, 2], // `content/weapons/secret.json` is a symbolic link
    ],
    prepare: linkOutside,
  },
  "toml-frontmatter": {
    expect: [
      ["frontmatter-format", "content/rules/23-toml.mdx", 1, 1, 1, 4], // only YAML frontmatter between `---` lines is allowed
    ],
  },
  "too-large": {
    expect: [
      ["too-large", "content/weapons/large.json", 1, 1, 1, 2], // the file is 3044 bytes, over the limit of 2048
    ],
    options: { limits: { maxFileBytes: 2048 } },
  },
  "yaml-alias-bomb": {
    expect: [
      ["yaml-aliases", "content/rules/23-bomb.mdx", 9, 8, 9, 9], // the frontmatter expands more than 20 YAML aliases
    ],
  },
});
