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
