// Pack linting: a pack's own files (manifest, an entry's `source`) get the schema rule's did-you-mean and fix
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Diagnostic } from "@momenta/content";
import { describe, expect, it } from "vitest";
import { lintPacks } from "./lint-pack.ts";

const coreRoot = join(import.meta.dirname, "../../..");

/** Compact form for assertions: `file line:column rule/message`. */
const brief = (d: Diagnostic) => `${d.file} ${d.line}:${d.column} ${d.ruleId}/${d.messageId}`;

describe("schema problems of a pack's own files", () => {
  it("get the did-you-mean and its fix, as an entry's do", () => {
    const dir = mkdtempSync(join(tmpdir(), "momenta-pack-"));
    try {
      mkdirSync(join(dir, "p/content/conditions"), { recursive: true });
      const manifest = `{
  "id": "rites",
  "name": "Rites",
  "version": "1.0.0",
  "momenta": "^0.31",
  "licence": "CC0-1.0",
  "authors": ["test"]
}
`;
      writeFileSync(join(dir, "p/momenta-pack.json"), manifest);
      const condition = {
        id: "condition/rites.ashen",
        name: "Ashen",
        description: "Ash clings to you.",
        stackable: false,
        clear: "end of scene",
        source: { pack: "rites", sectoin: "Ash" },
      };
      writeFileSync(join(dir, "p/content/conditions/ashen.json"), `${JSON.stringify(condition, null, 2)}\n`);
      const result = lintPacks({ packs: ["p"], cwd: dir, coreRoot });
      const keys = result.diagnostics.filter((d) => d.messageId === "unknown-key");
      expect(keys.map((d) => [brief(d), d.message, d.help, d.fix?.text])).toEqual([
        [
          "p/content/conditions/ashen.json 9:5 schema/unknown-key",
          "unknown key `sectoin`",
          "did you mean `section`",
          '"section"',
        ],
        [
          "p/momenta-pack.json 6:3 schema/unknown-key",
          "unknown key `licence`",
          "did you mean `license`, a required field that is missing",
          '"license"',
        ],
      ]);
      // the fix replaces the key itself, quotes included: line 6, columns 3 to 12
      expect(keys[1]?.fix?.range).toEqual({ line: 6, column: 3, endLine: 6, endColumn: 12 });
      expect(manifest.split("\n")[5]?.slice(2, 11)).toBe('"licence"');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
