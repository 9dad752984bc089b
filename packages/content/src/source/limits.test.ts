// The Markdown and YAML pre-scans: exact offsets of the marker that crosses each cap, real content far below, linear
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { LINEAR_BOUND, measureGrowth } from "../../../../test/support/growth.ts";
import { walkStrings } from "./json.ts";
import { checkMarkdownLimits, checkYamlNesting, DEFAULT_MARKDOWN_LIMITS } from "./limits.ts";

const repo = join(import.meta.dirname, "../../../..");
const small = {
  ...DEFAULT_MARKDOWN_LIMITS,
  maxMarkdownNesting: 3,
  maxMarkdownMarkers: 4,
  maxMarkdownContainers: 3,
};

describe("checkMarkdownLimits", () => {
  it.each([
    ["three quotes", "> > > x", undefined],
    ["four quotes", "> > > > x", ["markdown-too-deep", 6]],
    ["quotes without spaces", ">>>>x", ["markdown-too-deep", 3]],
    ["lists in quotes", "> - > 1. x", ["markdown-too-deep", 6]],
    ["an indented list marker counts its indentation", "- a\n      - b", ["markdown-too-deep", 10]],
    ["a marker needs a space after it", "-a -b -c -d", undefined],
    ["five markers", "*a* _b_ ~", ["markdown-markers", 8]],
    ["markers across paragraphs add up", "*a*\n\n_b_\n\n[", ["markdown-markers", 10]],
    ["escaped markers are skipped", "\\*\\*\\*\\*\\*\\*", undefined],
    ["closing brackets count (runs of `]]` made micromark quadratic)", "]]]]]", ["markdown-markers", 4]],
    ["references open nothing", "[[Hindered]] [[Wracked 2 (Fire)]] [[a]] [[b]] [[c]]", undefined],
    ["a broken reference counts its brackets", "[[a\n]] [[b [", ["markdown-markers", 7]],
    ["four list items", "- a\n- b\n- c\n  - d", ["markdown-containers", 14]],
    ["CRLF line endings", "> a\r\n> b\r\n> c\r\n> d", ["markdown-containers", 15]],
  ])("%s", (_what, text, expected) => {
    const problem = checkMarkdownLimits(text, small);
    expect(problem ? [problem.messageId, problem.start] : undefined).toEqual(expected);
    if (problem) expect(problem.end).toBe(problem.start + 1);
  });

  it("passes every chapter and every prose string of the book with the default caps", () => {
    const content = join(repo, "content");
    let checked = 0;
    for (const folder of readdirSync(content)) {
      for (const file of readdirSync(join(content, folder))) {
        const text = readFileSync(join(content, folder, file), "utf8");
        const strings = file.endsWith(".json")
          ? [...walkStrings(JSON.parse(text))].map(([value]) => value)
          : [text];
        for (const value of strings) {
          expect(checkMarkdownLimits(value), `${folder}/${file}`).toBeUndefined();
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
  });

  it.each([
    ["the issue's 45,000 nested quotes", (n: number) => `${"> ".repeat(n / 2)}x`],
    [
      "quotes just under the cap on every line",
      (n: number) => "> > > > > > > > > > > > > > > x\n".repeat(n / 32),
    ],
    ["a `*_*_…` run", (n: number) => "*_".repeat(n / 2)],
    ["plain prose", (n: number) => "Plain words of an ordinary paragraph.\n\n".repeat(n / 40)],
  ])("scans %s in linear time", (_what, make) => {
    const growth = measureGrowth(make, (text) => checkMarkdownLimits(text), 25_000);
    expect(growth.ratio).toBeLessThan(LINEAR_BOUND);
  });
});

describe("checkYamlNesting", () => {
  it.each([
    ["flow sequences", "a: [[[[x]]]]", ["too-deep", 6]],
    ["flow maps", "a: {b: {c: {d: {e: 1}}}}", ["too-deep", 15]],
    ["brackets in a quoted scalar", 'a: "[[[[[[[["', undefined],
    ["brackets in a comment", "a: 1 # [[[[[[[[", undefined],
    // a level per column, the least YAML allows: reported where the line's indentation starts
    ["indentation", "a:\n b:\n  c:\n   d:\n    e: 1", ["too-deep", 18]],
    ["sequence entries", "- - - - x", ["too-deep", 3]],
    ["a chapter's frontmatter", 'id: chapter/x\ntitle: "X"\nmoment: { number: 1, name: "One" }\n', undefined],
  ])("%s", (_what, text, expected) => {
    const problem = checkYamlNesting(text, 3);
    expect(problem ? [problem.messageId, problem.start] : undefined).toEqual(expected);
  });

  it("scans 10,000-deep flow nesting in linear time", () => {
    const growth = measureGrowth(
      (n) => `a: ${"[".repeat(n)}`,
      (text) => checkYamlNesting(text, 1e9),
      10_000,
    );
    expect(growth.ratio).toBeLessThan(LINEAR_BOUND);
    expect(checkYamlNesting(`a: ${"[".repeat(10_000)}`)?.start).toBe(3 + 64);
  });
});
