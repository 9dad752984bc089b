// Rule `encoding`: a byte order mark at the start of a file (tolerated, but other JSON tools reject it)
import { defineRule, docsUrl } from "../rule.ts";

export const encodingRule = defineRule({
  meta: {
    id: "encoding",
    description: "Content files are UTF-8 without a byte order mark",
    defaultSeverity: "warn",
    stage: "load",
    docs: docsUrl("encoding"),
    messages: {
      bom: "the file starts with a byte order mark",
    },
    help: {
      bom: "save the file as UTF-8 without a BOM",
    },
  },
});
