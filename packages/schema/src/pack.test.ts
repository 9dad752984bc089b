// Pack manifest schema and the semver subset packs use for rules versions and dependencies
import { readFileSync } from "node:fs";
import { join } from "node:path";
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { generateJsonSchemas } from "./json-schema.ts";
import {
  isVersionRange,
  MOMENTA_RULES_VERSION,
  packEntryId,
  packManifestSchema,
  parsePackEntryId,
  parseVersion,
  satisfies,
} from "./pack.ts";

const valid = {
  $schema: "./node_modules/@momenta/validator/json-schema/pack-manifest.schema.json",
  id: "ember-court",
  name: "The Ember Court",
  version: "1.2.0",
  momenta: ">=0.31 <0.32",
  dependencies: { "ash-roads": "^2.0.0" },
  license: "CC-BY-4.0",
  authors: ["Ada", { name: "Brin", url: "https://example.org/brin" }],
};

describe("pack manifest schema", () => {
  it("accepts a complete manifest", () => {
    expect(packManifestSchema.safeParse(valid).success).toBe(true);
  });

  it.each([
    ["id not a slug", { id: "Ember Court" }, ["id"]],
    ["id with a dot (it would break namespacing)", { id: "ember.court" }, ["id"]],
    ["version not semver", { version: "1.2" }, ["version"]],
    ["rules range malformed", { momenta: ">=zero" }, ["momenta"]],
    [
      "dependency key not a pack id",
      { dependencies: { "Ash Roads": "^1.0.0" } },
      ["dependencies", "Ash Roads"],
    ],
    ["dependency range malformed", { dependencies: { "ash-roads": "one" } }, ["dependencies", "ash-roads"]],
    ["no authors", { authors: [] }, ["authors"]],
    ["author url not https", { authors: [{ name: "A", url: "javascript:alert(1)" }] }, ["authors", 0, "url"]],
    ["unknown key", { scripts: { postinstall: "rm -rf /" } }, []],
  ])("rejects %s", (_what, patch, path) => {
    const result = packManifestSchema.safeParse({ ...valid, ...patch });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path)).toContainEqual(path);
  });

  it.each(["id", "name", "version", "momenta", "license", "authors"])("requires %s", (key) => {
    const copy: Record<string, unknown> = { ...valid };
    delete copy[key];
    const result = packManifestSchema.safeParse(copy);
    expect(result.error?.issues.map((issue) => issue.path)).toContainEqual([key]);
  });

  it("generates a JSON Schema that describes every field and agrees with zod", () => {
    const document = generateJsonSchemas().get("pack-manifest.schema.json") as {
      definitions: Record<string, { properties: Record<string, { description?: string }> }>;
    };
    const manifest = document.definitions["pack-manifest"];
    expect(Object.keys(manifest?.properties ?? {})).toContain("momenta");
    for (const [key, property] of Object.entries(manifest?.properties ?? {})) {
      expect(property.description, key).toBeTruthy();
    }
    const validate = new Ajv({ strict: false }).compile(document);
    expect(validate(valid)).toBe(true);
    expect(validate({ ...valid, version: "1.2" })).toBe(false);
    expect(validate({ ...valid, extra: true })).toBe(false);
  });

  it("the rules version matches the platform's package version", () => {
    const root = JSON.parse(readFileSync(join(import.meta.dirname, "../../../package.json"), "utf8")) as {
      version: string;
    };
    expect(MOMENTA_RULES_VERSION).toBe(root.version);
  });
});

describe("namespaced entry ids", () => {
  it("round-trips kind, pack and slug", () => {
    const id = packEntryId("weapon", "ember-court", "cinder-glaive");
    expect(id).toBe("weapon/ember-court.cinder-glaive");
    expect(parsePackEntryId(id)).toEqual({ kind: "weapon", pack: "ember-court", slug: "cinder-glaive" });
  });

  it("core ids are not pack ids", () => {
    expect(parsePackEntryId("condition/hindered")).toBeUndefined();
    expect(parsePackEntryId("condition/a.b.c")).toBeUndefined();
  });
});

describe("versions and ranges (npm semver)", () => {
  it("parses versions and rejects partial ones", () => {
    expect(parseVersion("1.2.3-beta.1+build.5")).toMatchObject({
      major: 1,
      minor: 2,
      patch: 3,
      prerelease: ["beta", 1],
    });
    expect(parseVersion("1.2")).toBeUndefined();
    expect(parseVersion("01.2.3")).toBeUndefined();
  });

  it.each([
    ["0.31.0", ">=0.31 <0.32", true],
    ["0.31.9", ">=0.31 <0.32", true],
    ["0.32.0", ">=0.31 <0.32", false],
    ["0.30.5", ">=0.31 <0.32", false],
    ["0.31.4", "^0.31", true],
    ["0.32.0", "^0.31", false],
    ["1.9.0", "^1.2.0", true],
    ["2.0.0", "^1.2.0", false],
    ["0.0.4", "^0.0.3", false],
    ["1.2.9", "~1.2.3", true],
    ["1.3.0", "~1.2.3", false],
    ["1.7.0", "1.x", true],
    ["2.0.0", "1.x", false],
    ["0.32.0", ">0.31", true],
    ["0.31.5", ">0.31", false],
    ["0.31.5", "<=0.31", true],
    ["3.0.0", "^1.0.0 || ^3.0.0", true],
    ["2.5.0", "^1.0.0 || ^3.0.0", false],
    ["1.5.0", "1.0.0 - 2.0.0", true],
    ["2.0.1", "1.0.0 - 2.0.0", false],
    ["9.9.9", "*", true],
    ["1.0.0-beta", ">=1.0.0", false],
    ["1.0.0-beta.2", ">1.0.0-beta.1", true],
    ["1.0.0-beta.11", ">1.0.0-beta.2", true],
    ["1.0.0-alpha", "<1.0.0-alpha.1", true],
    // npm's semantics: a prerelease matches only a range that names a prerelease of the same version
    ["1.0.0-beta.1", ">=0.9.0", false],
    ["0.31.0-rc.1", ">=0.31 <0.32", false],
  ])("%s in %s is %s", (version, range, expected) => {
    expect(satisfies(version, range)).toBe(expected);
  });

  it.each(["", "*", ">= 0.31", "1.2.x || 2"])("accepts range %j", (range) => {
    expect(isVersionRange(range)).toBe(true);
  });

  it.each([">=zero", "1.x.3", "^", "=>1.0.0", "1.0.0 -"])("rejects range %j", (range) => {
    expect(isVersionRange(range)).toBe(false);
  });

  it("malformed versions never satisfy", () => {
    expect(satisfies("1.0", "*")).toBe(false);
    expect(satisfies("1.0.0", "nonsense")).toBe(false);
  });
});
