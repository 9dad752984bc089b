// A chapter's component notes in the Markdown exports: their attributes are text, escaped by the render layer once
import type { Chapter, ComponentUse, ContentGraph } from "@momenta/content";
import { parseProse } from "@momenta/content";
import type { Root } from "mdast";
import { toString as mdastText } from "mdast-util-to-string";
import { visit } from "unist-util-visit";
import { describe, expect, it } from "vitest";
import { chapterMarkdown } from "./notes.ts";

/** A chapter whose body is the given components, one per paragraph, each with the given attributes. */
function chapterOf(uses: { name: string; attributes: Record<string, string> }[]): Chapter {
  let body = "";
  const components: ComponentUse[] = [];
  for (const use of uses) {
    const source = `<${use.name} ${Object.keys(use.attributes)
      .map((key) => `${key}="…"`)
      .join(" ")} />`;
    components.push({
      ...use,
      expressionAttributes: [],
      start: body.length,
      end: body.length + source.length,
    });
    body += `${source}\n\n`;
  }
  return {
    id: "chapter/notes",
    kind: "chapter",
    frontmatter: { id: "chapter/notes", title: "Notes", order: 0, summary: "x" } as Chapter["frontmatter"],
    body,
    bodyOffset: 0,
    file: "content/rules/99-notes.mdx",
    headings: [],
    headingRanges: [],
    references: [],
    components,
    code: [],
    valid: true,
  };
}

const graph = { get: () => undefined, byKind: () => [] } as unknown as ContentGraph;
const markdown = (chapter: Chapter) =>
  chapterMarkdown(graph, chapter, () => "", { statBlock: () => "", entryList: () => "" }, "/chapter/notes/");

const HOSTILE = [
  "[x](javascript:alert(1))",
  "<img src=x onerror=alert(1)>",
  "<script>alert(1)</script>",
  "](data:text/html,<b>x</b>)",
  "![[Momenta]] and [[Hindered]]",
  "*emphasis* `code` _under_",
];

describe("chapterMarkdown's component notes", () => {
  it.each(HOSTILE)("write a note attribute as the text it is: %s", (note) => {
    const out = markdown(
      chapterOf([
        { name: "SourceNote", attributes: { note } },
        { name: "MissingTable", attributes: { name: note, note } },
      ]),
    );
    const tree: Root = parseProse(out);
    const live: string[] = [];
    visit(tree, (node) => {
      if (["html", "link", "image", "definition", "emphasis", "inlineCode", "reference"].includes(node.type))
        live.push(node.type);
    });
    expect(live).toEqual([]);
    // what a reader sees is the label and the attribute, character for character
    expect(tree.children.map((block) => mdastText(block))).toEqual([
      `Note on the source: ${note}`,
      `Missing from the source: ${note}. ${note}`,
    ]);
  });

  it("keeps the core book's notes as they were written: plain words need no escape", () => {
    const out = markdown(
      chapterOf([
        {
          name: "MissingTable",
          attributes: { name: "Bond maneuvers", note: "Names only: Stay With Me! (Bond 2)." },
        },
        { name: "MissingTable", attributes: { name: "tag list" } },
        { name: "ComputedTable", attributes: { table: "advancement-by-rank" } },
      ]),
    );
    expect(out).toBe(
      [
        "> **Missing from the source:** Bond maneuvers. Names only: Stay With Me! (Bond 2).",
        "> **Missing from the source:** tag list.",
        "> **Computed table** (advancement-by-rank): computed from the rules, shown on the site at /chapter/notes/",
      ].join("\n\n"),
    );
  });
});
