// Text edits the server proposes for a rename: the entry keeps its old name as an alias (references are rewritten with the validator's writeReference)
import type { Entry, SourceFile } from "@momenta/content";

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
