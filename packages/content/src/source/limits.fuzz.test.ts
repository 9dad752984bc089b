// Fuzz: hostile operator runs spliced into real prose never throw, and every run long enough to be super-linear is
// refused by the pre-scan before a parser sees it (fast-check, fixed seed, 1,000 mutations)
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lintProse } from "../prose/lint.ts";
import { parseProse } from "../prose/parse.ts";
import { walkStrings } from "./json.ts";
import { checkMarkdownLimits, DEFAULT_MARKDOWN_LIMITS } from "./limits.ts";
import { parseMdx } from "./mdx.ts";

const repo = join(import.meta.dirname, "../../../..");

/** Prose strings of real entries, and two real chapters. */
function realTexts(): string[] {
  const texts: string[] = [];
  for (const folder of ["conditions", "weapons", "maneuvers", "arts"]) {
    for (const file of readdirSync(join(repo, "content", folder)).slice(0, 10)) {
      const value = JSON.parse(readFileSync(join(repo, "content", folder, file), "utf8"));
      for (const [text] of walkStrings(value)) if (text.length > 20) texts.push(text);
    }
  }
  texts.push(readFileSync(join(repo, "content/rules/22-conditions-and-states.mdx"), "utf8"));
  return texts;
}

/** The operators: each costs a parser super-linear time (or stack) when repeated. */
const OPERATORS = [
  "> ",
  "*_",
  "_a*",
  "~~a",
  "[a](",
  "[^a",
  "* a\n",
  "1. ",
  "<b>",
  "a <b>\n",
  "- - ",
  "[a]: b\n",
];

describe("fuzzing the Markdown pre-scan with hostile runs", () => {
  const texts = realTexts();

  it("never throws, parses what it accepts, and refuses every run past the caps", () => {
    let refused = 0;
    let parsed = 0;
    fc.assert(
      fc.property(
        fc.nat({ max: texts.length - 1 }),
        fc.nat(),
        fc.nat({ max: OPERATORS.length - 1 }),
        fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 2_100, max: 30_000 })),
        (pick, at, operator, count) => {
          const base = texts[pick] as string;
          const i = at % (base.length + 1);
          const run = (OPERATORS[operator] as string).repeat(count);
          // at a line start, where quote and list markers open containers
          const text = `${base.slice(0, i)}\n${run}${base.slice(i)}`;
          const problem = checkMarkdownLimits(text);
          // a run this long holds more markers or containers than any cap allows
          if (count > 2 * DEFAULT_MARKDOWN_LIMITS.maxMarkdownMarkers) expect(problem).toBeDefined();
          if (problem) {
            refused++;
            expect(problem.start).toBeGreaterThanOrEqual(0);
            expect(problem.start).toBeLessThan(text.length);
            return;
          }
          parsed++;
          expect(() => parseProse(text)).not.toThrow();
          expect(() => lintProse(text)).not.toThrow();
          if (text.startsWith("---")) expect(parseMdx(text).problems.length).toBeGreaterThanOrEqual(0);
        },
      ),
      { numRuns: 1_000, seed: 1_717 },
    );
    // both sides of the caps were exercised
    expect(refused).toBeGreaterThan(200);
    expect(parsed).toBeGreaterThan(200);
  }, 300_000);
});
