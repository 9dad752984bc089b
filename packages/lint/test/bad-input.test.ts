// Bad input never crashes the linter: every broken fixture yields positioned diagnostics and the rest still lints
import { cpSync, existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Diagnostic } from "@momenta/content";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DENIED, denyReads, makeSpecialFiles } from "../../../test/support/fs-failures.ts";
import { FIXTURES, linkOutside, lintCase, withCase } from "../../../test/support/lint-harness.ts";
import { lintContentSync } from "../src/lint.ts";

// root reads chmod-000 files, so the unreadable cases are simulated (test/fail-closed.test.ts runs the real thing)
vi.mock("node:fs", async (importOriginal) =>
  (await import("../../../test/support/fs-failures.ts")).withDeniedReads(await importOriginal()),
);
afterEach(() => DENIED.clear());

const BAD_INPUT_RULES = ["parse", "unsafe-input", "encoding", "mdx-code", "unknown-file"];
const cases = BAD_INPUT_RULES.flatMap((rule) =>
  readdirSync(join(FIXTURES, "rules", rule))
    .sort()
    .map((name) => [rule, name] as const),
);

const SPECIAL: Record<
  string,
  {
    limits?: Record<string, number>;
    prepare?: (root: string) => void;
    ruleId?: string;
    clean?: boolean;
    /** Nothing else can be read, so no other file is linted. */
    alone?: boolean;
  }
> = {
  "unsafe-input/huge-string": { limits: { maxStringLength: 1000 } },
  "unsafe-input/too-large": { limits: { maxFileBytes: 2048 } },
  "unsafe-input/mdx-too-large": { limits: { maxMdxChars: 1000 } },
  "unsafe-input/markdown-containers": { limits: { maxMarkdownContainers: 5 } },
  "unsafe-input/markdown-markers": { limits: { maxMarkdownMarkers: 20 } },
  "unsafe-input/yaml-too-deep": { limits: { maxYamlNesting: 4 } },
  "unsafe-input/too-many-items": { limits: { maxArrayItems: 3 } },
  "unsafe-input/too-many-keys": { limits: { maxObjectKeys: 20 } },
  "unsafe-input/symlinks": { prepare: linkOutside },
  "unsafe-input/special-files": { prepare: makeSpecialFiles },
  "unsafe-input/unreadable": {
    prepare: (root) => denyReads(join(root, "content/armor"), join(root, "content/weapons/dagger.json")),
  },
  "unsafe-input/unreadable-content": { prepare: (root) => denyReads(join(root, "content")), alone: true },
  "encoding/crlf": { clean: true },
  "encoding/crlf-with-error": { ruleId: "schema" },
};

/** A deliberate error in an unrelated file: it must still be found next to any broken file. */
function addMarker(root: string): void {
  writeFileSync(
    join(root, "content/damage-types/marker.json"),
    '{\n  "id": "damage-type/marker",\n  "name": "Marker",\n  "source": { "book": "core-rules", "chapter": "20" },\n  "status": "complet"\n}\n',
  );
}

function validPosition(d: Diagnostic): boolean {
  return (
    Number.isInteger(d.line) &&
    Number.isInteger(d.column) &&
    d.line >= 1 &&
    d.column >= 1 &&
    (d.endLine > d.line || (d.endLine === d.line && d.endColumn > d.column))
  );
}

describe("bad input", () => {
  it.each(cases)("%s/%s: positioned diagnostics, other files still linted", (rule, name) => {
    const special = SPECIAL[`${rule}/${name}`] ?? {};
    const result = lintCase(rule, name, { limits: special.limits ?? {} }, (root) => {
      addMarker(root);
      special.prepare?.(root);
    });
    // every case but the clean CRLF ones is caught by the rule it is filed under
    const own = result.diagnostics.filter((d) => d.ruleId === (special.ruleId ?? rule));
    expect(own.length).toBeGreaterThan(special.clean ? -1 : 0);
    expect(result.diagnostics.filter((d) => !validPosition(d))).toEqual([]);
    if (special.alone) return;
    expect(
      result.diagnostics.some((d) => d.file === "content/damage-types/marker.json" && d.messageId === "enum"),
    ).toBe(true);
    expect(result.graph.get("condition/grabbed")).toBeDefined();
    expect(result.graph.get("chapter/conditions-and-states")).toBeDefined();
  });

  it("CRLF files get the same positions as LF files", () => {
    const lf = lintCase("encoding", "crlf-with-error").diagnostics.find((d) => d.ruleId === "schema");
    expect(lf).toMatchObject({ line: 9, column: 18, endLine: 9, endColumn: 24 });
  });

  it("a BOM file still loads as an entry", () => {
    const result = lintCase("encoding", "bom");
    expect(result.graph.get("weapon/dagger")?.valid).toBe(true);
  });

  it("prototype keys never reach an object's prototype", () => {
    const result = lintCase("unsafe-input", "proto-keys");
    const dagger = result.graph.entries.get("weapon/dagger");
    expect(dagger).toBeDefined();
    expect(Object.getPrototypeOf(dagger?.data)).toBe(Object.prototype);
    expect(Object.hasOwn(dagger?.data ?? {}, "__proto__")).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("never executes chapter code (imports, exports, expressions)", () => {
    const result = withCase(
      undefined,
      undefined,
      (root) => {
        const outcome = lintContentSync({ root });
        return { outcome, executed: existsSync(join(root, "EXECUTED")) };
      },
      (root) => cpSync(join(FIXTURES, "never-run"), root, { recursive: true }),
    );
    expect(result.executed).toBe(false);
    expect((globalThis as { __momentaExecuted?: boolean }).__momentaExecuted).toBeUndefined();
    const code = result.outcome.diagnostics
      .filter((d) => d.ruleId === "mdx-code")
      .map((d) => [d.line, d.column]);
    expect(code).toEqual([
      [10, 1],
      [12, 1],
      [16, 8],
      [18, 10],
    ]);
  });

  it("symlinks are reported, not followed: the sentinel outside the folder is never read", () => {
    const result = lintCase(undefined, undefined, {}, linkOutside);
    expect(result.graph.get("focus/secret")).toBeUndefined();
    expect([...result.graph.entries.values()].some((entry) => entry.name === "SENTINEL")).toBe(false);
    expect(result.graph.source("content/weapons/secret.json")).toBeUndefined();
    expect(result.diagnostics.some((d) => d.messageId === "symlink")).toBe(true);
  });
});
