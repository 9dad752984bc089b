// The JSON fast path agrees with the positioned tree parser, and odd input never throws
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DEFAULT_JSON_LIMITS, parseJson, parseWithTree, scanJson, stringIndexToOffset } from "./json.ts";

const limits = DEFAULT_JSON_LIMITS;

describe("scanJson", () => {
  it("finds duplicate keys per object, not across objects", () => {
    const text = '{"a": 1, "b": {"a": 2}, "a": 3}';
    expect(scanJson(text, limits)?.map((p) => [p.messageId, p.start, p.related?.start])).toEqual([
      ["duplicate-key", 24, 1],
    ]);
  });

  it("decodes escaped keys before comparing them", () => {
    expect(
      scanJson('{"\\u005f_proto__": {}, "a\\"b": 1, "a\\u0022b": 2}', limits)?.map((p) => p.messageId),
    ).toEqual(["forbidden-key", "duplicate-key"]);
  });

  it("hands bad escapes and unterminated strings to the tree parser instead of throwing", () => {
    expect(scanJson('{"a\\x": 1}', limits)).toBeUndefined();
    expect(scanJson('{"a": "open', limits)).toBeUndefined();
    expect(parseJson('{"a\\x": 1}').problems.map((p) => p.messageId)).toEqual(["syntax"]);
  });

  it("stops at the first level past the depth limit", () => {
    const problems = scanJson(`${"[".repeat(70)}${"]".repeat(70)}`, limits);
    expect(problems).toEqual([
      { messageId: "too-deep", message: "nesting deeper than 64 levels", start: 64, end: 65 },
    ]);
  });
});

describe("parseJson", () => {
  it.each([
    ['{"id": "x", "list": [1, {"k": "v"}], "n": null}'],
    ['{"text": "line\\nbreak \\"quoted\\" \\u00e9"}'],
    ["[]"],
  ])("gives the same value as the tree parser for %s", (text) => {
    expect(parseJson(text)).toEqual(parseWithTree(text));
  });

  it("finds a duplicate key that an escaped colon elsewhere would hide from a plain count", () => {
    // one extra key separator and one colon spelled as an escape cancel out: such files are scanned
    const text = '{"a": 1, "a": 2, "note": "\\u003a"}';
    expect(parseJson(text).problems.map((p) => p.messageId)).toEqual(["duplicate-key"]);
    expect(parseJson('{"a:b": 1, "a\\u003ab": 2}').problems.map((p) => p.messageId)).toEqual([
      "duplicate-key",
    ]);
  });

  it("takes colons inside keys and strings into account", () => {
    expect(parseJson('{"a:b": "c: d", "e": "::"}')).toEqual({
      value: { "a:b": "c: d", e: "::" },
      problems: [],
    });
    expect(parseJson('{"a:b": 1, "a:b": 2}').problems.map((p) => p.messageId)).toEqual(["duplicate-key"]);
  });

  it("keeps the first of duplicate keys, as positions do", () => {
    expect(parseJson('{"a": 1, "a": 2}').value).toEqual({ a: 1 });
  });

  it("drops prototype keys without touching any prototype", () => {
    const { value } = parseJson('{"__proto__": {"polluted": true}, "ok": 1}');
    expect(value).toEqual({ ok: 1 });
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(({} as { polluted?: boolean }).polluted).toBeUndefined();
  });
});

describe("parseJson against the tree parser (property)", () => {
  // colons in keys and strings (some escaped) exercise the count that proves a clean parse
  // keys from a small pool, some spelled with escapes, so duplicates, escaped duplicates and forbidden keys occur
  const key = fc.constantFrom(
    '"a"',
    '"b"',
    '"\\u0061"',
    '"a\\"b"',
    '"a\\u0022b"',
    '"__proto__"',
    '"__proto\\u005f_"',
    '"constructor"',
    '"prototype"',
    '"ab"',
    '"ba"',
    '"long key name"',
    '"a:b"',
    '"a\\u003ab"',
    '"::"',
  );
  const json: fc.Arbitrary<string> = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fc.constantFrom(
        "1",
        '"text"',
        "null",
        '"with \\" quote"',
        '"a\\\\"',
        '"x: y"',
        '"\\u003a"',
        '"a\\\\u003a"',
      ),
      tie("object"),
      tie("array"),
    ) as fc.Arbitrary<string>,
    object: fc
      .array(fc.tuple(key, tie("value") as fc.Arbitrary<string>), { maxLength: 5 })
      .map((pairs) => `{${pairs.map(([k, v]) => `${k}: ${v}`).join(", ")}}`),
    array: fc
      .array(tie("value") as fc.Arbitrary<string>, { maxLength: 4 })
      .map((items) => `[${items.join(", ")}]`),
  })).object;

  it("the fast path's scan flags every file the tree parser finds a problem in, and both give the same value", () => {
    fc.assert(
      fc.property(json, (text) => {
        const tree = parseWithTree(text);
        const scanned = scanJson(text, limits);
        if (tree.problems.length > 0) expect(scanned?.length ?? 1).toBeGreaterThan(0);
        if (scanned && scanned.length === 0) expect(tree.problems).toEqual([]);
        expect(parseJson(text)).toEqual(tree);
      }),
      { numRuns: 3000 },
    );
  });
});

describe("stringIndexToOffset", () => {
  it("maps decoded indexes through escapes to file offsets", () => {
    const text = '{"t": "a\\"b\\u00e9[[X]]"}';
    const node = text.indexOf('"a');
    const decoded = 'a"bé[[X]]';
    expect(text.slice(stringIndexToOffset(text, node, decoded.indexOf("[[")))).toBe('[[X]]"}');
  });
});
