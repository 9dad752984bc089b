// Rule `mdx-code`: imports, exports and {expressions} in chapters — content is data, never executed
import { defineRule, docsUrl } from "@momenta/content";

const WHAT: Record<string, string> = {
  mdxjsEsm: "an `import`/`export` statement",
  mdxFlowExpression: "a `{…}` expression",
  mdxTextExpression: "a `{…}` expression",
  mdxJsxAttributeValueExpression: "an attribute `{…}` expression",
  mdxJsxExpressionAttribute: "a `{...spread}` attribute",
};

export const mdxCodeRule = defineRule({
  meta: {
    id: "mdx-code",
    description: "Chapters hold no MDX code (import, export, {expressions}); it would run at build time",
    defaultSeverity: "error",
    stage: "graph",
    docs: docsUrl("mdx-code"),
    messages: {
      code: "{what} is code; chapters are content and never run code",
    },
    help: {
      code: "write the text literally (escape `{` as `\\{`), or use a chapter component",
    },
  },
  check({ graph, report }) {
    for (const chapter of graph.chapters) {
      for (const use of chapter.code) {
        const source = graph.source(chapter.file)?.text.slice(use.start, use.end) ?? "";
        // `{/* … */}` is the MDX comment syntax: no code runs
        if (/^\{\s*\/\*[\s\S]*\*\/\s*\}$/.test(source)) continue;
        report({
          chapter,
          start: use.start,
          end: use.end,
          messageId: "code",
          data: { what: WHAT[use.type] ?? "code" },
        });
      }
    }
  },
});
