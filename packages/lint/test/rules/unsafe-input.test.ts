// Rule `unsafe-input`: fixture cases under test/fixtures/rules/unsafe-input/ and the exact diagnostics each gives
import { join } from "node:path";
import { afterEach, vi } from "vitest";
import { DENIED, denyReads, makeSpecialFiles } from "../../../../test/support/fs-failures.ts";
import { linkOutside } from "../../../../test/support/lint-harness.ts";
import { describeRule } from "../rule-table.ts";

// root reads chmod-000 files, so unreadable paths are simulated (test/fail-closed.test.ts runs the real thing)
vi.mock("node:fs", async (importOriginal) =>
  (await import("../../../../test/support/fs-failures.ts")).withDeniedReads(await importOriginal()),
);
afterEach(() => DENIED.clear());

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
  "markdown-containers": {
    expect: [
      ["markdown-containers", "content/rules/23-containers.mdx", 17, 1, 17, 2], // more than 5 block quotes and list items in one text
    ],
    options: { limits: { maxMarkdownContainers: 5 } },
  },
  "markdown-markers": {
    expect: [
      ["markdown-markers", "content/rules/23-markers.mdx", 14, 15, 14, 16], // more than 20 emphasis, link or HTML markers
    ],
    options: { limits: { maxMarkdownMarkers: 20 } },
  },
  "markdown-too-deep": {
    expect: [
      ["markdown-too-deep", "content/rules/23-deep.mdx", 14, 33, 14, 34], // block quotes and list items nested deeper than 16 levels
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
  "special-files": {
    expect: [
      ["special-file", "content/conditions/socket.json", 1, 1, 1, 2], // `content/conditions/socket.json` is a socket, not a regular file; it is never opened
      ["special-file", "content/inbox", 1, 1, 1, 2], // `content/inbox` is a named pipe (FIFO), not a regular file; it is never opened
      ["special-file", "content/weapons/pipe.json", 1, 1, 1, 2], // `content/weapons/pipe.json` is a named pipe (FIFO), not a regular file; it is never opened
    ],
    prepare: makeSpecialFiles,
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
  unreadable: {
    expect: [
      ["unreadable", "content/armor", 1, 1, 1, 2], // `content/armor` cannot be read (permission denied), so nothing in it was checked
      ["unreadable", "content/weapons/dagger.json", 1, 1, 1, 2], // `content/weapons/dagger.json` cannot be read (permission denied), so nothing in it was checked
    ],
    prepare: (root) => denyReads(join(root, "content/armor"), join(root, "content/weapons/dagger.json")),
  },
  "unreadable-content": {
    expect: [
      ["unreadable", "content", 1, 1, 1, 2], // `content` cannot be read (permission denied), so nothing in it was checked
    ],
    prepare: (root) => denyReads(join(root, "content")),
  },
  "too-many-items": {
    expect: [
      ["too-many-items", "content/weapons/many-tags.json", 4, 11, 4, 12], // an array of more than 3 items
    ],
    options: { limits: { maxArrayItems: 3 } },
  },
  "too-many-keys": {
    expect: [
      ["too-many-keys", "content/weapons/many-keys.json", 1, 1, 1, 2], // an object with more than 20 keys
    ],
    options: { limits: { maxObjectKeys: 20 } },
  },
  "yaml-too-deep": {
    expect: [
      ["too-deep", "content/rules/23-yaml-deep.mdx", 8, 12, 8, 13], // nesting deeper than 4 levels
    ],
    options: { limits: { maxYamlNesting: 4 } },
  },
  "yaml-alias-bomb": {
    expect: [
      ["yaml-aliases", "content/rules/23-bomb.mdx", 9, 8, 9, 9], // the frontmatter expands more than 20 YAML aliases
    ],
  },
});
