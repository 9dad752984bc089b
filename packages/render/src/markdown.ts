// The render layer's Markdown serializer: a note is an mdast tree, written once by mdast-util-to-markdown, which escapes
import {
  applyUrlPolicy,
  type ProseTrust,
  parseProse,
  type ReferenceNode,
  SELF_LINKING,
  selfLink,
} from "@momenta/content";
import type { Code, InlineCode, PhrasingContent, Root, RootContent, Text } from "mdast";
import { findAndReplace } from "mdast-util-find-and-replace";
import { gfmToMarkdown } from "mdast-util-gfm";
import { defaultHandlers, type Options, toMarkdown } from "mdast-util-to-markdown";
import type { Node } from "unist";
import { visit } from "unist-util-visit";

/**
 * An Obsidian wikilink, `[[Weapons/Dagger|Dagger]]` (`![[…]]` when embedded): the one node whose text the serializer
 * writes without Markdown escaping, so its parts are cleaned of what could end it or become markup.
 */
export interface WikiLinkNode extends Node {
  type: "wikiLink";
  /** The note's path, and `#Heading` when it points into one. */
  target: string;
  /** The text shown; empty for an embed. */
  text: string;
  embed?: boolean;
}

declare module "mdast" {
  interface ParagraphData {
    /** The paragraph is a label (`**Tags**`) of the list that follows it. */
    labelOfList?: boolean;
  }
  interface PhrasingContentMap {
    wikiLink: WikiLinkNode;
  }
  interface RootContentMap {
    wikiLink: WikiLinkNode;
  }
}

/** What may not stand inside a wikilink's part: its own delimiters, markup openers and line breaks. */
const WIKILINK_UNSAFE = /[[\]|<>`\r\n\u2028\u2029]/g;

/** A string fit for one part of a wikilink: no `[`, `]`, `|`, `<`, `>`, backtick or line break, spaces folded. */
export const wikiLinkPart = (value: string) =>
  value.replace(WIKILINK_UNSAFE, " ").replace(/\s+/g, " ").trim();

const OPTIONS: Options = {
  bullet: "-",
  emphasis: "*",
  strong: "*",
  fence: "`",
  rule: "-",
  listItemIndent: "one",
  // a label's own line sits right above its list (`**Tags**` then `- Melee 2`): a list may interrupt a paragraph
  join: [
    (left, right) =>
      left.type === "paragraph" && left.data?.labelOfList && right.type === "list" ? 0 : undefined,
  ],
  extensions: [
    gfmToMarkdown(),
    {
      handlers: {
        wikiLink: (node: WikiLinkNode) => {
          const text = wikiLinkPart(node.text);
          return `${node.embed ? "!" : ""}[[${wikiLinkPart(node.target)}${text ? `|${text}` : ""}]]`;
        },
        // a reference the composer did not resolve is shown as the text it was written with
        reference: (node: ReferenceNode, _parent, state, info) => state.safe(node.raw, info),
      },
    },
  ],
};

/**
 * What Obsidian (or a popular plugin of it) reads in untrusted text as more than text: `$…$` math (MathJax, with its
 * `\href`), `%%` comments that hide what the linter and the site show, and Templater's `<% … %>`, which runs code
 * when a note is created. Each such character is written as a character reference, which those readers never match
 * (they scan the Markdown source) and which shows as the character.
 */
const OBSIDIAN_UNSAFE: NonNullable<Options["unsafe"]> = [
  { character: "$", inConstruct: "phrasing" },
  { character: "%", after: "%", inConstruct: "phrasing" },
  { character: "<", after: "%", inConstruct: "phrasing" },
];
const OBSIDIAN_ENCODE = ["$", "%", "<"];

/** Dataview's inline queries: code that starts with `=` (a query) or `$=` (JavaScript) is run, not shown. */
const INLINE_QUERY = /^\s*\$?=/;

