// Table-driven rule tests: each fixture case lists exactly the diagnostics (message id + range) the rule gives
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
    it("reports nothing unexpected on the clean base corpus", () => {
      expect(summarize(lintCase().diagnostics, ruleId)).toEqual(base);
    });
    it.each(Object.entries(cases))("%s", (name, testCase) => {
      const result = lintCase(ruleId, name, testCase.options, testCase.prepare);
      expect(summarize(result.diagnostics, ruleId)).toEqual(testCase.expect);
    });
    it("covers every fixture case of the rule", () => {
      expect(Object.keys(cases).sort()).toEqual(caseNames(ruleId));
    });
  });
}
