// Entries and chapters as Markdown notes with links: shared by the Obsidian and Foundry exports
import type { Chapter, ContentGraph, Entry, ResolvedReference } from "@momenta/content";
import { formatPath } from "@momenta/content";

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
  const { reference, resolution } = use;
  const text = (
    reference.label ??
    (reference.parameter ? `${reference.target} (${reference.parameter})` : reference.target)
  ).replace(/[[\]|]/g, "");
  if (!resolution.ok) return text;
  return write(resolution.target, text, resolution.anchor ?? reference.anchor);
}

/** Field name as a label: `weightClass` → `Weight class`. */
export function fieldLabel(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[-_]/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

/** Fields shown as the note's own header, not in its body. */
const HEADER_FIELDS = new Set(["$schema", "id", "name", "aliases", "status", "missing", "source"]);

/**
 * An entry's fields as Markdown: each string with its `[[references]]` written by `write`, lists as bullets,
 * objects as labelled bullets.
 */
export function entryMarkdown(entry: Entry, write: LinkWriter): string {
  const byPath = new Map<string, ResolvedReference[]>();
  for (const use of entry.references) {
    const key = formatPath(use.path);
    const list = byPath.get(key);
    if (list) list.push(use);
    else byPath.set(key, [use]);
  }
  const string = (text: string, path: (string | number)[]) =>
    applyEdits(
      text,
      (byPath.get(formatPath(path)) ?? []).map((use) => ({
        start: use.start,
        end: use.end,
        text: linkOf(use, write),
      })),
    );
  const render = (value: unknown, path: (string | number)[], indent: string): string => {
    if (typeof value === "string") return string(value, path).replace(/\n/g, `\n${indent}  `);
    if (value === null || typeof value !== "object") return String(value);
    const items = Array.isArray(value)
      ? value.map((item, index) => [undefined, item, index] as const)
      : Object.entries(value).map(([key, item]) => [key, item, key] as const);
    return items
      .map(([key, item, step]) => {
        const inner = render(item, [...path, step], `${indent}  `);
        const label = key === undefined ? "" : `**${key}**: `;
        return typeof item === "object" && item !== null
          ? `\n${indent}- ${label.trimEnd()}${inner}`
          : `\n${indent}- ${label}${inner}`;
      })
      .join("");
  };
  const sections: string[] = [];
  if (entry.status === "incomplete" && entry.missing.length > 0)
    sections.push(`> Missing from the source: ${entry.missing.join("; ")}`);
  for (const [key, value] of Object.entries(entry.data)) {
    if (HEADER_FIELDS.has(key)) continue;
    const body = render(value, [key], "");
    sections.push(
      typeof value === "object" && value !== null
        ? `**${fieldLabel(key)}**${body}`
        : `**${fieldLabel(key)}**: ${body}`,
    );
  }
  return sections.join("\n\n");
}

/** How a chapter's MDX components read as plain Markdown. */
export interface ChapterBlocks {
  /** `<StatBlock id="…" />`: the entry's block (an embed, a link). */
  statBlock(target: Entry): string;
  /** `<EntryList kind="…" />`: the kind's entries. */
  entryList(kind: string, entries: readonly Entry[]): string;
}

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
        text = `> **Missing from the source:** ${attribute("name")}. ${attribute("note")}`.trimEnd();
      } else if (component.name === "ComputedTable") {
        text = `> **Computed table** (${attribute("table")}): computed from the rules, shown on the site at ${pageUrl}`;
      } else text = "";
      edits.push({ start, end, text });
      continue;
    }
    const title = WRAPPER_TITLES[component.name];
    const open = source.indexOf(">");
    const close = source.lastIndexOf("</");
    if (open < 0 || close < 0) continue;
    const heading = title ? `**${title}${attribute("title") ? `: ${attribute("title")}` : ""}**` : "";
    edits.push({ start, end: start + open + 1, text: heading });
    edits.push({ start: start + close, end, text: "" });
  }
  for (const use of chapter.references)
    edits.push({ start: use.start - offset, end: use.end - offset, text: linkOf(use, write) });
  return applyEdits(chapter.body, edits).trim();
}
