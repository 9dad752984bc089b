// `rules-changed`: a pack declaring older rules is warned where it references or patches what a later release changed
import { join } from "node:path";
import type { Diagnostic } from "@momenta/content";
import { describe, expect, it } from "vitest";
import { lintPacks } from "../lint-pack.ts";
import { readReleaseChanges } from "./rules-changed.ts";

const fixtures = join(import.meta.dirname, "../../test/fixtures");
const cwd = join(fixtures, "packs");
// a synthetic history (test/fixtures/changes/0.31.0.json): rules 0.31.0 changed Dagger and Hindered, renamed Sorrowmaw
const changes = readReleaseChanges(fixtures);
const show = (d: Diagnostic) =>
  `${d.file}:${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.severity} ${d.ruleId}/${d.messageId} ${d.message}${d.help ? ` | help: ${d.help}` : ""}`;
const CHECK =
  "check that the pack still reads right with the new text, then raise `momenta` in momenta-pack.json";

describe("rules-changed", () => {
  it("warns at each reference and patch of an entry changed or renamed after the declared rules, naming the field", () => {
    const result = lintPacks({ packs: ["old-rules"], cwd, changes });
    expect(result.diagnostics.map(show)).toEqual([
      `old-rules/content/conditions/marked.json:8:32-8:42 warn rules-changed/changed \`weapon/dagger\` changed in rules 0.31.0 (\`damage.3+\`) since the rules \`>=0.30\` this pack declares | help: ${CHECK}`,
      `old-rules/content/conditions/marked.json:8:44-8:56 warn rules-changed/changed \`condition/hindered\` changed in rules 0.31.0 (\`effect\`) since the rules \`>=0.30\` this pack declares | help: ${CHECK}`,
      "old-rules/content/conditions/marked.json:8:61-8:74 warn rules-changed/renamed `[[Sorrowmaw]]` points at `enemy/sorrowmaw`, renamed to `enemy/sorrowmaw-the-grief-drake` in rules 0.31.0 | help: write the new name, `[[Sorrowmaw, the Grief-Drake]]`",
      "old-rules/patches/weapon/dagger.json:2:15-2:19 warn rules-changed/patch-changed this patch sets `damage.3+` of `weapon/dagger`, which rules 0.31.0 changed (11 → 12) | help: check the house rule against the new rules, then raise `momenta` in momenta-pack.json",
    ]);
    expect({ errors: result.errorCount, warnings: result.warningCount }).toEqual({ errors: 0, warnings: 4 });
  });

  it("is silent for a pack that declares the current rules, and can be turned off or up like any rule", () => {
    expect(lintPacks({ packs: ["ash-roads"], cwd, changes }).diagnostics.map(show)).toEqual([]);
    expect(
      lintPacks({ packs: ["old-rules"], cwd, changes, rules: { "rules-changed": "off" } }).diagnostics,
    ).toEqual([]);
    const strict = lintPacks({ packs: ["old-rules"], cwd, changes, rules: { "rules-changed": "error" } });
    expect(strict.errorCount).toBe(4);
  });
});
