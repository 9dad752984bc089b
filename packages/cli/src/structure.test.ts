// The linter's packages' shape: no import cycle among their modules (type imports included), none of the language server, no file over 400 lines
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { findCycles, importSpecifiers } from "../../../test/support/dependencies.ts";

const packagesDir = join(import.meta.dirname, "../..");
/** The packages that were packages/validator; the dependency test checks the arrows between all of them. */
const PACKAGES = ["content", "lint", "export", "cli"].map((name) => join(packagesDir, name));
const MAX_LINES = 400;

/** Every `.ts` file below `dir`, absolute. */
function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : tsFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

/** Module → the modules it imports (relative imports of non-test files under src/). */
function importGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const targets = relativeImports(file).map((specifier) => resolve(dirname(file), specifier));
    graph.set(
      file,
      targets.filter((target) => files.includes(target)),
    );
  }
  return graph;
}

/** Every relative specifier a file imports (static, type-only, re-exported or dynamic). */
const relativeImports = (file: string) =>
  importSpecifiers(readFileSync(file, "utf8")).filter((specifier) => specifier.startsWith("."));

const sourceDirs = PACKAGES.map((dir) => join(dir, "src"));
const sources = sourceDirs.flatMap(tsFiles).filter((file) => !file.endsWith(".test.ts"));
const name = (file: string) => relative(packagesDir, file).replace(/\.ts$/, "");

describe("module structure", () => {
  it("has no import cycle in src/", () => {
    const cycles = findCycles(importGraph(sources)).map((cycle) => cycle.map(name).join(" → "));
    expect(cycles).toEqual([]);
  });

  it("finds a cycle when there is one (the walk itself)", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(findCycles(graph)).toEqual([["a", "b", "c", "a"]]);
    expect(
      findCycles(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("never imports the language server, which is built on it (dependencies point one way)", () => {
    const languageServer = join(packagesDir, "language-server");
    // tests too (a test importing the server would be the same cycle), but not this file, which names it
    const importers = sourceDirs.flatMap(tsFiles).filter((file) => {
      if (file === import.meta.filename) return false;
      const text = readFileSync(file, "utf8");
      if (/["']@momenta\/language-server(?:\/[^"']*)?["']/.test(text)) return true;
      return relativeImports(file).some((specifier) =>
        resolve(dirname(file), specifier).startsWith(`${languageServer}/`),
      );
    });
    expect(importers.map(name)).toEqual([]);
    for (const dir of PACKAGES) {
      const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
      expect(Object.keys({ ...manifest.dependencies, ...manifest.devDependencies })).not.toContain(
        "@momenta/language-server",
      );
    }
  });

  it(`keeps every source file of packages/{content,lint,export,cli} under ${MAX_LINES} lines`, () => {
    const long = PACKAGES.flatMap(tsFiles)
      .map(
        (file) => [relative(packagesDir, file), readFileSync(file, "utf8").split("\n").length - 1] as const,
      )
      .filter(([, lines]) => lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});
