// Differential tests: the compiled check accepts exactly what zod accepts and returns zod's output, key order included
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chapterFrontmatterSchema, KINDS, type KindDefinition } from "@momenta/schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type ZodTypeAny, z } from "zod";
import { compileSchema, INVALID, tryCompileSchema } from "./compile.ts";

const CONTENT = fileURLToPath(new URL("../../../../content", import.meta.url));

/** Compiled and zod agree: both reject, or both accept with the same output (compared with its key order). */
function expectAgreement(schema: ZodTypeAny, input: unknown): void {
  const compiled = compileSchema(schema)(input);
  const parsed = schema.safeParse(input);
  expect(compiled !== INVALID, JSON.stringify(input)).toBe(parsed.success);
  if (parsed.success) {
    expect(compiled).toStrictEqual(parsed.data);
    expect(JSON.stringify(compiled)).toBe(JSON.stringify(parsed.data));
  }
}

function entriesOf(definition: KindDefinition): Record<string, unknown>[] {
  const folder = join(CONTENT, definition.folder);
  let files: string[] = [];
  try {
    files = readdirSync(folder).filter((file) => file.endsWith(".json"));
  } catch {
    return [];
  }
  return files.map((file) => JSON.parse(readFileSync(join(folder, file), "utf8")) as Record<string, unknown>);
}

/** Values of every JSON type, for replacing a field. */
const REPLACEMENTS: unknown[] = [
  null,
  0,
  -1,
  1.5,
  3,
  "",
  "x",
  "Light",
  true,
  [],
  [""],
  ["POW"],
  {},
  { a: 1 },
];

/** Each way of breaking (or reshaping) one field of an entry. */
function mutations(entry: Record<string, unknown>): unknown[] {
  const out: unknown[] = [];
  const keys = Object.keys(entry);
  out.push(Object.fromEntries([...Object.entries(entry)].reverse()));
  out.push({ ...entry, unknownField: 1 });
  out.push({ ...entry, status: entry.status === "complete" ? "incomplete" : "complete" });
  for (const key of keys) {
    const { [key]: _removed, ...rest } = entry;
    out.push(rest);
    for (const replacement of REPLACEMENTS) out.push({ ...entry, [key]: replacement });
    const value = entry[key];
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const inner of Object.keys(value)) {
        const { [inner]: _gone, ...innerRest } = value as Record<string, unknown>;
        out.push({ ...entry, [key]: innerRest });
        for (const replacement of REPLACEMENTS)
          out.push({ ...entry, [key]: { ...(value as object), [inner]: replacement } });
      }
    }
    if (Array.isArray(value)) {
      out.push({ ...entry, [key]: [...value, ...value] });
      out.push({ ...entry, [key]: value.slice(1) });
      for (const replacement of REPLACEMENTS) out.push({ ...entry, [key]: [replacement, ...value.slice(1)] });
    }
  }
  return out;
}

