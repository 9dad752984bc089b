// The package's promise: no I/O and no runtime dependency — only type imports from @momenta/schema
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { CORE_ATTRIBUTES as SCHEMA_CORE_ATTRIBUTES } from "@momenta/schema";
import { describe, expect, it } from "vitest";
import { CORE_ATTRIBUTES } from "./stats/attributes.ts";

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const path = join(dir, d.name);
    if (d.isDirectory()) return sourceFiles(path);
    return d.name.endsWith(".ts") && !d.name.endsWith(".test.ts") ? [path] : [];
  });
}

const files = sourceFiles(import.meta.dirname);

describe("packages/rules stays pure", () => {
  it("has source files to check", () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((f) => [relative(import.meta.dirname, f), f]))(
    "%s imports only relative modules or types",
    (_, file) => {
      const imports = [
        ...readFileSync(file, "utf8").matchAll(/^(?:import|export)\s[^;]*?from\s+"([^"]+)"/gms),
      ].map((m) => ({
        statement: m[0],
        from: m[1] ?? "",
      }));
      for (const { statement, from } of imports) {
        if (from.startsWith("./") || from.startsWith("../")) continue;
        expect(from).toBe("@momenta/schema");
        expect(statement.startsWith("import type")).toBe(true);
      }
    },
  );

  it("restates the core → attribute map exactly as the schema's vocabulary has it", () => {
    expect(CORE_ATTRIBUTES).toEqual(SCHEMA_CORE_ATTRIBUTES);
  });
});
