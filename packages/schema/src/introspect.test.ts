// The zod introspection module: kinds, wrappers and children read the same from zod 3 and zod 4 shapes
import { describe, expect, it } from "vitest";
import { type ZodTypeAny, z } from "zod";
import {
  arrayElement,
  fieldSchema,
  objectKeys,
  objectShape,
  schemaAtPath,
  schemaKind,
  unionOptions,
  unwrapSchema,
} from "./introspect.ts";

const item = z.object({ name: z.string(), count: z.number().optional() }).strict();
const schema = z
  .object({
    items: z.array(item).default([]),
    byName: z.record(z.string(), item),
    either: z.union([z.object({ a: z.string() }), z.object({ b: z.number() })]),
  })
  .superRefine(() => {});

describe("schema introspection", () => {
  it("names kinds in one spelling", () => {
    expect(schemaKind(schema)).toBe("effects");
    expect(schemaKind(unwrapSchema(schema))).toBe("object");
    expect(schemaKind(z.discriminatedUnion("t", [z.object({ t: z.literal("x") })]))).toBe(
      "discriminated-union",
    );
    expect(schemaKind(z.string().optional())).toBe("optional");
    expect(schemaKind(undefined)).toBeUndefined();
  });

  it("walks data paths through wrappers, arrays, records and unions", () => {
    expect(schemaKind(schemaAtPath(schema, ["items", 0, "name"]))).toBe("string");
    expect(schemaKind(schemaAtPath(schema, ["items", 3, "count"]))).toBe("number");
    expect(schemaKind(schemaAtPath(schema, ["byName", "x", "name"]))).toBe("string");
    expect(schemaKind(schemaAtPath(schema, ["either", "b"]))).toBe("number");
    expect(schemaAtPath(schema, ["nope"])).toBeUndefined();
    expect(objectKeys(schemaAtPath(schema, ["either"]))).toEqual(["a", "b"]);
    expect(Object.keys(objectShape(unwrapSchema(schema)) ?? {})).toEqual(["items", "byName", "either"]);
    expect(schemaKind(arrayElement(unwrapSchema(schemaAtPath(schema, ["items"]) as ZodTypeAny)))).toBe(
      "object",
    );
    expect(unionOptions(schemaAtPath(schema, ["either"]))).toHaveLength(2);
    expect(schemaKind(fieldSchema(schema, "byName"))).toBe("record");
  });

  it("reads zod 4's `_zod.def` as it reads zod 3's `_def`", () => {
    const name = { _zod: { def: { type: "string" } } } as unknown as ZodTypeAny;
    const zod4 = {
      _zod: { def: { type: "optional", innerType: { _zod: { def: { type: "object", shape: { name } } } } } },
    } as unknown as ZodTypeAny;
    expect(schemaKind(zod4)).toBe("optional");
    expect(schemaKind(unwrapSchema(zod4))).toBe("object");
    expect(schemaKind(schemaAtPath(zod4, ["name"]))).toBe("string");
    const list = { _zod: { def: { type: "array", element: name } } } as unknown as ZodTypeAny;
    expect(arrayElement(list)).toBe(name);
  });
});
