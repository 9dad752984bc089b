// Every file in content/<catalog>/ validates against its kind's zod schema and generated JSON Schema
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { vocabularyOf } from "../../../scripts/generate-json-schemas.ts";
import { KINDS } from "../src/index.ts";
import { generateJsonSchemas, jsonSchemaFileName } from "../src/json-schema.ts";

const contentDir = join(import.meta.dirname, "../../../content");

function entryFiles(folder: string): string[] {
  const dir = join(contentDir, folder);
  try {
    if (!statSync(dir).isDirectory()) return [];
  } catch {
    return [];
  }
  return readdirSync(dir)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => join(dir, file));
}

const ajv = new Ajv({ allErrors: true, strict: false });
// The committed schemas list the core's tags and damage types, so every entry must use one of them.
const jsonSchemas = generateJsonSchemas(vocabularyOf(contentDir));

describe.each(KINDS.map((definition) => [definition.folder, definition] as const))(
  "content/%s",
  (_folder, definition) => {
    const files = entryFiles(definition.folder);
    const validate = ajv.compile(jsonSchemas.get(jsonSchemaFileName(definition.kind)) ?? {});

    // A catalog may be empty when the book names none (mastery sets); fidelity tests check each count.
    it("holds only JSON entry files", () => {
      const dir = join(contentDir, definition.folder);
      const stray = files.length ? readdirSync(dir).filter((file) => !file.endsWith(".json")) : [];
      expect(stray).toEqual([]);
    });

    it.each(files.map((file) => [file.slice(contentDir.length + 1), file]))(
      "%s matches its schema",
      (_name, file) => {
        const data: unknown = JSON.parse(readFileSync(file, "utf8"));
        const result = definition.schema.safeParse(data);
        const problems = result.success
          ? []
          : result.error.issues.map(
              (issue) => `${file}: ${issue.path.join(".") || "(root)"}: ${issue.message}`,
            );
        expect(problems).toEqual([]);
        const jsonSchemaOk = validate(data);
        expect(jsonSchemaOk ? [] : validate.errors).toEqual([]);
      },
    );

    it.each(files.map((file) => [file.slice(contentDir.length + 1), file]))(
      "%s has an id matching its file name",
      (_name, file) => {
        const data = JSON.parse(readFileSync(file, "utf8")) as { id?: string };
        const slug = file
          .split("/")
          .pop()
          ?.replace(/\.json$/, "");
        expect(data.id).toBe(`${definition.kind}/${slug}`);
      },
    );
  },
);
