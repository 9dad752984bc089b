// Table-driven rule tests: each fixture case lists exactly the diagnostics (message id + range) the rule gives, and
// what they say to the author (message and help) is kept, case by case, in a text snapshot beside the tests
import type { Diagnostic } from "@momenta/content";
import { describe, expect, it } from "vitest";
import { caseNames, type Expected, lintCase, summarize } from "../../../test/support/lint-harness.ts";
import type { LintOptions } from "../src/lint.ts";

export interface RuleCase {
  /** Every diagnostic of the rule under test; an empty list is a valid case. */
  expect: Expected[];
  options?: Partial<LintOptions>;
  prepare?: (root: string) => void;
}

export function describeRule(ruleId: string, cases: Record<string, RuleCase>, base: Expected[] = []): void {
  describe(`rule ${ruleId}`, () => {
    const said = new Map<string, readonly Diagnostic[]>();
    it("reports nothing unexpected on the clean base corpus", () => {
      expect(summarize(lintCase().diagnostics, ruleId)).toEqual(base);
    });
    it.each(Object.entries(cases))("%s", (name, testCase) => {
      const result = lintCase(ruleId, name, testCase.options, testCase.prepare);
      expect(summarize(result.diagnostics, ruleId)).toEqual(testCase.expect);
      said.set(
        name,
        result.diagnostics.filter((diagnostic) => diagnostic.ruleId === ruleId),
      );
    });
    // the words users read: each case's messages and helps, in the order the cases run
    it("says what its snapshot says, case by case (message and help)", async () => {
      expect([...said.keys()].sort()).toEqual(Object.keys(cases).sort());
      const text = [...said]
        .sort(([a], [b]) => a.localeCompare(b))
        .flatMap(([name, diagnostics]) => [
          `${name}:`,
          ...diagnostics.flatMap((diagnostic) => [
            `  ${diagnostic.messageId} ${diagnostic.line}:${diagnostic.column} ${diagnostic.message}`,
            ...(diagnostic.help ? [`    help: ${diagnostic.help}`] : []),
          ]),
        ])
        .join("\n");
      await expect(`${text}\n`).toMatchFileSnapshot(`./__snapshots__/${ruleId}.txt`);
    });
    // the house style checked on the words as filled in, where a template's `{label}` may start a sentence
    it("starts each message and help lowercase, with no trailing period", () => {
      const texts = [...said.values()]
        .flat()
        .flatMap((diagnostic) => [diagnostic.message, diagnostic.help ?? ""]);
      expect(texts.filter((text) => /^[A-Z][a-z]/.test(text) || /\.$/.test(text))).toEqual([]);
    });
    it("covers every fixture case of the rule", () => {
      expect(Object.keys(cases).sort()).toEqual(caseNames(ruleId));
    });
  });
}
