// Chapters as Markdown with links, shared by the Obsidian and Foundry exports (entries are @momenta/render documents)
import type { Chapter, ContentGraph, Entry, ResolvedReference } from "@momenta/content";
import { referenceLabel, textNode, toMarkdownText } from "@momenta/render";
import type { PhrasingContent, RootContent } from "mdast";

/** How an export writes a link to a target: `[[Weapons/Dagger|Dagger]]`, `@UUID[…]{Dagger}`, … */
export type LinkWriter = (target: Entry | Chapter, text: string, anchor: string | undefined) => string;

/** One replacement in a text: the range `[start, end)` becomes `text`. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

function applyEdits(text: string, edits: Edit[]): string {
  let out = "";
  let at = 0;
  for (const edit of [...edits].sort((a, b) => a.start - b.start)) {
    if (edit.start < at) continue; // inside an earlier replacement
    out += text.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + text.slice(at);
}

/** The text a reference shows, as written; unresolved references stay their text, never a dead link. */
function linkOf(use: ResolvedReference, write: LinkWriter): string {
  const text = referenceLabel(use);
  if (!use.resolution.ok) return text;
  return write(use.resolution.target, text, use.resolution.anchor ?? use.reference.anchor);
}

/** How a chapter's MDX components read as plain Markdown. */
export interface ChapterBlocks {
  /** `<StatBlock id="…" />`: the entry's block (an embed, a link). */
  statBlock(target: Entry): string;
  /** `<EntryList kind="…" />`: the kind's entries. */
  entryList(kind: string, entries: readonly Entry[]): string;
}

/** One paragraph as Markdown, its every text escaped by the render layer's serializer. */
const paragraphText = (children: PhrasingContent[], quoted: boolean) => {
  const paragraph: RootContent = { type: "paragraph", children };
  const block: RootContent = quoted ? { type: "blockquote", children: [paragraph] } : paragraph;
  return toMarkdownText({ type: "root", children: [block] }).trimEnd();
};

/**
 * A component's note, `> **Label** text`: its attributes are text, whatever Markdown or HTML they hold, so they are
 * text nodes of the tree the serializer writes, never spliced in as written.
 */
const labelled = (label: string, text: string) =>
  paragraphText([{ type: "strong", children: [textNode(label)] }, textNode(text)], true);

/** A wrapper's title, `**Example: The ambush**`. */
const strongLine = (text: string) => paragraphText([{ type: "strong", children: [textNode(text)] }], false);

const WRAPPER_TITLES: Record<string, string> = {
  Example: "Example",
  DesignNote: "Design note",
  GMNote: "GM note",
};

/**
 * A chapter's text as Markdown: references written by `write`, stat blocks and entry lists by `blocks`, missing
 * tables marked missing, computed tables labelled computed (with the site page that shows them), and the opening
 * and closing tags of notes and examples as bold labels.
 */
export function chapterMarkdown(
  graph: ContentGraph,
  chapter: Chapter,
  write: LinkWriter,
  blocks: ChapterBlocks,
  pageUrl: string,
): string {
  const offset = chapter.bodyOffset;
  const edits: Edit[] = [];
  for (const component of chapter.components) {
    const start = component.start - offset;
    const end = component.end - offset;
    const source = chapter.body.slice(start, end);
    const attribute = (name: string) => component.attributes[name] ?? "";
    if (source.endsWith("/>")) {
      let text: string;
      if (component.name === "StatBlock") {
        const target = graph.get(attribute("id"));
        text = target && target.kind !== "chapter" ? blocks.statBlock(target as Entry) : attribute("id");
      } else if (component.name === "EntryList") {
        text = blocks.entryList(attribute("kind"), graph.byKind(attribute("kind")));
      } else if (component.name === "MissingTable") {
        const note = attribute("note");
        text = labelled("Missing from the source:", ` ${attribute("name")}.${note ? ` ${note}` : ""}`);
      } else if (component.name === "SourceNote") {
        text = labelled("Note on the source:", ` ${attribute("note")}`);
      } else if (component.name === "ComputedTable") {
        text = labelled(
          "Computed table",
          ` (${attribute("table")}): computed from the rules, shown on the site at ${pageUrl}`,
        );
      } else text = "";
      edits.push({ start, end, text });
      continue;
    }
    const title = WRAPPER_TITLES[component.name];
    const open = source.indexOf(">");
    const close = source.lastIndexOf("</");
    if (open < 0 || close < 0) continue;
    const heading = title ? strongLine(`${title}${attribute("title") ? `: ${attribute("title")}` : ""}`) : "";
    edits.push({ start, end: start + open + 1, text: heading });
    edits.push({ start: start + close, end, text: "" });
  }
  for (const use of chapter.references)
    edits.push({ start: use.start - offset, end: use.end - offset, text: linkOf(use, write) });
  return applyEdits(chapter.body, edits).trim();
}
