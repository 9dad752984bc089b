// Reference extraction for entry strings: `findReferences` from @momenta/schema, with each distinct `[[…]]` parsed once
import { parseReferenceBody, type Reference } from "@momenta/schema";

/**
 * The same reference text recurs across thousands of entries (260k references, ~30k distinct, in the 27k-entry
 * benchmark). Parsing each distinct body once and copying the result keeps the output identical to
 * `findReferences` while sharing the strings: `raw` is the graph's resolution key, and a shared, already hashed
 * string makes those lookups cheap.
 */
export class ReferenceFinder {
  private readonly parsed = new Map<string, Reference>();
  // the pattern of @momenta/schema's findReferences; references.test.ts holds the two to the same output
  private readonly pattern = /\[\[([^[\]\n]+?)\]\]/g;

  /** Every `[[…]]` reference in a prose string, with offsets into it, exactly as `findReferences` returns them. */
  find(text: string): Reference[] {
    const references: Reference[] = [];
    const pattern = this.pattern;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      const body = match[1] ?? "";
      let template = this.parsed.get(body);
      if (template === undefined) {
        template = parseReferenceBody(body, 0);
        this.parsed.set(body, template);
      }
      references.push({ ...template, start: match.index, end: match.index + template.raw.length });
    }
    return references;
  }
}
