// Text edits the server proposes for a rename in the entry's own file: its new name (the old one kept as an alias) or one alias renamed
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
  const written = Array.isArray(entry.data.aliases) ? entry.data.aliases : undefined;
  if (written && written.length > 0 && !written.includes(newName) && !written.includes(entry.name)) {
    // the old name joins the array after its last item, spaced as the items already are: nothing reformatted
    const last = source.locate(["aliases", written.length - 1]);
    const before =
      written.length > 1
        ? source.text.slice(source.locate(["aliases", written.length - 2]).end, last.start)
        : `,${/^\[(\s*)/.exec(source.text.slice(source.locate(["aliases"]).start))?.[1] || " "}`;
    edits.push({ start: last.end, end: last.end, text: `${before}${JSON.stringify(entry.name)}` });
  } else if (written) {
    const at = source.locate(["aliases"]);
    edits.push({ start: at.start, end: at.end, text: JSON.stringify(aliases) });
  } else {
    const lineStart = source.text.lastIndexOf("\n", name.start) + 1;
    const indent = /^[ \t]*/.exec(source.text.slice(lineStart))?.[0] ?? "";
    edits.push({ start: name.end, end: name.end, text: `,\n${indent}"aliases": ${JSON.stringify(aliases)}` });
  }
  return edits;
}

/** The edit renaming one alias: that item of `aliases`, rewritten where it stands. */
export function renameAliasEdit(source: SourceFile, index: number, newName: string): OffsetEdit {
  const at = source.locate(["aliases", index]);
  return { start: at.start, end: at.end, text: JSON.stringify(newName) };
}
