// ReferenceFinder must return exactly what @momenta/schema's findReferences returns, shared strings or not
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Reference } from "@momenta/schema";
import { findReferences } from "@momenta/schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forEachStringWith } from "../source/json.ts";
import { ReferenceFinder } from "./references.ts";

/** The finder's uses as `findReferences` shapes them: the shared text with this use's offsets. */
function found(finder: ReferenceFinder, text: string): Reference[] {
  const out: Reference[] = [];
  finder.forEach(text, (reference, start, end) => {
    const { raw, ...rest } = reference;
    out.push({ raw, start, end, ...rest });
  });
  return out;
}

const CONTENT = join(import.meta.dirname, "../../../../content");

describe("ReferenceFinder", () => {
  it("matches findReferences on every string of the real content, key order included", () => {
    const finder = new ReferenceFinder();
    let compared = 0;
    for (const folder of readdirSync(CONTENT)) {
      if (folder === "rules") continue;
      for (const file of readdirSync(join(CONTENT, folder))) {
        const value: unknown = JSON.parse(readFileSync(join(CONTENT, folder, file), "utf8"));
        forEachStringWith(value, "[[", (text) => {
          const expected = findReferences(text);
          const actual = found(finder, text);
          expect(JSON.stringify(actual)).toBe(JSON.stringify(expected));
          compared += expected.length;
        });
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it("matches findReferences on generated text, repeated bodies and odd brackets included", () => {
    const piece = fc.oneof(
      fc.constantFrom("[[", "]]", "[", "]", "|", "#", ":", "(", ")", " ", "\n", "2", "maneuver:", "Hindered"),
      fc.string({ maxLength: 6 }),
    );
    const finder = new ReferenceFinder();
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join("");
        // twice through the same finder: the second pass reuses cached parses
        expect(found(finder, text)).toStrictEqual(findReferences(text));
        expect(JSON.stringify(found(finder, text))).toBe(JSON.stringify(findReferences(text)));
      }),
      { numRuns: 2000 },
    );
  });

  it("shares one frozen parse between uses of the same text, each with its own offsets", () => {
    const finder = new ReferenceFinder();
    const uses: [object, number, number][] = [];
    finder.forEach("[[Hindered 2]] and [[Hindered 2]]", (reference, start, end) =>
      uses.push([reference, start, end]),
    );
    const [first, second] = uses;
    expect(first?.[0]).toBe(second?.[0]);
    expect(Object.isFrozen(first?.[0])).toBe(true);
    expect(first?.[0]).toStrictEqual({
      raw: "[[Hindered 2]]",
      target: "Hindered 2",
      name: "Hindered",
      count: 2,
    });
    expect(first?.slice(1)).toEqual([0, 14]);
    expect(second?.slice(1)).toEqual([19, 33]);
  });
});
