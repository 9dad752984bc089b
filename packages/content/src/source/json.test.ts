// The JSON fast path agrees with the positioned tree parser, and odd input never throws

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { JsonPath } from "../diagnostic.ts";
import {
  DEFAULT_JSON_LIMITS,
  locateInText,
  locateJsonPath,
  parseJson,
  parseJsonTree,
  parseWithTree,
  scanJson,
  stringIndexToOffset,
} from "./json.ts";

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

/** Every path in a value, plus a missing key and a missing index under each container. */
function pathsOf(value: unknown, path: JsonPath = []): JsonPath[] {
  const out: JsonPath[] = [path];
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      out.push(...pathsOf(item, [...path, i]));
    });
    out.push([...path, value.length], [...path, "missing"]);
  } else if (value !== null && typeof value === "object") {
    for (const [key, item] of Object.entries(value)) out.push(...pathsOf(item, [...path, key]));
    out.push([...path, "missing"], [...path, 0], [...path, "missing", "deeper"]);
  } else out.push([...path, "missing"]);
  return out;
}

/** locateInText gives locateJsonPath's answer on the syntax tree, for values and for keys. */
function expectSameLocations(text: string): number {
  const { tree } = parseJsonTree(text);
  let compared = 0;
  for (const path of pathsOf(JSON.parse(text))) {
    for (const options of [{}, { key: true }]) {
      expect(locateInText(text, path, options), `${JSON.stringify(path)} in ${text}`).toEqual(
        locateJsonPath(tree, path, options),
      );
      compared++;
    }
  }
  return compared;
}

describe("locateInText", () => {
  it("finds what the syntax tree finds, for every path of every real content file", () => {
    const content = join(import.meta.dirname, "../../../../content");
    let compared = 0;
    for (const folder of readdirSync(content)) {
      if (folder === "rules") continue;
      for (const file of readdirSync(join(content, folder)))
        compared += expectSameLocations(readFileSync(join(content, folder, file), "utf8"));
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it("finds what the syntax tree finds in generated JSON, however it is spaced (property)", () => {
    const spacing = fc.constantFrom(undefined, 0, 2, "\t", " \r\n ");
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), spacing, (value, space) => {
        const text = JSON.stringify(value, null, space as string | number | undefined) ?? "null";
        // stringify's own line breaks are formatting (breaks inside strings are escaped): respace them oddly
        const spaced =
          typeof space === "string" && space.includes("\r") ? text.replace(/\n/g, " \r\n\t") : text;
        expectSameLocations(spaced);
      }),
      { numRuns: 500 },
    );
  });

  it("gives the first of duplicate keys, as the tree does, and escaped keys by their value", () => {
    expectSameLocations('{"a": 1, "a": {"b": 2}}');
    expect(locateInText('{"\\u0061": [1, 2]}', ["a", 1])).toEqual({ start: 15, end: 16, approximate: false });
  });

  it("declines when the way along the path is not clean JSON, so the tree decides", () => {
    // it is meant for files the loader parsed cleanly; it only notices breakage on the way to its target
    expect(locateInText('{"a": 1 "b": 2}', ["b"])).toBeUndefined();
    expect(locateInText('{"a": "open', ["b"])).toBeUndefined();
    expect(locateInText('{"a" 1}', ["a"])).toBeUndefined();
  });
});
