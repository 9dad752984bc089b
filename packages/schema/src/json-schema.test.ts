// The committed JSON Schemas must equal what the zod schemas generate today
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { generateJsonSchemas, serializeJsonSchema } from "./json-schema.ts";

const dir = join(import.meta.dirname, "../json-schema");

describe("generated JSON Schemas", () => {
  const generated = generateJsonSchemas();

  it("has one committed file per kind and no stray files", () => {
    expect(readdirSync(dir).sort()).toEqual([...generated.keys()].sort());
  });

  for (const [file, document] of generated) {
    it(`${file} is up to date (run \`pnpm generate:schemas\` if not)`, () => {
      expect(readFileSync(join(dir, file), "utf8")).toBe(serializeJsonSchema(document));
    });
  }
});

/** Dotted paths of properties with no description anywhere in their schema (editors would show no hover). */
function undocumented(node: unknown, path = ""): string[] {
  if (!node || typeof node !== "object") return [];
  const schema = node as Record<string, unknown>;
  const found: string[] = [];
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  for (const [key, property] of Object.entries(properties)) {
    const branches = [...((property.anyOf as unknown[]) ?? []), ...((property.allOf as unknown[]) ?? [])];
    const described =
      typeof property.description === "string" ||
      branches.some((branch) => typeof (branch as { description?: unknown }).description === "string");
    if (!described) found.push(`${path}${key}`);
    found.push(...undocumented(property, `${path}${key}.`));
  }
  for (const key of ["items", "additionalProperties"]) found.push(...undocumented(schema[key], `${path}[].`));
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    for (const branch of (schema[key] as unknown[]) ?? []) found.push(...undocumented(branch, path));
  }
  for (const definition of Object.values((schema.definitions ?? {}) as Record<string, unknown>)) {
    found.push(...undocumented(definition, path));
  }
  return found;
}

describe("field documentation", () => {
  it("finds an undescribed field (the check can fail)", () => {
    expect(
      undocumented({ properties: { a: { type: "string" }, b: { type: "string", description: "b" } } }),
    ).toEqual(["a"]);
  });

  for (const [file, document] of generateJsonSchemas()) {
    it(`${file}: every field has a description for editor hover`, () => {
      expect(undocumented(document)).toEqual([]);
    });
  }
});
