// An entry as one document (mdast): its fields as labelled paragraphs and lists, for every Markdown and journal target
import type { Chapter, Entry, ProseTrust, ResolvedReference } from "@momenta/content";
import { formatPath } from "@momenta/content";
import type { List, ListItem, Paragraph, PhrasingContent, RootContent } from "mdast";
import { proseBlocks, textNode } from "./markdown.ts";

/** How a target writes a link to an entry or chapter: a wikilink node, a Foundry `@UUID[…]{…}` text, … */
export type LinkNodeWriter = (
  target: Entry | Chapter,
  text: string,
  anchor: string | undefined,
) => PhrasingContent;

/** Field name as a label: `weightClass` → `Weight class`. */
export function fieldLabel(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1 $2").replace(/[-_]/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

/** The text a reference shows, as written (its label, or its target and parameter). */
export function referenceLabel(use: ResolvedReference): string {
  const { reference } = use;
  return (
    reference.label ??
    (reference.parameter ? `${reference.target} (${reference.parameter})` : reference.target)
  ).replace(/[[\]|]/g, "");
}

/** A reference as the document shows it: a link by `write` when it resolved, else the text it was written with. */
export function writeUse(
  use: ResolvedReference | undefined,
  raw: string,
  write: LinkNodeWriter,
): PhrasingContent {
  if (!use) return textNode(raw);
  const label = referenceLabel(use);
  return use.resolution.ok
    ? write(use.resolution.target, label, use.resolution.anchor ?? use.reference.anchor)
    : textNode(label);
}

/** Fields shown as a document's own header (title, properties), not in its body. */
export const HEADER_FIELDS: ReadonlySet<string> = new Set([
  "$schema",
  "id",
  "name",
  "aliases",
  "status",
  "missing",
  "source",
]);

const strong = (value: string): PhrasingContent => ({ type: "strong", children: [textNode(value)] });
const paragraph = (children: PhrasingContent[]): Paragraph => ({ type: "paragraph", children });

/**
 * An entry's body: a "missing from the source" note, then each field as `**Label**: text` (prose through the one
 * prose pipeline, its references written by `write`), lists as bullets and objects as labelled bullets. Trust is the
 * entry's (a pack's entry, or a core entry a pack patched, is untrusted): the serializer never sees raw markup of it.
 */
export function entryDocument(entry: Entry, write: LinkNodeWriter, trust: ProseTrust): RootContent[] {
  const byPath = new Map<string, Map<number, ResolvedReference>>();
  for (const use of entry.references) {
    const key = formatPath(use.path);
    const uses = byPath.get(key) ?? new Map<number, ResolvedReference>();
    byPath.set(key, uses);
    uses.set(use.start, use);
  }
  const prose = (text: string, path: (string | number)[]) =>
    proseBlocks(text, trust, (node) =>
      writeUse(byPath.get(formatPath(path))?.get(node.position?.start.offset ?? -1), node.raw, write),
    );
  /** A labelled value: the label, then the value on its line when it is one paragraph, else below it. */
  const labelled = (
    label: PhrasingContent[],
    value: unknown,
    path: (string | number)[],
    listColon = false,
  ): RootContent[] => {
    if (typeof value === "string") {
      const blocks = prose(value, path);
      const first = blocks[0];
      if (first?.type === "paragraph")
        return [paragraph([...label, textNode(": "), ...first.children]), ...blocks.slice(1)];
      return [paragraph(label), ...blocks];
    }
    if (value === null || typeof value !== "object") return [paragraph([...label, textNode(`: ${value}`)])];
    const head = listColon ? [...label, textNode(":")] : label;
    return [{ ...paragraph(head), data: { labelOfList: true } }, list(value, path)];
  };
  const list = (value: object, path: (string | number)[]): List => {
    const items = Array.isArray(value)
      ? value.map((item, index) => [undefined, item, index] as const)
      : Object.entries(value).map(([key, item]) => [key, item, key] as const);
    return {
      type: "list",
      ordered: false,
      spread: false,
      children: items.map(([key, item, step]): ListItem => {
        const at = [...path, step];
        const label = key === undefined ? [] : [strong(key)];
        let children: RootContent[];
        if (key !== undefined) children = labelled(label, item, at, true);
        else if (typeof item === "string") children = prose(item, at);
        else if (item === null || typeof item !== "object") children = [paragraph([textNode(String(item))])];
        else children = [list(item, at)];
        return { type: "listItem", spread: false, children: children as ListItem["children"] };
      }),
    };
  };
  const out: RootContent[] = [];
  if (entry.status === "incomplete" && entry.missing.length > 0)
    out.push({
      type: "blockquote",
      children: [paragraph([textNode(`Missing from the source: ${entry.missing.join("; ")}`)])],
    });
  for (const [key, value] of Object.entries(entry.data)) {
    if (HEADER_FIELDS.has(key)) continue;
    out.push(...labelled([strong(fieldLabel(key))], value, [key]));
  }
  return out;
}
