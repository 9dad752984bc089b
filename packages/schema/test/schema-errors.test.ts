// Broken entries are rejected by both the zod schema and the generated JSON Schema, naming the field
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { KINDS } from "../src/index.ts";
import { generateJsonSchemas, jsonSchemaFileName } from "../src/json-schema.ts";

const ajv = new Ajv({ allErrors: true, strict: false });
const jsonSchemas = generateJsonSchemas();

const broken: Array<[string, Record<string, unknown>, string]> = [
  ["id with the wrong kind", { id: "not-a-kind/dagger" }, "id"],
  ["missing name", { name: undefined }, "name"],
  ["unknown key", { colour: "red" }, ""],
  ["unknown source book", { source: { book: "the-internet" } }, "source.book"],
  ["status outside the enum", { status: "done" }, "status"],
];

describe.each(KINDS.map((definition) => [definition.kind, definition] as const))(
  "%s schema",
  (kind, definition) => {
    const base = {
      id: `${kind}/example`,
      name: "Example",
      source: { book: "core-rules" },
      status: "incomplete",
      missing: ["everything"],
    };
    const validate = ajv.compile(jsonSchemas.get(jsonSchemaFileName(kind)) ?? {});

    it.each(broken)("rejects %s", (_what, patch, path) => {
      const data = JSON.parse(JSON.stringify({ ...base, ...patch }));
      const result = definition.schema.safeParse(data);
      expect(result.success).toBe(false);
      if (!result.success) expect(result.error.issues.map((issue) => issue.path.join("."))).toContain(path);
      expect(validate(data)).toBe(false);
    });

    it("rejects an incomplete entry that does not say what is missing", () => {
      const result = definition.schema.safeParse({ ...base, missing: undefined });
      expect(result.success).toBe(false);
      if (!result.success)
        expect(result.error.issues.map((issue) => issue.path.join("."))).toContain("missing");
    });
  },
);
