// Text edits the server proposes: a reference with another name or kind, and a renamed entry keeping its old name
import type { Entry, ReferenceText, SourceFile } from "@momenta/validator";

/** `[[kind:Name N (Parameter)#anchor|label]]` with the name (or kind) replaced and every other part kept. */
export function rewriteReference(
  reference: ReferenceText,
  change: { name?: string; kind?: string | undefined },
): string {
  const kind = "kind" in change ? change.kind : reference.kind;
  const name = change.name ?? reference.name;
  return `[[${kind ? `${kind}:` : ""}${name}${reference.count !== undefined ? ` ${reference.count}` : ""}${
    reference.parameter !== undefined ? ` (${reference.parameter})` : ""
  }${reference.anchor !== undefined ? `#${reference.anchor}` : ""}${
    reference.label !== undefined ? `|${reference.label}` : ""
  }]]`;
}

/** One replacement in a file, by offsets into its text. */
export interface OffsetEdit {
  start: number;
  end: number;
  text: string;
}

/**
 * The entry file's edits for a rename: the new `name`, and the old name added to `aliases` (created after
 * `name` when the entry has none) so references and links to the old name still resolve.
 */
export function renameEntryEdits(entry: Entry, source: SourceFile, newName: string): OffsetEdit[] {
  const name = source.locate(["name"]);
  const edits: OffsetEdit[] = [{ start: name.start, end: name.end, text: JSON.stringify(newName) }];
  const aliases = entry.aliases.filter((alias) => alias !== newName);
  if (!aliases.includes(entry.name)) aliases.push(entry.name);
  if (Array.isArray(entry.data.aliases)) {
    const at = source.locate(["aliases"]);
    edits.push({ start: at.start, end: at.end, text: JSON.stringify(aliases) });
  } else {
    const lineStart = source.text.lastIndexOf("\n", name.start) + 1;
    const indent = /^[ \t]*/.exec(source.text.slice(lineStart))?.[0] ?? "";
    edits.push({ start: name.end, end: name.end, text: `,\n${indent}"aliases": ${JSON.stringify(aliases)}` });
  }
  return edits;
}
