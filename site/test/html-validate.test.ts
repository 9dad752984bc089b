// html-validate over every built page for the markup errors that were our own (duplicate ids on the one-page book,
// <div role="region"> instead of <section>, a `for` on a label that wraps its control, a form without a submit button)
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { HtmlValidate } from "html-validate";
import { beforeAll, describe, expect, it } from "vitest";
import { DIST_DIR, ensureSiteBuilt } from "./support/build.ts";

/** Only these rules: Starlight's own markup trips others (inline styles, `_top`, unnamed TOC landmarks). */
const RULES = {
  "no-dup-id": "error",
  "prefer-native-element": "error",
  "no-redundant-for": "error",
  "wcag/h32": "error",
} as const;

const validator = new HtmlValidate({ root: true, rules: RULES });

function htmlFiles(folder: string, out: string[] = []): string[] {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      if (name !== "_astro" && name !== "pagefind") htmlFiles(path, out);
    } else if (name.endsWith(".html")) out.push(path);
  }
  return out;
}

describe("html-validate", () => {
  it("finds each of the four errors in a page that has them", async () => {
    const report = await validator.validateString(
      '<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><main>' +
        '<p id="a">one</p><p id="a">two</p>' +
        '<div role="region" aria-label="Table">x</div>' +
        '<label for="f">Pool <input id="f" name="pool"></label>' +
        '<form action="/"><input type="number" name="q" aria-label="q"></form>' +
        "</main></body></html>",
    );
    const found = report.results.flatMap((result) => result.messages.map((message) => message.ruleId));
    expect(found.sort()).toEqual(Object.keys(RULES).sort());
  });

  describe("on the built site", () => {
    beforeAll(() => ensureSiteBuilt(), 240_000);

    it("reports none of them on any page", async () => {
      const files = htmlFiles(DIST_DIR);
      expect(files.length).toBeGreaterThan(400);
      const problems: string[] = [];
      for (const file of files) {
        const report = await validator.validateFile(file);
        for (const result of report.results)
          for (const message of result.messages)
            problems.push(
              `${relative(DIST_DIR, file)}: ${message.ruleId} ${message.message} (${message.selector})`,
            );
      }
      expect(problems).toEqual([]);
    }, 300_000);
  });
});
