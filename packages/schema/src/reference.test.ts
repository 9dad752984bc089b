// The reference syntax: parsing each form, offsets, and the reader-visible text
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LINEAR_BOUND, measureGrowth } from "../../../test/support/growth.ts";
import {
  findReferences,
  nextReference,
  normalizeName,
  parseReferenceBody,
  plainText,
  referenceEndAt,
  referenceText,
  slugify,
} from "./reference.ts";

/** The regular expressions the parser used to apply (quadratic on long space runs), kept as its oracle. */
function regexParse(body: string): Record<string, unknown> {
  let rest = body;
  const out: Record<string, unknown> = {};
  const bar = rest.indexOf("|");
  if (bar !== -1) {
    out.label = rest.slice(bar + 1).trim();
    rest = rest.slice(0, bar);
  }
  const hash = rest.indexOf("#");
  if (hash !== -1) {
    out.anchor = rest.slice(hash + 1).trim();
    rest = rest.slice(0, hash);
  }
  const kind = /^([a-z][a-z-]*):\s*/.exec(rest);
  if (kind) {
    out.kind = kind[1];
    rest = rest.slice(kind[0].length);
  }
  const parameter = /\s*\(([^()]*)\)\s*$/.exec(rest);
  if (parameter) {
    out.parameter = parameter[1]?.trim();
    rest = rest.slice(0, parameter.index);
  }
  out.target = rest.trim();
  out.name = out.target;
  const count = /^(.*?\S)\s+(\d+)$/.exec(out.target as string);
  if (count) {
    out.name = count[1];
    out.count = Number(count[2]);
  }
  return out;
}

describe("parseReferenceBody", () => {
  it.each([
    ["Hindered", { target: "Hindered", name: "Hindered" }],
    ["maneuver:Move", { kind: "maneuver", target: "Move", name: "Move" }],
    ["Hindered|hindered", { target: "Hindered", name: "Hindered", label: "hindered" }],
    ["Wracked 2 (Fire)", { target: "Wracked 2", name: "Wracked", count: 2, parameter: "Fire" }],
    [
      "condition:Affliction (Paranoia)",
      { kind: "condition", target: "Affliction", name: "Affliction", parameter: "Paranoia" },
    ],
    [
      "chapter:Combat#initiative",
      { kind: "chapter", target: "Combat", name: "Combat", anchor: "initiative" },
    ],
    ["tag:Melee 1", { kind: "tag", target: "Melee 1", name: "Melee", count: 1 }],
  ])("parses [[%s]]", (body, expected) => {
    expect(parseReferenceBody(body)).toMatchObject(expected);
  });
});

describe("parseReferenceBody without regular expressions", () => {
  const ALPHABET = [
    " ",
    "\t",
    "\n",
    "\r",
    "\u2028",
    "\u00a0",
    "\u3000",
    "(",
    ")",
    "|",
    "#",
    ":",
    "a",
    "Z",
    "1",
    "0",
    "-",
    "é",
  ];

  it("agrees with the regular expressions it replaced on 5,000 bodies of the characters that matter", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...ALPHABET), { maxLength: 24 }), (chars) => {
        const body = chars.join("");
        const { raw: _raw, start: _start, end: _end, ...parsed } = parseReferenceBody(body);
        expect(parsed).toEqual(regexParse(body));
      }),
      { numRuns: 5_000, seed: 17 },
    );
  });

  it.each([
    ["a 100,000-space body (`[[a` + spaces + `b]]`)", (n: number) => `a${" ".repeat(n)}b`],
    ["spaces before an unclosed parameter", (n: number) => `a${" ".repeat(n)}(b`],
    ["spaces before a stack count", (n: number) => `a${" ".repeat(n)}1`],
    ["alternating spaces and digits", (n: number) => `a${" 1".repeat(n / 2)}x`],
    ["a parameter after many parentheses", (n: number) => `${")(".repeat(n / 2)}a (b)`],
  ])("parses %s in time linear in its length (n → 10n under 50×)", (_what, make) => {
    // the input at 10× size: the old regex took 16 s at n = 100,000 and would take ~27 min here
    const growth = measureGrowth(make, (body) => parseReferenceBody(body), 100_000);
    expect(growth.ratio).toBeLessThan(LINEAR_BOUND);
  });
});

