// Parity: every registered rule has its own file, a table of tests, a docs page, and well-formed metadata
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { docsUrl, formatMessage, KNOCK_ON, noteOf, schemaRule } from "@momenta/content";
import { describe, expect, it } from "vitest";
import { PACK_RULES } from "../pack/rules.ts";
import { RULES } from "./index.ts";

const packageDir = join(import.meta.dirname, "../..");
const NOT_RULES = new Set(["index.ts", "util.ts"]);

describe("rule registry", () => {
  it("is sorted by id, ids unique", () => {
    const ids = RULES.map((rule) => rule.meta.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("registers every rule file in src/rules/ and every core rule of the loader's catalog", () => {
    const ruleFiles = (dir: string, skip: ReadonlySet<string>) =>
      readdirSync(dir)
        .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !skip.has(file))
        .map((file) => file.replace(/\.ts$/, ""));
    // the catalog's `pack` and `patch` files hold pack rules, registered with PACK_RULES (src/pack/rules.ts)
    const files = [
      ...ruleFiles(join(packageDir, "src/rules"), NOT_RULES),
      ...ruleFiles(join(packageDir, "../content/src/catalog"), new Set(["pack.ts", "patch.ts"])),
    ].sort();
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
      // graph rules check the finished graph; load rules report while files are read (and may check it too)
      if (meta.stage === "graph") expect(typeof rule.check).toBe("function");
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

  it("the CLI's README lists every rule, each linked to its docs page", () => {
    const readme = join(packageDir, "../cli/README.md");
    const rows = [...readFileSync(readme, "utf8").matchAll(/^\| \[([a-z-]+)\]\(([^)]+)\) \|/gm)];
    const linked = new Map(rows.map((row) => [row[1] as string, row[2] as string]));
    for (const rule of [...RULES, ...PACK_RULES]) {
      const link = linked.get(rule.meta.id);
      expect(link, rule.meta.id).toBe(`../lint/docs/rules/${rule.meta.id}.md`);
      expect(existsSync(join(packageDir, "../cli", link as string)), rule.meta.id).toBe(true);
    }
  });

  it("help texts are keyed by the rule's own message ids (a variant as `<messageId>.<variant>`)", () => {
    for (const rule of [...RULES, ...PACK_RULES]) {
      for (const key of Object.keys(rule.meta.help ?? {}))
        expect(Object.keys(rule.meta.messages), `${rule.meta.id}/${key}`).toContain(key.split(".")[0]);
    }
  });

  it("gives every refinement code in the schemas a message id of the schema rule", () => {
    const schemaSrc = join(packageDir, "../schema/src");
    const codes = new Set<string>();
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts"))
          for (const match of readFileSync(path, "utf8").matchAll(/params: \{ code: "([a-z-]+)" \}/g))
            codes.add(match[1] as string);
      }
    };
    walk(schemaSrc);
    expect(codes.size).toBeGreaterThan(10);
    for (const code of codes) expect(Object.keys(schemaRule.meta.messages), code).toContain(code);
  });

  it("messages follow the house style: lowercase start, no trailing period", () => {
    for (const rule of [...RULES, ...PACK_RULES]) {
      const texts = [rule.meta.messages, rule.meta.help ?? {}, rule.meta.notes ?? {}].flatMap(Object.entries);
      for (const [messageId, text] of texts) {
        expect(text, `${rule.meta.id}/${messageId}`).not.toMatch(/\.$/);
        expect(text, `${rule.meta.id}/${messageId}`).not.toMatch(/^[A-Z][a-z]/);
      }
    }
  });

  // what users read under a diagnostic is worded in the rule's meta, where the style check above sees it (a rule's
  // `relatedAt` takes a note id, and throws on one its meta lacks)
  it("notes are taken from a rule's meta, not written where they are reported", () => {
    const literal = /\.related\([^,()]*,[^,()]*,\s*["'`]/;
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts"))
          readFileSync(path, "utf8")
            .split("\n")
            .forEach((line, index) => {
              if (literal.test(line)) offenders.push(`${path}:${index + 1}`);
            });
      }
    };
    for (const dir of ["src", "../content/src/loader"]) walk(join(packageDir, dir));
    expect(offenders).toEqual([]);
  });

  it("every note a rule words is keyed and styled (an unknown note id is the rule's bug)", () => {
    const rule = RULES.find((candidate) => candidate.meta.id === "ids");
    expect(rule && noteOf(rule.meta, "first-defined")).toBe("first defined here");
    expect(() => rule && noteOf(rule.meta, "no-such-note")).toThrow("rule `ids` has no note `no-such-note`");
    expect(formatMessage(KNOCK_ON.note, { id: "condition/hindered" })).toBe(
      "`condition/hindered` would be defined here",
    );
  });
});