describe("compiled schema checks", () => {
  it.each(KINDS.map((definition) => [definition.kind, definition] as const))(
    "%s: compiles, and agrees with zod on every content entry and on each one-field mutation of it",
    (_kind, definition) => {
      expect(tryCompileSchema(definition.schema)).toBeTypeOf("function");
      const entries = entriesOf(definition);
      for (const entry of entries) {
        expectAgreement(definition.schema, entry);
        for (const mutated of mutations(entry)) expectAgreement(definition.schema, mutated);
      }
    },
  );

  it("agrees with zod on random values dropped into random fields of real entries (property)", () => {
    const samples = KINDS.flatMap((definition) =>
      entriesOf(definition).map((entry) => [definition, entry] as const),
    );
    expect(samples.length).toBeGreaterThan(300);
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: samples.length - 1 }),
        fc.string({ maxLength: 12 }),
        fc.jsonValue({ maxDepth: 3 }),
        (index, key, value) => {
          const [definition, entry] = samples[index] as (typeof samples)[number];
          const keys = Object.keys(entry);
          // half the time overwrite an existing key, so the schema's own fields get odd values
          const target =
            key.length % 2 === 0 && keys.length > 0 ? (keys[key.length % keys.length] as string) : key;
          expectAgreement(definition.schema, { ...entry, [target]: value });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("returns a clean entry itself instead of a copy, and a reordered one in zod's key order", () => {
    const definition = KINDS.find((kind) => kind.kind === "condition") as KindDefinition;
    const entry = entriesOf(definition)[0] as Record<string, unknown>;
    const check = compileSchema(definition.schema);
    expect(check(entry)).toBe(entry);
    const reversed = Object.fromEntries(Object.entries(entry).reverse());
    const output = check(reversed);
    expect(output).not.toBe(reversed);
    expect(Object.keys(output as object)).toEqual(Object.keys(entry));
  });

  it("agrees with zod on chapter frontmatter", () => {
    const frontmatter = {
      id: "chapter/x",
      title: "X",
      chapter: "01",
      moment: { number: 1, name: "A" },
      order: 1,
    };
    expectAgreement(chapterFrontmatterSchema, frontmatter);
    for (const mutated of mutations(frontmatter)) expectAgreement(chapterFrontmatterSchema, mutated);
  });
});

describe("compiled schema semantics", () => {
  const cases: [string, ZodTypeAny, unknown[]][] = [
    ["strip object", z.object({ a: z.string() }), [{ a: "x", b: 1 }, { b: 1 }, { a: "x" }, [], null]],
    [
      "strict object",
      z.object({ a: z.string().optional() }).strict(),
      [{}, { a: undefined }, { a: "x", b: 1 }],
    ],
    [
      "object key order",
      z.object({ a: z.number(), b: z.number() }),
      [
        { b: 1, a: 2 },
        { a: 1, b: 2 },
      ],
    ],
    ["default", z.object({ a: z.number().default(3) }), [{}, { a: 1 }, { a: "1" }]],
    ["nullable", z.string().nullable(), [null, "x", undefined, 1]],
    [
      "union takes the first match",
      z.union([z.object({ a: z.number() }), z.object({ a: z.number(), b: z.number() })]),
      [{ a: 1, b: 2 }, { b: 2 }],
    ],
    [
      "discriminated union",
      z.discriminatedUnion("t", [
        z.object({ t: z.literal("a"), x: z.number() }),
        z.object({ t: z.literal("b") }),
      ]),
      [{ t: "a", x: 1 }, { t: "a" }, { t: "b", x: 1 }, { t: "c" }, []],
    ],
    [
      "string checks",
      z
        .string()
        .min(2)
        .max(4)
        .regex(/^[a-z]+$/g),
      ["ab", "abcd", "a", "abcde", "AB", 1],
    ],
    ["string length", z.string().length(2), ["ab", "a", "abc"]],
    ["number checks", z.number().int().min(1).max(5), [1, 5, 0, 6, 2.5, Number.NaN, "3"]],
    ["exclusive bounds", z.number().gt(1).lt(5), [1, 5, 3]],
    ["finite", z.number().finite(), [1, Number.POSITIVE_INFINITY]],
    ["array bounds", z.array(z.string()).min(1).max(2), [[], ["a"], ["a", "b", "c"], [1], "a"]],
    ["array length", z.array(z.number()).length(2), [[1, 2], [1]]],
    [
      "enum and literal",
      z.object({ e: z.enum(["a", "b"]), l: z.literal(2) }),
      [
        { e: "a", l: 2 },
        { e: "c", l: 2 },
        { e: "a", l: 3 },
      ],
    ],
    ["boolean", z.boolean(), [true, false, 0, "true"]],
    ["refinement", z.number().refine((n) => n % 2 === 0), [2, 3]],
    [
      "superRefine",
      z.string().superRefine((s, ctx) => {
        if (s.startsWith("x")) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "no x" });
      }),
      ["ab", "xa"],
    ],
    ["transform", z.string().transform((s) => s.length), ["abc", 3]],
    ["preprocess", z.preprocess((v) => (typeof v === "number" ? String(v) : v), z.string()), [1, "a", true]],
    [
      "preprocess reporting an issue",
      z.preprocess((v, ctx) => {
        if (v === "bad") ctx.addIssue({ code: z.ZodIssueCode.custom, message: "bad" });
        return v;
      }, z.string()),
      ["bad", "good"],
    ],
    ["transform inside an array", z.array(z.string().transform((s) => s.toUpperCase())), [["a", "b"], []]],
    ["any and unknown", z.object({ a: z.any(), b: z.unknown() }), [{ a: [1], b: { c: 1 } }, {}]],
  ];
  it.each(cases)("%s", (_name, schema, inputs) => {
    for (const input of inputs) expectAgreement(schema, input);
  });

  it.each([
    ["record", z.record(z.string())],
    ["tuple", z.tuple([z.string()])],
    ["lazy", z.lazy(() => z.string())],
    ["coercion", z.coerce.number()],
    ["string format", z.string().email()],
    ["passthrough object", z.object({}).passthrough()],
    ["catchall", z.object({}).catchall(z.string())],
    ["nested in an object", z.object({ a: z.object({ b: z.map(z.string(), z.string()) }) })],
  ])("leaves a schema with a %s to zod", (_name, schema) => {
    expect(tryCompileSchema(schema as ZodTypeAny)).toBeUndefined();
  });
});
