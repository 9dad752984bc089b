// Parity: every registered rule has its own file, a table of tests, a docs page, and well-formed metadata
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { docsUrl } from "../rule.ts";
import { RULES } from "./index.ts";

const packageDir = join(import.meta.dirname, "../..");
const NOT_RULES = new Set(["index.ts", "util.ts", "registry.test.ts"]);

describe("rule registry", () => {
  it("is sorted by id, ids unique", () => {
    const ids = RULES.map((rule) => rule.meta.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("registers every rule file in src/rules/", () => {
    const files = readdirSync(join(packageDir, "src/rules"))
      .filter((file) => file.endsWith(".ts") && !NOT_RULES.has(file))
      .map((file) => file.replace(/\.ts$/, ""))
      .sort();
    expect(files).toEqual(RULES.map((rule) => rule.meta.id));
  });

  it.each(RULES.map((rule) => [rule.meta.id, rule] as const))(
    "%s has tests, docs and complete metadata",
    (id, rule) => {
      const meta = rule.meta;
      expect(meta.id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(meta.description.length).toBeGreaterThan(10);
      expect(["error", "warn"]).toContain(meta.defaultSeverity);
      expect(meta.docs).toBe(docsUrl(id));
      expect(Object.keys(meta.messages).length).toBeGreaterThan(0);
      expect(meta.stage === "graph").toBe(typeof rule.check === "function");
      const testFile = join(packageDir, "test/rules", `${id}.test.ts`);
      expect(existsSync(testFile)).toBe(true);
      expect(readFileSync(testFile, "utf8")).toMatch(new RegExp(`describeRule\\(\\s*"${id}"`));
      const docsFile = join(packageDir, "docs/rules", `${id}.md`);
      expect(existsSync(docsFile)).toBe(true);
      const docs = readFileSync(docsFile, "utf8");
      expect(docs.startsWith(`# ${id}\n`)).toBe(true);
      for (const messageId of Object.keys(meta.messages)) expect(docs).toContain(`\`${messageId}\``);
    },
  );

  it("messages follow the house style: lowercase start, no trailing period", () => {
    for (const rule of RULES) {
      for (const [messageId, text] of Object.entries(rule.meta.messages)) {
        expect(text, `${rule.meta.id}/${messageId}`).not.toMatch(/\.$/);
        expect(text, `${rule.meta.id}/${messageId}`).not.toMatch(/^[A-Z][a-z]/);
      }
    }
  });
});
