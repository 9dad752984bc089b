// The import arrows of the repository (test/support/dependencies.ts) hold, and the check fails on each kind of wrong arrow
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { checkDependencies, importSpecifiers, type Violation } from "./support/dependencies.ts";

const REPO = join(import.meta.dirname, "..");

/**
 * Arrows that are known to be wrong today, each with what removes it. The test fails when one disappears too, so
 * the list only shrinks.
 */
const KNOWN: readonly { rule: Violation["rule"]; file: string; specifier: string; until: string }[] = [
  {
    rule: "folder-cycle",
    file: "packages/language-server/src/server.ts",
    specifier: "server.ts → navigation.ts → server.ts",
    until: "issue 25's language-server work splits the request handlers from the server",
  },
];

describe("the repository's imports", () => {
  it("point down the layers, by package name, through declared exports, with no folder cycle", () => {
    const found = checkDependencies(REPO).map(({ rule, file, specifier }) => ({ rule, file, specifier }));
    expect(found).toEqual(KNOWN.map(({ rule, file, specifier }) => ({ rule, file, specifier })));
  });
});

type Files = Record<string, string>;
const manifest = (name: string, dependencies: string[] = [], exports: Record<string, string> = {}) =>
  JSON.stringify({
    name,
    exports: { ".": "./src/index.ts", ...exports },
    dependencies: Object.fromEntries(dependencies.map((dependency) => [dependency, "workspace:*"])),
  });
/** A small workspace: content below lint and export, cli above them. */
const WORKSPACE: Files = {
  "packages/content/package.json": manifest("@momenta/content"),
  "packages/content/src/index.ts": "export const loader = 1;\n",
  "packages/content/src/loader/load.ts": 'import { file } from "../source/file.ts";\n',
  "packages/content/src/source/file.ts": "export const file = 1;\n",
  "packages/lint/package.json": manifest("@momenta/lint", ["@momenta/content"]),
  "packages/lint/src/index.ts": 'import type { loader } from "@momenta/content";\n',
  "packages/export/package.json": manifest("@momenta/export", ["@momenta/content"], {
    "./api": "./src/api.ts",
  }),
  "packages/export/src/index.ts": 'export { loader } from "@momenta/content";\n',
  "packages/export/src/api.ts": "export const api = 1;\n",
  "packages/cli/package.json": manifest("@momenta/cli", ["@momenta/lint", "@momenta/export"]),
  "packages/cli/src/index.ts": 'import "@momenta/lint";\nimport { api } from "@momenta/export/api";\n',
  "scripts/task.ts": 'import { loader } from "@momenta/content";\n',
};

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function violationsOf(extra: Files): Array<Pick<Violation, "rule" | "file" | "specifier">> {
  const root = mkdtempSync(join(tmpdir(), "momenta-dependencies-"));
  roots.push(root);
  for (const [path, text] of Object.entries({ ...WORKSPACE, ...extra })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return checkDependencies(root).map(({ rule, file, specifier }) => ({ rule, file, specifier }));
}

describe("checkDependencies", () => {
  it("accepts a workspace whose arrows point down", () => {
    expect(violationsOf({})).toEqual([]);
  });

  it.each<[string, Files, Array<Pick<Violation, "rule" | "file" | "specifier">>]>([
    [
      "a package importing one above it",
      { "packages/content/src/loader/lint.ts": 'import type { x } from "@momenta/lint";\n' },
      [
        { rule: "undeclared", file: "packages/content/src/loader/lint.ts", specifier: "@momenta/lint" },
        { rule: "upward", file: "packages/content/src/loader/lint.ts", specifier: "@momenta/lint" },
      ],
    ],
    [
      "a package importing one of its own layer",
      {
        "packages/lint/package.json": manifest("@momenta/lint", ["@momenta/content", "@momenta/export"]),
        "packages/lint/src/report.ts": 'export { api } from "@momenta/export";\n',
      },
      [{ rule: "sideways", file: "packages/lint/src/report.ts", specifier: "@momenta/export" }],
    ],
    [
      "a deep path past a package's exports",
      { "packages/cli/src/load.ts": 'const load = await import("@momenta/export/src/api.ts");\n' },
      [{ rule: "deep-path", file: "packages/cli/src/load.ts", specifier: "@momenta/export/src/api.ts" }],
    ],
    [
      "another package's src/ by relative path",
      { "scripts/bench.ts": 'import { file } from "../packages/content/src/source/file.ts";\n' },
      [
        {
          rule: "relative-into-package",
          file: "scripts/bench.ts",
          specifier: "../packages/content/src/source/file.ts",
        },
      ],
    ],
    [
      "a workspace package used without being declared",
      { "packages/export/package.json": manifest("@momenta/export", [], { "./api": "./src/api.ts" }) },
      [{ rule: "undeclared", file: "packages/export/src/index.ts", specifier: "@momenta/content" }],
    ],
    [
      "two folders of a package importing each other",
      { "packages/content/src/source/file.ts": 'import "../loader/load.ts";\nexport const file = 1;\n' },
      [
        {
          rule: "folder-cycle",
          file: "packages/content/src/loader/load.ts",
          specifier: "loader → source → loader",
        },
      ],
    ],
  ])("fails on %s", (_name, extra, expected) => {
    expect(violationsOf(extra)).toEqual(expected);
  });

  it("lets tests cross their own package's folders", () => {
    expect(
      violationsOf({ "packages/content/src/source/file.test.ts": 'import "../loader/load.ts";\n' }),
    ).toEqual([]);
  });

  it("reads type-only, re-export, side-effect, dynamic and require specifiers", () => {
    const text = [
      'import type { A } from "a";',
      'export { b } from "b";',
      'import "c";',
      'const d = await import("d");',
      'const e = require("e");',
      "import {\n  f,\n  type G,\n} from 'f';",
    ].join("\n");
    expect(importSpecifiers(text).sort()).toEqual(["a", "b", "c", "d", "e", "f"]);
  });
});
