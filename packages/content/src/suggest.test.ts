// Tests for "did you mean": bounded edit distance, the hashed deletion index against a string-keyed one, ranking
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { boundedDistance, DeletionIndex, Suggester, suggest } from "./suggest.ts";

/** The index the hashed one stands for: every name and one-character deletion as a string key. */
function stringIndexNear(names: readonly string[], wanted: string): number[] {
  const variants = (text: string) => [text, ...[...text].map((_, k) => text.slice(0, k) + text.slice(k + 1))];
  const keys = new Set(variants(wanted));
  const found: number[] = [];
  names.forEach((name, index) => {
    if (variants(name).some((variant) => keys.has(variant))) found.push(index);
  });
  return found;
}

describe("boundedDistance", () => {
  it.each([
    ["kitten", "sitting", 3, 3],
    ["grabbed", "grabed", 2, 1],
    ["abc", "abc", 1, 0],
    ["abcdef", "uvwxyz", 2, 3],
    ["", "abc", 5, 3],
    // an adjacent swap is one edit, as a reader counts a typo
    ["shfit", "shift", 1, 1],
    ["dogde", "dodge", 1, 1],
    ["ab", "ba", 1, 1],
    ["abcd", "badc", 2, 2],
    // a swap is of neighbours only: `ca` → `abc` is not one swap
    ["ca", "abc", 3, 3],
  ])("%s → %s (limit %i) is %i", (a, b, limit, expected) => {
    expect(boundedDistance(a, b, limit)).toBe(expected);
  });

  it("suggests the name a transposed typo means", () => {
    expect(suggest("Shfit", ["Shift", "Shove", "Detect Magic"], 1)).toEqual(["Shift"]);
    expect(suggest("Dogde", ["Dodge", "Parry"], 1)).toEqual(["Dodge"]);
  });

  it("is the optimal string alignment distance, within the limit, against a plain reference", () => {
    const osa = (a: string, b: string): number => {
      const d = Array.from({ length: a.length + 1 }, (_, i) =>
        Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
      );
      for (let i = 1; i <= a.length; i++)
        for (let j = 1; j <= b.length; j++) {
          const row = d[i] as number[];
          const up = d[i - 1] as number[];
          row[j] = Math.min(
            (up[j] as number) + 1,
            (row[j - 1] as number) + 1,
            (up[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1),
          );
          if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
            row[j] = Math.min(row[j] as number, ((d[i - 2] as number[])[j - 2] as number) + 1);
        }
      return (d[a.length] as number[])[b.length] as number;
    };
    const word = fc.string({ unit: fc.constantFrom("a", "b", "c", "d"), maxLength: 7 });
    fc.assert(
      fc.property(word, word, fc.integer({ min: 0, max: 4 }), (a, b, limit) => {
        const exact = osa(a, b);
        expect(boundedDistance(a, b, limit)).toBe(exact <= limit ? exact : limit + 1);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("DeletionIndex", () => {
  const names = [
    "grabbed",
    "grabbing",
    "hindered",
    "hinder",
    "wracked",
    "racked",
    "wrecked",
    "bleeding",
    "ab",
    "a",
  ];

  it("finds names one deletion apart on either side", () => {
    const index = new DeletionIndex(names);
    const near = (wanted: string) => index.near(wanted).map((i) => names[i]);
    expect(near("grabed")).toEqual(["grabbed"]);
    expect(near("wracked")).toEqual(["wracked", "racked", "wrecked"]);
    expect(near("hindere")).toEqual(["hindered", "hinder"]);
    expect(near("b")).toEqual(["ab", "a"]);
    expect(near("zzzzzz")).toEqual([]);
  });

  it("gives exactly the string-keyed index's result (property)", () => {
    const word = fc.string({ unit: fc.constantFrom("a", "b", "c", "é", " "), maxLength: 7 });
    fc.assert(
      fc.property(fc.array(word, { maxLength: 40 }), word, (list, wanted) => {
        expect(new DeletionIndex(list).near(wanted)).toEqual(stringIndexNear(list, wanted));
      }),
      { numRuns: 400 },
    );
  });
});

describe("Suggester", () => {
  it("ranks by distance, then name, and caps the count", () => {
    expect(suggest("Grabed", ["Grabbed", "Grappled", "Hindered", "Grab"])).toEqual(["Grabbed", "Grab"]);
    expect(suggest("zzz", ["Grabbed"])).toEqual([]);
  });

  it("gives the same suggestions through the index as by scanning every name", () => {
    // above 2,000 candidates lookups go through the deletion index; the names below it are scanned whole
    const filler = Array.from({ length: 2500 }, (_, i) => `Filler ${i.toString(36)} Entry`);
    const wanted = ["Gravity Welll", "Gravty Well", "Gravity Wel", "Filler 1z Entr", "Filler 2a Entyr"];
    const big = new Suggester([...filler, "Gravity Well", "Gravity Wall"]);
    for (const input of wanted) {
      const expected = suggest(
        input,
        [...filler, "Gravity Well", "Gravity Wall"].filter((name) => {
          // a full scan finds everything within the limit; the index only within one deletion either side
          const a = name.toLowerCase();
          const b = input.toLowerCase();
          return stringIndexNear([a], b).length > 0;
        }),
      );
      expect(big.suggest(input)).toEqual(expected);
      expect(expected.length).toBeGreaterThan(0);
    }
  });
});
