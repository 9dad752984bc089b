// lintDelta: what a re-lint changed, a problem that only moved with the lines above it being neither new nor fixed
import type { Diagnostic } from "@momenta/content";
import { describe, expect, it } from "vitest";
import { fixedLine, lintDelta, summaryLine } from "./delta.ts";

describe("lintDelta", () => {
  const at = (line: number, message: string, file = "content/a.json"): Diagnostic => ({
    ruleId: "references",
    messageId: "missing",
    severity: "error",
    message,
    file,
    path: "effect",
    line,
    column: 3,
    endLine: line,
    endColumn: 9,
    related: [],
  });

  it("tells new and fixed problems apart, and a problem that only moved is neither", () => {
    const before = [at(3, "`[[A]]` does not match"), at(5, "`[[B]]` does not match")];
    // a line inserted above moves `[[A]]` to line 4; `[[B]]` is fixed; `[[C]]` is new
    const after = [at(4, "`[[A]]` does not match"), at(6, "`[[C]]` does not match")];
    const { added, fixed } = lintDelta(before, after);
    expect(added.map((d) => d.message)).toEqual(["`[[C]]` does not match"]);
    expect(fixed.map((d) => d.message)).toEqual(["`[[B]]` does not match"]);
  });

  it("counts alike problems: a second copy of the same one is new", () => {
    const one = at(3, "`[[A]]` does not match");
    const { added, fixed } = lintDelta([one], [one, at(7, "`[[A]]` does not match")]);
    expect(added.map((d) => d.line)).toEqual([7]);
    expect(fixed).toEqual([]);
    expect(lintDelta([one, one], [one]).fixed).toHaveLength(1);
  });
});

describe("the lines a re-lint prints", () => {
  const d: Diagnostic = {
    ruleId: "references",
    messageId: "missing",
    severity: "error",
    message: "`[[A]]` does not match",
    file: "content/a.json",
    path: "effect",
    line: 3,
    column: 5,
    endLine: 3,
    endColumn: 9,
    related: [],
  };

  it("names a fixed problem where it was", () => {
    expect(fixedLine(d)).toBe("fixed: content/a.json:3:5: error[references] `[[A]]` does not match");
  });

  it("words a fixed warning as the stylish report does: `warning[…]`, not the configuration's `warn`", () => {
    expect(fixedLine({ ...d, severity: "warn" })).toBe(
      "fixed: content/a.json:3:5: warning[references] `[[A]]` does not match",
    );
  });

  it("sums the whole state up with the change", () => {
    const result = {
      errorCount: 1,
      warningCount: 140,
      files: Array.from({ length: 415 }, String),
      ignored: 0,
    };
    expect(summaryLine(result, { added: [d], fixed: [] })).toBe(
      "checked 415 files: 1 error, 140 warnings · 1 new, 0 fixed",
    );
    expect(summaryLine(result, { added: [], fixed: [d, d] }, { quiet: true })).toBe(
      "checked 415 files: 1 error · 0 new, 2 fixed",
    );
    // the configuration's ignored files are loaded but not counted as checked
    expect(summaryLine({ ...result, ignored: 15 }, { added: [d], fixed: [] })).toBe(
      "checked 400 files (15 ignored): 1 error, 140 warnings · 1 new, 0 fixed",
    );
  });
});