const UNTRUSTED_OPTIONS: Options = {
  ...OPTIONS,
  unsafe: OBSIDIAN_UNSAFE,
  extensions: [
    ...(OPTIONS.extensions ?? []),
    {
      handlers: {
        text: (node: Text, parent, state, info) => {
          const siblings = parent ? (parent.children as RootContent[]) : [];
          const index = state.indexStack[state.indexStack.length - 1] ?? -1;
          return state.safe(node.value, {
            ...info,
            encode: OBSIDIAN_ENCODE,
            afterNode: siblings[index + 1],
            beforeNode: siblings[index - 1],
          });
        },
        // a fence's language picks the plugin that runs it (`dataviewjs`, `query`, `mermaid`): untrusted code has none
        code: (node: Code, parent, state, info) =>
          defaultHandlers.code({ ...node, lang: null, meta: null }, parent, state, info),
        inlineCode: (node: InlineCode, parent, state, info) =>
          INLINE_QUERY.test(node.value)
            ? state.safe(node.value, { ...info, encode: OBSIDIAN_ENCODE })
            : defaultHandlers.inlineCode(node, parent, state),
      },
    },
  ],
};

/**
 * Whether a reader such as Obsidian would link this text by itself, wherever it stands (a bare URL or e-mail, a
 * `[[wikilink]]`, a Markdown link): its Properties view does so for property values, which no escape can stop.
 */
export function linksByItself(text: string): boolean {
  return selfLink(text) !== undefined || text.includes("[[") || text.includes("](");
}

/**
 * A document as Markdown text, every text node escaped for where it stands. In untrusted text, what a reader would
 * link by itself is written as code, so the note links out nowhere (the URL policy already took its links).
 */
export function toMarkdownText(tree: Root, trust: ProseTrust = "core"): string {
  if (trust === "untrusted")
    findAndReplace(tree, [[SELF_LINKING, (value: string) => ({ type: "inlineCode", value })]], {
      ignore: ["inlineCode", "code"],
    });
  return toMarkdown(tree, trust === "untrusted" ? UNTRUSTED_OPTIONS : OPTIONS);
}

/** A plain string (a name, a title, a label) as Markdown text: it is text, whatever markup it holds. */
export const textNode = (value: string): Text => ({ type: "text", value });

/** How a composer turns one `[[reference]]` of a field into Markdown (a wikilink, a Foundry `@UUID` text, …). */
export type ReferenceWriter = (node: ReferenceNode) => PhrasingContent;

/**
 * One prose string (an entry field) as mdast blocks, parsed by the one prose pipeline. Its references are written by
 * `write`. Untrusted prose keeps none of what Markdown could run or fetch: raw HTML becomes its text, images their
 * alt text, and links the URL policy refuses their text.
 */
export function proseBlocks(text: string, trust: ProseTrust, write: ReferenceWriter): RootContent[] {
  return cleanProse(parseProse(text), trust, write);
}

/** A parsed prose tree's blocks, cleaned as `proseBlocks` cleans them (a chapter's tree is parsed on its own). */
export function cleanProse(tree: Root, trust: ProseTrust, write: ReferenceWriter): RootContent[] {
  visit(tree, (node, index, parent) => {
    if (!parent || index === undefined) return;
    if (node.type === "reference") {
      parent.children.splice(index, 1, write(node) as never);
      return index + 1;
    }
    if (trust === "untrusted" && node.type === "html") {
      // raw HTML is shown as the text it is; a block of it stays a block (a paragraph of that text)
      const block = parent.type === "root" || parent.type === "blockquote" || parent.type === "listItem";
      const shown = textNode(node.value);
      parent.children.splice(index, 1, (block ? { type: "paragraph", children: [shown] } : shown) as never);
      return index + 1;
    }
    if (node.type === "image" || node.type === "imageReference") {
      parent.children.splice(index, 1, ...((node.alt ? [textNode(node.alt)] : []) as never[]));
      return index;
    }
  });
  applyUrlPolicy(tree, trust);
  return tree.children;
}

/** Blocks that are one paragraph → its inline content, to follow a label on its line; otherwise undefined. */
export function asInline(blocks: RootContent[]): PhrasingContent[] | undefined {
  const only = blocks[0];
  return blocks.length === 1 && only?.type === "paragraph" ? only.children : undefined;
}
