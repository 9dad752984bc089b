// `momenta export --format obsidian`: a vault with one note per entry and chapter, YAML properties, [[wikilinks]]
import type { Chapter, ContentGraph, Entry } from "@momenta/content";
import {
  type ChapterBlocks,
  chapterDocument,
  entryDocument,
  type LinkNodeWriter,
  linksByItself,
  textNode,
  toMarkdownText,
  type WikiLinkNode,
} from "@momenta/render";
import { kindByName } from "@momenta/schema";
import type { RootContent } from "mdast";
import { stringify } from "yaml";

/** Characters Obsidian refuses in a note's file name or that break a wikilink. */
const UNSAFE = /[\\/:*?"<>|#^[\]]/g;

/** Most UTF-8 bytes of a note's name: 255 for a file name, less `.md` and a ` (99)` that tells two apart. */
const MAX_NOTE_NAME_BYTES = 240;

/** A name cut (at a character) to fit a note's file name, with `…` where it was cut. */
function fitName(name: string): string {
  if (Buffer.byteLength(name, "utf8") <= MAX_NOTE_NAME_BYTES) return name;
  const room = MAX_NOTE_NAME_BYTES - Buffer.byteLength("…", "utf8");
  let out = "";
  let bytes = 0;
  for (const character of name) {
    bytes += Buffer.byteLength(character, "utf8");
    if (bytes > room) break;
    out += character;
  }
  return `${out.trim()}…`;
}

/** A name as one segment of a note's path: no character Obsidian refuses, cut to fit a file name. */
const noteName = (name: string) =>
  fitName(name.replace(UNSAFE, "-").replace(/\s+/g, " ").trim()) || "Untitled";

/**
 * Note paths (without `.md`) for every entry and chapter: `Weapons/Dagger`, `Chapters/06 Momentum`. A pack's chapters
 * sit under their pack, `Homebrew/<pack name>/41 Title`, never beside the core book's.
 */
export function notePaths(
  graph: ContentGraph,
  packName: (id: string) => string | undefined = () => undefined,
): Map<string, string> {
  const paths = new Map<string, string>();
  const taken = new Set<string>();
  const claim = (id: string, folder: string, name: string) => {
    const base = `${folder}/${noteName(name)}`;
    let path = base;
    for (let n = 2; taken.has(path.toLowerCase()); n++) path = `${base} (${n})`;
    taken.add(path.toLowerCase());
    paths.set(id, path);
  };
  for (const chapter of graph.chapters) {
    const number = chapter.frontmatter.chapter ?? String(chapter.frontmatter.order).padStart(2, "0");
    const pack = packName(chapter.id);
    const folder = pack ? `Homebrew/${noteName(pack)}` : "Chapters";
    claim(chapter.id, folder, `${number} ${chapter.frontmatter.title}`);
  }
  const entries = [...graph.entries.values()].sort((a, b) => (a.id < b.id ? -1 : 1));
  for (const entry of entries) claim(entry.id, kindByName(entry.kind)?.plural ?? entry.kind, entry.name);
  return paths;
}

/** Obsidian reads `tags` as its own tags (no spaces allowed): a kind's `tags` field is written `momenta-tags`. */
const RENAMED: Record<string, string> = { tags: "momenta-tags" };

/** Whether any string inside a property value would be linked by Obsidian's Properties view. */
function linksInProperties(value: unknown): boolean {
  if (typeof value === "string") return linksByItself(value);
  if (Array.isArray(value)) return value.some(linksInProperties);
  if (value !== null && typeof value === "object") return Object.values(value).some(linksInProperties);
  return false;
}

/**
 * Properties: the entry's fields that hold no `[[reference]]` (those are in the note's text, as links). An untrusted
 * entry's (a pack's, or a house-ruled core one's) field that Obsidian's Properties view would link by itself (a bare
 * URL, an e-mail) is left to the note's text, which shows it as code; nothing is lost, since the text has every field.
 */
function properties(
  entry: Entry,
  pack: string | undefined,
  houseRules: string[] | undefined,
): Record<string, unknown> {
  const props: Record<string, unknown> = {
    id: entry.id,
    kind: entry.kind,
    aliases: entry.aliases,
    status: entry.status,
  };
  const untrusted = pack !== undefined || houseRules !== undefined;
  const shown = (value: unknown) => !(untrusted && linksInProperties(value));
  const missing = entry.missing.filter(shown);
  if (missing.length > 0) props.missing = missing;
  if (pack) props.homebrew = pack;
  if (houseRules) props["house-rule"] = houseRules;
  for (const [key, value] of Object.entries(entry.data)) {
    if (key === "$schema" || key in props || key === "name" || JSON.stringify(value).includes("[[")) continue;
    if (!shown(value)) continue;
    props[RENAMED[key] ?? key] = value;
  }
  return props;
}

const frontmatter = (props: Record<string, unknown>) => `---\n${stringify(props, { lineWidth: 0 })}---\n`;

/**
 * The vault, by file path: `Momenta.md` (an index), a note per chapter and per entry. Every `[[link]]` names a note
 * of the vault by its path (and a heading of it), so links resolve whatever notes share a name.
 */
export function obsidianVault(
  graph: ContentGraph,
  options: {
    pageUrl(id: string): string;
    packName?(id: string): string | undefined;
    houseRules?(id: string): string[] | undefined;
  },
): Map<string, string> {
  const paths = notePaths(graph, options.packName);
  const headingText = (target: Entry | Chapter, anchor: string | undefined) => {
    if (!anchor || target.kind !== "chapter") return "";
    const heading = (target as Chapter).headings.find((candidate) => candidate.slug === anchor);
    return heading ? `#${heading.text.replace(/[[\]|#^]/g, " ").trim()}` : "";
  };
  const wikiLink = (target: Entry | Chapter, text: string, anchor?: string): WikiLinkNode => ({
    type: "wikiLink",
    target: `${paths.get(target.id)}${headingText(target, anchor)}`,
    text,
  });
  const linkNode: LinkNodeWriter = wikiLink;
  const wikiText = (node: WikiLinkNode) =>
    toMarkdownText({ type: "root", children: [{ type: "paragraph", children: [node] }] }).trimEnd();
  /** The note's title and its provenance line, escaped by the serializer like every text of the note. */
  const head = (title: string, id: string): RootContent[] => {
    const pack = options.packName?.(id);
    const rules = options.houseRules?.(id);
    const line = pack ? `Homebrew · ${pack}` : rules ? `House rule · ${rules.join(", ")}` : undefined;
    return [
      { type: "heading", depth: 1, children: [textNode(title)] },
      ...(line
        ? [
            {
              type: "blockquote",
              children: [{ type: "paragraph", children: [textNode(line)] }],
            } as RootContent,
          ]
        : []),
    ];
  };
  const trustOf = (id: string) => (options.packName?.(id) || options.houseRules?.(id) ? "untrusted" : "core");
  const files = new Map<string, string>();
  for (const chapter of graph.chapters) {
    const { id, title, summary } = chapter.frontmatter as { id: string; title: string; summary?: string };
    const pack = options.packName?.(chapter.id);
    // a chapter is its tree (a pack's is untrusted prose), serialized like an entry's, never its source spliced in
    const blocks: ChapterBlocks = {
      statBlock: (entry) => [{ type: "paragraph", children: [{ ...wikiLink(entry, ""), embed: true }] }],
      pageUrl: options.pageUrl(chapter.id),
    };
    const trust = trustOf(chapter.id);
    const body = toMarkdownText(
      { type: "root", children: chapterDocument(graph, chapter, linkNode, blocks, trust) },
      trust,
    ).trim();
    files.set(
      `${paths.get(chapter.id)}.md`,
      `${frontmatter({ id, kind: "chapter", title, ...(summary ? { summary } : {}), ...(pack ? { homebrew: pack } : {}) })}\n${toMarkdownText({ type: "root", children: head(title, chapter.id) }, trustOf(chapter.id))}\n${body}\n`,
    );
  }
  for (const entry of graph.entries.values()) {
    const document = [...head(entry.name, entry.id), ...entryDocument(entry, linkNode, trustOf(entry.id))];
    files.set(
      `${paths.get(entry.id)}.md`,
      `${frontmatter(properties(entry, options.packName?.(entry.id), options.houseRules?.(entry.id)))}\n${toMarkdownText({ type: "root", children: document }, trustOf(entry.id))}`,
    );
  }
  const index = ["# Momenta", "", "## Chapters", ""];
  // the core book's chapters, then each pack's under a heading that names it (escaped as any text of the note)
  const byPack = new Map<string | undefined, Chapter[]>();
  for (const chapter of graph.chapters) {
    const pack = options.packName?.(chapter.id);
    byPack.set(pack, [...(byPack.get(pack) ?? []), chapter]);
  }
  for (const [pack, chapters] of [...byPack].sort(([a], [b]) =>
    a === undefined ? -1 : b === undefined ? 1 : 0,
  )) {
    if (pack !== undefined)
      index.push(
        "",
        toMarkdownText(
          {
            type: "root",
            children: [{ type: "heading", depth: 2, children: [textNode(`Homebrew · ${pack}`)] }],
          },
          "untrusted",
        ).trim(),
        "",
      );
    for (const chapter of chapters) index.push(`- ${wikiText(wikiLink(chapter, chapter.frontmatter.title))}`);
  }
  const kinds = [...new Set([...graph.entries.values()].map((entry) => entry.kind))].sort();
  for (const kind of kinds) {
    index.push("", `## ${kindByName(kind)?.plural ?? kind}`, "");
    for (const entry of graph.byKind(kind)) index.push(`- ${wikiText(wikiLink(entry, entry.name))}`);
  }
  files.set("Momenta.md", `${index.join("\n")}\n`);
  return files;
}
