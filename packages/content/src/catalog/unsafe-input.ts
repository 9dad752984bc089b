// Rule `unsafe-input`: input the loader refuses to process (untrusted homebrew must not exhaust or escape it)
import { defineRule, docsUrl } from "../rule.ts";

/** Markdown over a cap is never parsed (micromark recurses per container and is quadratic in openers). */
const MARKDOWN_HELP = "flatten the nesting or split the text; no rule text needs this many levels or markers";

export const unsafeInputRule = defineRule({
  meta: {
    id: "unsafe-input",
    description:
      "Refuse symlinks, paths outside the content root, oversized files, deep nesting and prototype keys",
    defaultSeverity: "error",
    stage: "load",
    docs: docsUrl("unsafe-input"),
    messages: {
      symlink: "`{path}` is a symbolic link; links are never followed",
      "outside-root": "`{path}` is outside the content folder",
      "too-large": "the file is {size} bytes, over the limit of {limit}",
      "mdx-too-large": "the chapter is {size} characters, over the limit of {limit} for MDX",
      "too-many-files": "more than {limit} files; the rest were not read",
      "too-deep": "nesting deeper than {limit} levels",
      "too-many-items": "an array of more than {limit} items",
      "too-many-keys": "an object with more than {limit} keys",
      "markdown-too-deep": "block quotes and list items nested deeper than {limit} levels",
      "markdown-markers":
        "more than {limit} emphasis, link or HTML markers (`*`, `_`, `~`, `[`, `]`, `<`) in one text",
      "markdown-containers": "more than {limit} block quotes and list items in one text",
      "forbidden-key": "the key `{key}` is not allowed",
      "string-too-long": "a string of {length} characters is over the limit of {limit}",
      "yaml-aliases": "the frontmatter expands more than {limit} YAML aliases",
      "frontmatter-format": "only YAML frontmatter between `---` lines is allowed",
      unreadable: "`{path}` cannot be read ({reason}), so nothing in it was checked",
      "special-file": "`{path}` is a {type}, not a regular file; it is never opened",
    },
    help: {
      "markdown-too-deep": MARKDOWN_HELP,
      "markdown-markers": MARKDOWN_HELP,
      "markdown-containers": MARKDOWN_HELP,
      symlink: "replace it with a regular file inside the content folder",
      "symlink.pack": "replace it with a regular file inside the pack",
      "too-many-files": "replace it with a regular file inside the content folder",
      "mdx-too-large": "split the chapter; MDX parsing time grows faster than its size",
      "too-deep": "flatten the structure; no content kind nests this deep",
      "too-deep.frontmatter": "flatten the frontmatter; a chapter's is a few plain keys",
      "too-many-items": "split the entry; no content kind needs this many",
      "too-many-keys": "split the entry; no content kind needs this many",
      "forbidden-key": "rename or remove the key",
      "string-too-long": "split the text or shorten it",
      "yaml-aliases": "write plain YAML frontmatter without aliases",
      "frontmatter-format": "write plain YAML frontmatter without aliases",
      unreadable: "make it readable (check its permissions) or remove it",
      "special-file": "replace it with a regular file; special files are never opened",
    },
  },
});
