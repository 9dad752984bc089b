// planFixes/applyFixes: which fixes of a file apply together, and the text they make
import type { Diagnostic } from "@momenta/content";
import { describe, expect, it } from "vitest";
import { applyFixes, planFixes } from "./fix.ts";

/** A diagnostic of line 1 whose fix replaces columns `from`–`to` (1-based, end exclusive) with `text`. */
const fixing = (from: number, to: number, text: string): Diagnostic => ({
  ruleId: "references",
  messageId: "missing",
  severity: "error",
  message: "m",
  file: "content/x.json",
  path: "",
  related: [],
  line: 1,
  column: from,
  endLine: 1,
  endColumn: to,
  fix: { range: { line: 1, column: from, endLine: 1, endColumn: to }, text },
});

describe("planFixes", () => {
  it.each([
    ["two apart, both made", "ab cd", [fixing(1, 3, "AB"), fixing(4, 6, "CD")], "AB CD"],
    ["given out of order, made in file order", "ab cd", [fixing(4, 6, "CD"), fixing(1, 3, "AB")], "AB CD"],
    ["an overlapping one waits for the next pass", "abcd", [fixing(1, 4, "X"), fixing(2, 5, "Y")], "Xd"],
    ["the same edit twice is made once", "ab", [fixing(1, 3, "AB"), fixing(1, 3, "AB")], "AB"],
    ["one that writes what is there is no fix", "ab", [fixing(1, 3, "ab")], "ab"],
    ["an empty range inserts, replacing nothing", "ab", [fixing(2, 2, "-")], "a-b"],
  ])("%s", (_name, text, diagnostics, fixed) => {
    expect(applyFixes(text, planFixes(text, diagnostics))).toBe(fixed);
  });

  it("places a fix by line and column, CRLF or LF", () => {
    const text = "one\r\ntwo [[Hindred]]\nthree";
    const diagnostic = { ...fixing(5, 16, "[[Hindered]]"), line: 2, endLine: 2 };
    diagnostic.fix = { range: { line: 2, column: 5, endLine: 2, endColumn: 16 }, text: "[[Hindered]]" };
    const [planned] = planFixes(text, [diagnostic]);
    expect(planned?.before).toBe("[[Hindred]]");
    expect(applyFixes(text, planFixes(text, [diagnostic]))).toBe("one\r\ntwo [[Hindered]]\nthree");
  });
});