describe("findReferences", () => {
  it("finds nine 100,000-space references (a 900 KB text) at 10× size in linear time", () => {
    const make = (n: number) => `[[a${" ".repeat(n)}b]] `.repeat(9);
    const growth = measureGrowth(make, (text) => findReferences(text), 100_000);
    expect(growth.ratio).toBeLessThan(LINEAR_BOUND);
    expect(findReferences(make(10)).map((reference) => reference.name)).toEqual(
      Array(9).fill(`a${" ".repeat(10)}b`),
    );
  });

  it("stays linear on unclosed and bracket-broken openers", () => {
    for (const unit of ["[[a ", "[[", "[[a]", "[[a\n"]) {
      const growth = measureGrowth((n) => unit.repeat(n / unit.length), findReferences, 100_000);
      expect(growth.ratio, unit).toBeLessThan(LINEAR_BOUND);
    }
  });

  it("finds every reference with its offsets", () => {
    const text = "You gain [[Hindered 1]] and [[maneuver:Move|move]].";
    const found = findReferences(text);
    expect(found.map((reference) => text.slice(reference.start, reference.end))).toEqual([
      "[[Hindered 1]]",
      "[[maneuver:Move|move]]",
    ]);
  });

  it("ignores unclosed and nested brackets", () => {
    expect(findReferences("[[Hindered and [x] ]")).toEqual([]);
  });
});

/** The regular expression the syntax was first written as, kept as the tokenizer's oracle. */
const REFERENCE_REGEX = /\[\[([^[\]\n]+?)\]\]/g;
/** Text of brackets, line endings, bars, colons, parentheses, digits and spaces: where the syntax has its edges. */
const bracketText = fc.stringMatching(/^[a[\]\n\r |:#()2]{0,40}$/);

describe("referenceEndAt", () => {
  it("tokenizes what the syntax's regular expression matches, scanning left to right", () => {
    fc.assert(
      fc.property(bracketText, (text) => {
        const spans: [number, number][] = [];
        for (let i = 0; i < text.length; i++) {
          const end = referenceEndAt(text, i);
          if (end === -1) continue;
          spans.push([i, end]);
          i = end - 1;
        }
        const matches = [...text.matchAll(REFERENCE_REGEX)];
        expect(spans).toEqual(matches.map((match) => [match.index, match.index + match[0].length]));
      }),
      { seed: 20261201, numRuns: 3000 },
    );
  });

  it("gives findReferences and nextReference the regular expression's matches and bodies", () => {
    fc.assert(
      fc.property(bracketText, (text) => {
        const expected = [...text.matchAll(REFERENCE_REGEX)].map((match) =>
          parseReferenceBody(match[1] ?? "", match.index),
        );
        expect(findReferences(text)).toEqual(expected);
        const spans: number[] = [];
        for (let found = nextReference(text, 0); found; found = nextReference(text, found.end))
          spans.push(found.start);
        expect(spans).toEqual(expected.map((reference) => reference.start));
      }),
      { seed: 20261202, numRuns: 3000 },
    );
  });
});

describe("plainText", () => {
  it("shows labels, or targets with their parameter", () => {
    expect(plainText("Take [[Wracked 2 (Fire)]] and [[Hindered|hindered]].")).toBe(
      "Take Wracked 2 (Fire) and hindered.",
    );
  });

  it("replaces what the syntax's regular expression matches, and nothing else", () => {
    fc.assert(
      fc.property(bracketText, (text) => {
        const expected = text.replace(REFERENCE_REGEX, (_whole, body: string) =>
          referenceText(parseReferenceBody(body)),
        );
        expect(plainText(text)).toBe(expected);
      }),
      { seed: 20261203, numRuns: 3000 },
    );
  });
});

describe("names", () => {
  it("normalizes case, spaces and quotes", () => {
    expect(normalizeName("  Alchemist’s   FIRE ")).toBe("alchemist's fire");
  });
  it("slugifies", () => {
    expect(slugify("Alchemist's Fire")).toBe("alchemists-fire");
    expect(slugify("Acquire & Craft")).toBe("acquire-and-craft");
    expect(slugify("--Alchemist's -- Fire!--")).toBe("alchemists-fire");
  });
});
