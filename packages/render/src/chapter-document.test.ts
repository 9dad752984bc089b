// A chapter as one document: its components become blocks whose attributes are text, its MDX code is dropped, never spliced
import type { Chapter, ContentGraph, Entry, ResolvedReference } from "@momenta/content";
import { parseProse } from "@momenta/content";
import type { Root } from "mdast";
import { toString as mdastText } from "mdast-util-to-string";
import { visit } from "unist-util-visit";
import { describe, expect, it } from "vitest";
import { type ChapterBlocks, chapterDocument } from "./chapter-document.ts";
import { textNode, toMarkdownText } from "./markdown.ts";

/** A chapter with the given body: a core one (MDX), or a pack's (Markdown) when `pack` is given. */
function chapterOf(body: string, pack?: string): Chapter {
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
    components: [],
    code: [],
    valid: true,
    ...(pack ? { pack } : {}),
  };
}

const dagger = { id: "weapon/dagger", kind: "weapon", name: "Dagger" } as Entry;
const graph = {
  get: (id: string) => (id === dagger.id ? dagger : undefined),
  byKind: (kind: string) => (kind === "weapon" ? [dagger] : []),
} as unknown as ContentGraph;
const blocks: ChapterBlocks = {
  statBlock: (entry) => [{ type: "paragraph", children: [textNode(`stat block of ${entry.name}`)] }],
  pageUrl: "/chapter/notes/",
};
const markdown = (chapter: Chapter) =>
  toMarkdownText({
    type: "root",
    children: chapterDocument(graph, chapter, (_target, text) => textNode(text), blocks, "core"),
  }).trim();

const HOSTILE = [
  "[x](javascript:alert(1))",
  "<img src=x onerror=alert(1)>",
  "<script>alert(1)</script>",
  "](data:text/html,<b>x</b>)",
  "![[Momenta]] and [[Hindered]]",
  "*emphasis* `code` _under_",
];

describe("chapterDocument's component notes", () => {
  it.each(HOSTILE)("write a note attribute as the text it is: %s", (note) => {
    const out = markdown(
      chapterOf(`<SourceNote note="${note}" />\n\n<MissingTable name="${note}" note="${note}" />\n`),
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
      chapterOf(
        [
          '<MissingTable name="Bond maneuvers" note="Names only: Stay With Me! (Bond 2)." />',
          '<MissingTable name="tag list" />',
          '<ComputedTable table="advancement-by-rank" />',
        ].join("\n\n"),
      ),
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

describe("chapterDocument's other components", () => {
  it("writes stat blocks by the target's blocks, entry lists as links by its writer, and an unknown id as its text", () => {
    const out = markdown(
      chapterOf(
        '<StatBlock id="weapon/dagger" />\n\n<StatBlock id="weapon/nothing" />\n\n<EntryList kind="weapon" />\n',
      ),
    );
    expect(out).toBe("stat block of Dagger\n\nweapon/nothing\n\n- Dagger");
  });

  it("gives a wrapper's title a paragraph of its own, whether or not a blank line follows the tag", () => {
    const out = markdown(
      chapterOf(
        '<Example title="The ambush">\n\nOne.\n\n</Example>\n\n<DesignNote>\nTwo.\n</DesignNote>\n\n<GMNote>\n\nThree.\n\n</GMNote>\n',
      ),
    );
    expect(out).toBe("**Example: The ambush**\n\nOne.\n\n**Design note**\n\nTwo.\n\n**GM note**\n\nThree.");
  });

  it("drops MDX code (imports, exports, expressions): no target shows or runs it", () => {
    const out = markdown(
      chapterOf(
        'import X from "./x.js"\n\nexport const y = 1\n\nBefore {1 + 1} after.\n\n{alert(1)}\n\nEnd.\n',
      ),
    );
    expect(out).toBe("Before  after.\n\nEnd.");
  });

  it("reads a pack's chapter as Markdown: what would be a component is untrusted text", () => {
    const out = toMarkdownText(
      {
        type: "root",
        children: chapterDocument(
          graph,
          chapterOf('<StatBlock id="weapon/dagger" />\n\n<script>alert(1)</script>\n', "ember-court"),
          (_target, text) => textNode(text),
          blocks,
          "untrusted",
        ),
      },
      "untrusted",
    );
    const tree = parseProse(out);
    const live: string[] = [];
    visit(tree, "html", (node) => {
      live.push(node.value);
    });
    expect(live).toEqual([]);
    expect(tree.children.map((block) => mdastText(block))).toEqual([
      '<StatBlock id="weapon/dagger" />',
      "<script>alert(1)</script>",
    ]);
  });

  it("shows a component written inside a paragraph as it shows on its own line, run into the text", () => {
    const out = markdown(
      chapterOf(
        'See <StatBlock id="weapon/dagger" /> here.\n\n<GMNote>Watch the clock.</GMNote>\n\nText <MissingTable name="Bond list" />\n',
      ),
    );
    expect(out).toBe(
      "See stat block of Dagger here.\n\n**GM note** Watch the clock.\n\nText **Missing from the source:** Bond list.",
    );
  });

  it("writes a component inside a wrapper", () => {
    const out = markdown(
      chapterOf('<Example title="x">\n\n<StatBlock id="weapon/dagger" />\n\n</Example>\n'),
    );
    expect(out).toBe("**Example: x**\n\nstat block of Dagger");
  });

  it("reads a chapter whose MDX does not parse (the loader reported it) as Markdown, losing none of its text", () => {
    expect(markdown(chapterOf("<Example>\n\nNever closed.\n"))).toBe("<Example>\n\nNever closed.");
  });

  it("keeps a pack's chapter untrusted even when a caller asks for core trust", () => {
    const out = toMarkdownText({
      type: "root",
      children: chapterDocument(
        graph,
        chapterOf("<img src=x onerror=alert(1)>\n", "ember-court"),
        (_target, text) => textNode(text),
        blocks,
        "core",
      ),
    });
    const html: string[] = [];
    visit(parseProse(out), "html", (node) => {
      html.push(node.value);
    });
    expect(html).toEqual([]);
  });
});

describe("chapterDocument's references", () => {
  /** A use of `[[raw]]` at `start` in the file, resolved to `target` or to nothing. */
  const use = (raw: string, start: number, target?: Entry): ResolvedReference => ({
    reference: { raw, target: raw.slice(2, -2), name: raw.slice(2, -2) },
    start,
    end: start + raw.length,
    path: [],
    resolution: target ? { ok: true, target } : { ok: false, reason: "missing", candidates: [] },
  });

  it("links each reference by its offset in the file (the body starts after the frontmatter)", () => {
    const body =
      'Use [[Dagger]] or [[Nothing]].\n\n<Example title="x">\n\nA [[Dagger]] again.\n\n</Example>\n';
    const bodyOffset = 40;
    const chapter: Chapter = {
      ...chapterOf(body),
      bodyOffset,
      references: [
        use("[[Dagger]]", bodyOffset + body.indexOf("[[Dagger]]"), dagger),
        use("[[Nothing]]", bodyOffset + body.indexOf("[[Nothing]]")),
        use("[[Dagger]]", bodyOffset + body.lastIndexOf("[[Dagger]]"), dagger),
      ],
    };
    const out = toMarkdownText({
      type: "root",
      children: chapterDocument(
        graph,
        chapter,
        (target, text) => ({ type: "wikiLink", target: target.id, text }),
        blocks,
        "core",
      ),
    }).trim();
    expect(out).toBe(
      "Use [[weapon/dagger|Dagger]] or Nothing.\n\n**Example: x**\n\nA [[weapon/dagger|Dagger]] again.",
    );
  });
});
