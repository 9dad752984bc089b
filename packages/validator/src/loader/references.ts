// Reference extraction for entry strings: `findReferences` from @momenta/schema, with each distinct `[[…]]` parsed once
import { parseReferenceBody } from "@momenta/schema";
import type { ReferenceText } from "../model.ts";

/** The parse of a reference body without its offsets, frozen because every use of the same text shares it. */
export function referenceText(body: string): ReferenceText {
  const { start: _start, end: _end, ...text } = parseReferenceBody(body, 0);
  return Object.freeze(text);
}

/**
 * The same reference text recurs across thousands of entries (260k references, ~30k distinct, in the 27k-entry
 * benchmark). Each distinct body is parsed once and its `ReferenceText` shared: `raw` is the graph's resolution
 * key, and a shared, already hashed string makes those lookups cheap.
 */
export class ReferenceFinder {
  private readonly parsed = new Map<string, ReferenceText>();
  // the pattern of @momenta/schema's findReferences; references.test.ts holds the two to the same output
  private readonly pattern = /\[\[([^[\]\n]+?)\]\]/g;

  /** Calls `visit` for every `[[…]]` in a prose string, in order, with its offsets: the uses `findReferences` finds. */
  forEach(text: string, visit: (reference: ReferenceText, start: number, end: number) => void): void {
    const pattern = this.pattern;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      const body = match[1] ?? "";
      let reference = this.parsed.get(body);
      if (reference === undefined) {
        reference = referenceText(body);
        this.parsed.set(body, reference);
      }
      visit(reference, match.index, match.index + reference.raw.length);
    }
  }
}
