// The committed JSON Schemas must equal what the zod schemas generate today
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { vocabularyOf } from "../../../scripts/generate-json-schemas.ts";
import { generateJsonSchemas, serializeJsonSchema } from "./json-schema.ts";

const dir = join(import.meta.dirname, "../json-schema");
const vocabulary = vocabularyOf(join(import.meta.dirname, "../../../content"));

describe("generated JSON Schemas", () => {
  const generated = generateJsonSchemas(vocabulary);

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

describe("tags and damage types as enums", () => {
  const weapon = JSON.stringify(generateJsonSchemas(vocabulary).get("weapon.schema.json"));
  const choices = (description: string) => {
    const found: unknown[] = [];
    JSON.parse(weapon, (_key, value) => {
      if (value?.description === description && value.anyOf) found.push(value.anyOf);
      return value;
    });
    return found[0] as { enum?: string[]; pattern?: string }[];
  };

  it("lists every parameterless tag by name and each numbered tag as `Name N`", () => {
    const tags = choices(
      "A tag entry by name, with its number where the tag takes one: `Melee 1`, `Range 20`, `Deflect` (Appendix A)",
    );
    expect(tags[0]?.enum).toEqual(
      vocabulary.tags.filter((tag) => tag.parameter === "none").map((tag) => tag.name),
    );
    expect(tags[0]?.enum).toContain("Deflect");
    expect(tags.slice(1).map((choice) => choice.pattern)).toEqual(["^Melee \\d+$", "^Range \\d+$"]);
  });

  it("lists every damage type, and the `X/Y` choice only of listed ones", () => {
    const damageTypes = choices(
      'A damage type the attack carries, by damage-type entry name ("Crushing"); "X/Y" means the attacker picks X or Y for each attack (ch. 11)',
    );
    expect(damageTypes[0]?.enum).toEqual(vocabulary.damageTypes);
    expect(vocabulary.damageTypes).toEqual(expect.arrayContaining(["Fire", "Slashing", "Piercing"]));
    const choice = new RegExp(damageTypes[1]?.pattern ?? "$^");
    expect(choice.test("Slashing/Piercing")).toBe(true);
    expect(choice.test("Slashing/Pierce")).toBe(false);
  });

  it("without a vocabulary (a pack's own schemas) they stay patterns", () => {
    expect(JSON.stringify(generateJsonSchemas().get("weapon.schema.json"))).not.toContain('"enum":["Combo"');
    expect(weapon).toContain('"enum":["Combo"');
  });
});
