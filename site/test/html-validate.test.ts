// html-validate over every built page with the checked-in config (site/.htmlvalidate.mjs): html-validate's
// recommended rules, less those the framework's own markup trips, each turned off or loosened with its reason
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { HtmlValidate, type RuleConfig } from "html-validate";
import { beforeAll, describe, expect, it } from "vitest";
import config, { loosened, turnedOff } from "../.htmlvalidate.mjs";
import { DIST_DIR, ensureSiteBuilt } from "./support/build.ts";

const validator = new HtmlValidate(config);

function htmlFiles(folder: string, out: string[] = []): string[] {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      if (name !== "_astro" && name !== "pagefind") htmlFiles(path, out);
    } else if (name.endsWith(".html")) out.push(path);
  }
  return out;
}

/** Each message on the files: its rule, and a line naming the page, the rule, the message and the element. */
async function problemsIn(
  checker: HtmlValidate,
  files: readonly string[],
): Promise<{ rule: string; line: string }[]> {
  const problems: { rule: string; line: string }[] = [];
  for (const file of files) {
    const report = await checker.validateFile(file);
    for (const result of report.results)
      for (const message of result.messages)
        problems.push({
          rule: message.ruleId,
          line: `${relative(DIST_DIR, file)}: ${message.ruleId} ${message.message} (${message.selector})`,
        });
  }
  return problems;
}

describe("html-validate", () => {
  it("extends the recommended rules and gives a reason for each rule it turns off or loosens", () => {
    expect(config.extends).toEqual(["html-validate:recommended"]);
    const rules = (config.rules ?? {}) as RuleConfig;
    const changed = Object.keys(rules).sort();
    expect(changed).toEqual([...Object.keys(turnedOff), ...Object.keys(loosened)].sort());
    for (const rule of Object.keys(turnedOff)) expect(rules[rule]).toBe("off");
    for (const reason of [...Object.values(turnedOff), ...Object.values(loosened)])
      expect(reason.length).toBeGreaterThan(40);
  });

  it("finds the errors in a page that has them", async () => {
    const report = await validator.validateString(
      '<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><main>' +
        '<p id="a">one</p><p id="a">two</p>' +
        '<div role="region" aria-label="Table">x</div>' +
        '<label for="f">Pool <input id="f" name="pool"></label>' +
        '<form action="/"><input type="number" name="q" aria-label="q"></form>' +
        '<p id="b c" style="color: red">spaced id, inline colour</p>' +
        "</main></body></html>",
    );
    const found = report.results.flatMap((result) => result.messages.map((message) => message.ruleId));
    expect(found.sort()).toEqual([
      "attribute-allowed-values",
      "no-dup-id",
      "no-implicit-input-type",
      "no-inline-style",
      "no-redundant-for",
      "prefer-native-element",
      "valid-id",
      "wcag/h32",
    ]);
  });

  describe("on the built site", () => {
    // one parse of each page serves the three checks: the checked-in config with the rules it turns off turned back
    // on, each message then sorted by its rule (html-validate's rules are independent, so a rule turned on changes
    // no other rule's messages); three passes over the ~490 pages took two thirds of this file's time
    const rulesTurnedOff = new Set(Object.keys(turnedOff));
    let problems: { rule: string; line: string }[];
    beforeAll(async () => {
      ensureSiteBuilt();
      const every = new HtmlValidate({
        ...config,
        rules: { ...config.rules, ...Object.fromEntries([...rulesTurnedOff].map((rule) => [rule, "error"])) },
      });
      const files = htmlFiles(DIST_DIR);
      expect(files.length).toBeGreaterThan(400);
      problems = await problemsIn(every, files);
    });

    it("reports no error on any page", () => {
      expect(problems.filter(({ rule }) => !rulesTurnedOff.has(rule)).map(({ line }) => line)).toEqual([]);
    });

    // unique-landmark is off only for Starlight's two "On this page" navs; every other landmark, ours, is held to it
    // (the print book's stat blocks, each there twice or more, are named with their place: render's placeLandmarks)
    it("names every landmark but Starlight's paired tables of contents uniquely (unique-landmark)", () => {
      const landmarks = problems.filter(({ rule }) => rule === "unique-landmark").map(({ line }) => line);
      const starlightToc = / (mobile-)?starlight-toc > nav\)$/;
      expect(landmarks.some((line) => starlightToc.test(line))).toBe(true);
      expect(landmarks.filter((line) => !starlightToc.test(line))).toEqual([]);
    });

    it("still needs each rule it turns off: the built pages trip every one", () => {
      const tripped = new Set(problems.map(({ rule }) => rule).filter((rule) => rulesTurnedOff.has(rule)));
      expect([...tripped].sort()).toEqual(Object.keys(turnedOff).sort());
    });
  });
});
