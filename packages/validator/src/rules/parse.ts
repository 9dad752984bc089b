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
  },
});
