// A chapter as one document (mdast): its prose, its components as blocks and its references as links, for every Markdown and journal target
import type { Chapter, ContentGraph, Entry, ProseTrust } from "@momenta/content";
import { parseChapterMdx, parseProse } from "@momenta/content";
import type { Paragraph, PhrasingContent, Root, RootContent } from "mdast";
import { visit } from "unist-util-visit";
import { type LinkNodeWriter, writeUse } from "./entry-document.ts";
import { cleanProse, textNode } from "./markdown.ts";

/** How a target shows what a chapter's components stand for that is the target's own: a stat block (an embed, …). */
export interface ChapterBlocks {
  /** `<StatBlock id="…" />`: the entry's block. */
  statBlock(target: Entry): RootContent[];
  /** The site page of the chapter, which shows its computed tables. */
  pageUrl: string;
}

/** The parts of an MDX JSX node this reads (its full type lives in mdast-util-mdx-jsx). */
interface JsxNode {
  type: "mdxJsxFlowElement" | "mdxJsxTextElement";
  name: string | null;
  attributes: { type: string; name?: string; value?: unknown }[];
  children: RootContent[];
}

/** MDX code (imports, exports, `{expressions}`): the linter reports it, nothing runs it, no target shows it. */
const CODE = new Set(["mdxjsEsm", "mdxFlowExpression", "mdxTextExpression"]);

/** The title a wrapper component shows above its content: `Example: The ambush`. */
const WRAPPER_TITLES: Record<string, string> = {
  Example: "Example",
  DesignNote: "Design note",
  GMNote: "GM note",
};

const strong = (value: string): PhrasingContent => ({ type: "strong", children: [textNode(value)] });
const paragraph = (children: PhrasingContent[]): Paragraph => ({ type: "paragraph", children });

/** A component's note, `> **Label** text`: its attributes are text, whatever Markdown or HTML they hold. */
const labelled = (label: string, text: string): RootContent => ({
  type: "blockquote",
  children: [paragraph([strong(label), textNode(text)])],
});

/** What one component of a core chapter becomes: blocks by `blocks`, notes as labelled quotes, wrappers their content. */
function componentBlocks(
  graph: ContentGraph,
  node: JsxNode,
  blocks: ChapterBlocks,
  write: LinkNodeWriter,
): RootContent[] {
  const attribute = (name: string) => {
    const found = node.attributes.find(
      (candidate) => candidate.type === "mdxJsxAttribute" && candidate.name === name,
    );
    return typeof found?.value === "string" ? found.value : "";
  };
  switch (node.name) {
    case "StatBlock": {
      const target = graph.get(attribute("id"));
      return target && target.kind !== "chapter"
        ? blocks.statBlock(target as Entry)
        : [paragraph([textNode(attribute("id"))])];
    }
    case "EntryList":
      // the kind's entries, each a link by the target's writer
      return [
        {
          type: "list",
          ordered: false,
          spread: false,
          children: graph.byKind(attribute("kind")).map((entry) => ({
            type: "listItem",
            spread: false,
            children: [paragraph([write(entry, entry.name, undefined)])],
          })),
        },
      ];
    case "MissingTable": {
      const note = attribute("note");
      return [labelled("Missing from the source:", ` ${attribute("name")}.${note ? ` ${note}` : ""}`)];
    }
    case "SourceNote":
      return [labelled("Note on the source:", ` ${attribute("note")}`)];
    case "ComputedTable":
      return [
        labelled(
          "Computed table",
          ` (${attribute("table")}): computed from the rules, shown on the site at ${blocks.pageUrl}`,
        ),
      ];
  }
  const title = WRAPPER_TITLES[node.name ?? ""];
  const heading = title
    ? [paragraph([strong(`${title}${attribute("title") ? `: ${attribute("title")}` : ""}`)])]
    : [];
  return [...heading, ...node.children];
}

/**
 * A chapter as one document. A core chapter is MDX: its components become blocks (`blocks` writes stat blocks;
 * entry lists are lists of links by `write`; missing and computed tables are labelled notes; examples and notes are
 * their content under a bold title) and its code is dropped, never run. A pack's chapter is plain Markdown (the loader keeps no components or
 * code of it), untrusted prose like an entry's field. Either way the tree is cleaned by the one prose pipeline at the
 * chapter's trust and its references are written by `write`; no target splices the source as written.
 */
export function chapterDocument(
  graph: ContentGraph,
  chapter: Chapter,
  write: LinkNodeWriter,
  blocks: ChapterBlocks,
  requested: ProseTrust,
): RootContent[] {
  // a pack's chapter is untrusted whatever the caller asks: its text is the pack author's
  const trust: ProseTrust = chapter.pack ? "untrusted" : requested;
  const tree: Root = chapter.pack ? parseProse(chapter.body) : coreTree(chapter.body);
  if (!chapter.pack)
    visit(tree, (node, index, parent) => {
      if (!parent || index === undefined) return;
      const type = node.type as string;
      if (CODE.has(type)) {
        parent.children.splice(index, 1);
        return index;
      }
      if (type === "mdxJsxFlowElement" || type === "mdxJsxTextElement") {
        const made = componentBlocks(graph, node as unknown as JsxNode, blocks, write);
        // a component inside a paragraph (none in the book today, none forbidden) shows the same, run in
        const replaced = type === "mdxJsxTextElement" ? runIn(made) : made;
        parent.children.splice(index, 1, ...(replaced as never[]));
        return index;
      }
    });
  const uses = new Map(chapter.references.map((use) => [use.start - chapter.bodyOffset, use]));
  return cleanProse(tree, trust, (node) =>
    writeUse(uses.get(node.position?.start.offset ?? -1), node.raw, write),
  );
}

/** Blocks as one run of phrasing (a paragraph's, a quote's, a list's items), a space between each two; inline nodes stay. */
function runIn(nodes: readonly RootContent[]): PhrasingContent[] {
  const out: PhrasingContent[] = [];
  for (const node of nodes) {
    const inner: PhrasingContent[] =
      node.type === "paragraph" || node.type === "heading"
        ? node.children
        : node.type === "blockquote" || node.type === "list" || node.type === "listItem"
          ? runIn(node.children)
          : [node as PhrasingContent];
    if (inner.length === 0) continue;
    if (out.length > 0) out.push(textNode(" "));
    out.push(...inner);
  }
  return out;
}

/** A core chapter's tree; one whose MDX does not parse (the loader reported it) is read as Markdown, as its references are. */
function coreTree(body: string): Root {
  try {
    return parseChapterMdx(body);
  } catch {
    return parseProse(body);
  }
}
