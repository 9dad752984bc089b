// generate:schemas: every schema file written whole, stale ones removed last, editor settings merged not replaced
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseSettings } from "@momenta/cli";
import { KINDS } from "@momenta/schema";
import { generateJsonSchemas, serializeJsonSchema } from "@momenta/schema/generate";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { failWritesAfter } from "../test/support/fs-failures.ts";
import { generateSchemaFiles, SCHEMA_DIR, vocabularyOf } from "./generate-json-schemas.ts";

vi.mock("node:fs", async (importOriginal) =>
  (await import("../test/support/fs-failures.ts")).withDeniedReads(await importOriginal()),
);

const repo = join(import.meta.dirname, "..");
const content = join(repo, "content");
const documents = generateJsonSchemas(vocabularyOf(content));
let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "momenta-schemas-"));
});
afterEach(() => {
  failWritesAfter(undefined);
  rmSync(root, { recursive: true, force: true });
});

describe("generateSchemaFiles", () => {
  it("writes every schema and the same settings file the repository holds", () => {
    expect(generateSchemaFiles(root, content)).toEqual({ schemas: documents.size });
    expect(readdirSync(join(root, SCHEMA_DIR)).sort()).toEqual([...documents.keys()].sort());
    for (const [file, document] of documents)
      expect(readFileSync(join(root, SCHEMA_DIR, file), "utf8")).toBe(serializeJsonSchema(document));
    expect(readFileSync(join(root, ".vscode/settings.json"), "utf8")).toBe(
      readFileSync(join(repo, ".vscode/settings.json"), "utf8"),
    );
  });

  it("an interrupted run deletes nothing: every file is old or new, whole, and no temp file is left", () => {
    generateSchemaFiles(root, content);
    const dir = join(root, SCHEMA_DIR);
    writeFileSync(join(dir, "retired.schema.json"), "{}\n");
    const before = new Map(readdirSync(dir).map((file) => [file, readFileSync(join(dir, file), "utf8")]));
    failWritesAfter(20_000); // the disk fills during the second file
    expect(() => generateSchemaFiles(root, content)).toThrow(/ENOSPC/);
    expect(new Map(readdirSync(dir).map((file) => [file, readFileSync(join(dir, file), "utf8")]))).toEqual(
      before,
    );
  });

  it("merges into a developer's settings: their keys, schema entries and comments stay", () => {
    mkdirSync(join(root, ".vscode"));
    const mine = [
      "{",
      "  // my editor, my rules",
      '  "editor.tabSize": 4,',
      '  "json.schemas": [',
      '    { "fileMatch": ["/tools/*.json"], "url": "./tools/schema.json" },',
      '    { "fileMatch": ["/content/old/*.json"], "url": "./packages/schema/json-schema/old.schema.json" }',
      "  ],",
      '  "files.associations": { "*.md": "markdown" },',
      "}",
      "",
    ].join("\n");
    writeFileSync(join(root, ".vscode/settings.json"), mine);
    generateSchemaFiles(root, content);
    const text = readFileSync(join(root, ".vscode/settings.json"), "utf8");
    expect(text).toContain("// my editor, my rules");
    const settings = parseSettings(text) ?? {};
    expect(settings["editor.tabSize"]).toBe(4);
    expect(settings["files.associations"]).toEqual({ "*.md": "markdown", "*.mdx": "mdx" });
    const urls = (settings["json.schemas"] as { url: string }[]).map((entry) => entry.url);
    expect(urls).toContain("./tools/schema.json");
    expect(urls).not.toContain("./packages/schema/json-schema/old.schema.json");
    // one per kind, and the lint configuration's
    expect(urls.filter((url) => url.startsWith("./packages/schema/json-schema/"))).toHaveLength(
      KINDS.length + 1,
    );
    expect(urls).toContain("./packages/schema/json-schema/config.schema.json");
    // a second run changes nothing
    generateSchemaFiles(root, content);
    expect(readFileSync(join(root, ".vscode/settings.json"), "utf8")).toBe(text);
  });

  it("leaves a settings file it cannot read as JSON alone", () => {
    mkdirSync(join(root, ".vscode"));
    writeFileSync(join(root, ".vscode/settings.json"), "{ not json\n");
    expect(() => generateSchemaFiles(root, content)).toThrow(
      "`.vscode/settings.json` is not a JSON object (with comments), so it was left as it is: fix it or delete it",
    );
    expect(readFileSync(join(root, ".vscode/settings.json"), "utf8")).toBe("{ not json\n");
  });
});
