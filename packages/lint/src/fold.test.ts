// foldKnockOns: a broken file's knock-ons become notes of its first error, capped, and stand alone without it
import type { Diagnostic } from "@momenta/content";
import { describe, expect, it } from "vitest";
import { foldKnockOns, MAX_FOLDED } from "./fold.ts";

const at = { line: 1, column: 1, endLine: 1, endColumn: 2 };
const parse: Diagnostic = {
  ...at,
  ruleId: "parse",
  messageId: "syntax",
  severity: "error",
  message: "invalid JSON: expected a value",
  file: "content/conditions/hindered.json",
  path: "",
  related: [],
};
const knockOn = (file: string, line: number): Diagnostic => ({
  ruleId: "references",
  messageId: "knock-on",
  severity: "warn",
  message: `\`[[Hindered]]\` in line ${line} is not checked`,
  file,
  path: "",
  line,
  column: 3,
  endLine: line,
  endColumn: 15,
  related: [{ ...at, file: parse.file, message: "`condition/hindered` would be defined here" }],
});

describe("foldKnockOns", () => {
  it("moves each knock-on under the broken file's error, leaving the original error untouched", () => {
    const folded = foldKnockOns([knockOn("content/a.json", 4), parse, knockOn("content/b.json", 2)]);
    expect(folded).toHaveLength(1);
    expect(folded[0]?.related.map((note) => [note.file, note.line, note.message])).toEqual([
      ["content/a.json", 4, "`[[Hindered]]` in line 4 is not checked"],
      ["content/b.json", 2, "`[[Hindered]]` in line 2 is not checked"],
    ]);
    expect(parse.related).toEqual([]);
  });

  it("folds one note per place when two rules report the same link", () => {
    const twice = { ...knockOn("content/a.json", 4), ruleId: "shadowed-terms" };
    const [error] = foldKnockOns([knockOn("content/a.json", 4), twice, parse]);
    expect(error?.related.map((note) => [note.file, note.line])).toEqual([["content/a.json", 4]]);
  });

  it("keeps a knock-on whose broken file reports no error", () => {
    const alone = [knockOn("content/a.json", 4)];
    expect(foldKnockOns(alone)).toEqual(alone);
  });

  it(`lists at most ${MAX_FOLDED} and says how many more`, () => {
    const many = Array.from({ length: MAX_FOLDED + 5 }, (_, i) => knockOn("content/a.json", i + 1));
    const [error] = foldKnockOns([parse, ...many]);
    expect(error?.related).toHaveLength(MAX_FOLDED);
    expect(error?.related.at(-1)?.message).toBe(
      `\`[[Hindered]]\` in line ${MAX_FOLDED} is not checked (and 5 more)`,
    );
  });
});
