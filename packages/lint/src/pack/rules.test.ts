// The pack rules meet the registry's bar: docs page per rule naming every message, house-style messages
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { docsUrl } from "@momenta/content";
import { describe, expect, it } from "vitest";
import { RULES } from "../rules/index.ts";
import { PACK_RULES } from "./rules.ts";

const packageDir = join(import.meta.dirname, "../..");

describe("pack rules", () => {
  it("do not reuse a core rule id", () => {
    const core = new Set(RULES.map((rule) => rule.meta.id));
    for (const rule of PACK_RULES) expect(core.has(rule.meta.id), rule.meta.id).toBe(false);
  });

  it.each(PACK_RULES.map((rule) => [rule.meta.id, rule] as const))(
    "%s has docs and complete metadata",
    (id, rule) => {
      expect(rule.meta.docs).toBe(docsUrl(id));
      const docs = readFileSync(join(packageDir, "docs/rules", `${id}.md`), "utf8");
      expect(docs.startsWith(`# ${id}\n`)).toBe(true);
      for (const [messageId, text] of Object.entries(rule.meta.messages)) {
        expect(docs, messageId).toContain(`\`${messageId}\``);
        expect(text, messageId).not.toMatch(/\.$/);
        expect(text, messageId).not.toMatch(/^[A-Z][a-z]/);
      }
    },
  );
});
