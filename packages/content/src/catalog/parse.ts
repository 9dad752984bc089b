// Rule `parse`: JSON, YAML frontmatter and MDX that cannot be read, reported where they break
import { defineRule, docsUrl } from "../rule.ts";

export const parseRule = defineRule({
  meta: {
    id: "parse",
    description: "Content files must be well-formed UTF-8 JSON or MDX with YAML frontmatter",
    defaultSeverity: "error",
    stage: "load",
    docs: docsUrl("parse"),
    messages: {
      syntax: "invalid JSON: {detail}",
      empty: "the file is empty",
      "duplicate-key": "duplicate key `{key}`: JSON keeps only one of them",
      utf8: "the file is not valid UTF-8",
      yaml: "invalid YAML frontmatter: {detail}",
      "frontmatter-missing": "the chapter has no YAML frontmatter",
      "frontmatter-unclosed": "the frontmatter is not closed by a `---` line",
      mdx: "invalid MDX: {detail}",
      "line-endings":
        "the chapter's lines end with a lone carriage return (`\\r`); only LF and CRLF line endings are read",
      "not-object": "a content file must hold one JSON object, found {type}",
    },
    help: {
      syntax: "fix the JSON syntax; the rest of this file is not checked until it parses",
      empty: "write the entry's JSON object or delete the file",
      "duplicate-key": "keep one of them",
      utf8: "re-save the file as UTF-8 (the first bad byte is at byte {byte})",
      yaml: "fix the YAML between the `---` lines (quote a value that holds `:`, `#`, `[` or `{`); the chapter is not checked until it parses",
      "frontmatter-missing":
        "start the file with a `---` line, the chapter's fields (`title` and the rest, as any chapter under content/rules/ has them) and a closing `---` line",
      "frontmatter-unclosed": "add a `---` line after the frontmatter's last field",
      mdx: "close every JSX tag and escape literal `{`, `}` and `<` as `\\{`, `\\}` and `&lt;`",
      "line-endings": "save the file with LF (or CRLF) line endings",
      "not-object": "an entry file holds exactly one object with `id`, `name`, `source` and `status`",
    },
  },
});
