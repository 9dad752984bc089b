// ReferenceFinder must return exactly what @momenta/schema's findReferences returns, shared strings or not
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { findReferences } from "@momenta/schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forEachStringWith } from "../source/json.ts";
import { ReferenceFinder } from "./references.ts";

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
          const actual = finder.find(text);
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
        // twice through the same finder: the second pass copies cached parses
        expect(finder.find(text)).toStrictEqual(findReferences(text));
        expect(JSON.stringify(finder.find(text))).toBe(JSON.stringify(findReferences(text)));
      }),
      { numRuns: 2000 },
    );
  });

  it("gives each occurrence its own object and offsets", () => {
    const finder = new ReferenceFinder();
    const [first, second] = finder.find("[[Hindered 2]] and [[Hindered 2]]");
    expect(first).not.toBe(second);
    expect(first).toMatchObject({ start: 0, end: 14, name: "Hindered", count: 2 });
    expect(second).toMatchObject({ start: 19, end: 33, raw: "[[Hindered 2]]" });
  });
});
