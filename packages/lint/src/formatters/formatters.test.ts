// What users read: stylish code frames, SARIF 2.1.0 structure, GitHub annotations, JSON — snapshot-tested
import type { Diagnostic } from "@momenta/content";
import { escapeForTerminal } from "@momenta/content";
import { describe, expect, it } from "vitest";
import { lintCase } from "../../../../test/support/lint-harness.ts";
import { ruleDocsUrl } from "../docs-url.ts";
import { RULES } from "../rules/index.ts";
import { compact, createStylish, type FormatInput, github, json, sarif } from "./index.ts";

function inputFor(rule: string, name: string): FormatInput {
  const result = lintCase(rule, name);
  const diagnostics = result.diagnostics.filter((d) => d.ruleId !== "incomplete");
  return {
    diagnostics,
    sourceText: (file) => result.graph.source(file)?.text,
    rules: RULES.map((r) => ({
      id: r.meta.id,
      description: r.meta.description,
      docs: r.meta.docs,
      // a fixed root: snapshots must not depend on where the checkout is
      url: ruleDocsUrl(r.meta.id, "https://docs.test/momenta/"),
      defaultSeverity: r.meta.defaultSeverity,
    })),
    errorCount: diagnostics.filter((d) => d.severity === "error").length,
    warningCount: diagnostics.filter((d) => d.severity === "warn").length,
    fileCount: result.files.length,
  };
}

describe("stylish", () => {
  it("shows location, message, a code frame under the exact span, and help", async () => {
    const output = createStylish({ color: false })(inputFor("references", "missing"));
    expect(output).toContain("  --> content/damage-types/cold.json:9:37");
    expect(output).toContain("^^^^^^^^^^^");
    await expect(output).toMatchFileSnapshot("../../test/__snapshots__/stylish-references.txt");
  });

  it("renders multi-line spans, related notes and schema messages", async () => {
    const output = createStylish({ color: false })(inputFor("parse", "duplicate-key"));
    expect(output).toContain("note: first defined here at content/weapons/dagger.json:3:3");
    await expect(output).toMatchFileSnapshot("../../test/__snapshots__/stylish-duplicate-key.txt");
    await expect(createStylish({ color: false })(inputFor("schema", "unknown-key"))).toMatchFileSnapshot(
      "../../test/__snapshots__/stylish-schema.txt",
    );
  });

  it("frames MDX chapters too (components, code, references)", async () => {
    const output = createStylish({ color: false })(inputFor("mdx-code", "expressions"));
    await expect(output).toMatchFileSnapshot("../../test/__snapshots__/stylish-mdx.txt");
  });

  it("says so when there is nothing to report", () => {
    const output = createStylish()({
      ...inputFor("weapons", "ladder-decreasing"),
      diagnostics: [],
      errorCount: 0,
      warningCount: 0,
    });
    expect(output).toMatch(/^checked \d+ files: no problems\n$/);
  });

  it("counts one file as one file", () => {
    const stylish = createStylish({ color: false });
    const empty = {
      ...inputFor("weapons", "ladder-decreasing"),
      diagnostics: [],
      errorCount: 0,
      warningCount: 0,
    };
    expect(stylish({ ...empty, fileCount: 1 })).toBe("checked 1 file: no problems\n");
    expect(stylish({ ...empty, fileCount: 2 })).toBe("checked 2 files: no problems\n");
  });

  it("colors only when asked", () => {
    const input = inputFor("weapons", "ladder-decreasing");
    expect(createStylish({ color: false })(input)).not.toContain("\u001b[");
    expect(createStylish({ color: true })(input)).toContain("\u001b[31;1merror\u001b[0m");
  });

  it("links each rule id to its page: an OSC 8 hyperlink on a terminal, else the URL once per rule as text", () => {
    const input = inputFor("mdx-code", "expressions");
    const url = "https://docs.test/momenta/packages/lint/docs/rules/mdx-code.md";
    const plain = createStylish({ color: false })(input);
    expect(plain.split("\n").filter((line) => line.includes("docs:"))).toEqual([`  docs: ${url}`]);
    expect(plain).not.toContain("\u001b]8;");
    const linked = createStylish({ color: false, links: true })(input);
    expect(linked).not.toContain("docs:");
    expect(linked.split("\n").filter((line) => line.startsWith("error["))[0]).toBe(
      `error[\u001b]8;;${url}\u001b\\mdx-code\u001b]8;;\u001b\\]: a \`{…}\` expression is code; chapters are content and never run code`,
    );
  });
});

describe("sarif", () => {
  it("is SARIF 2.1.0 with rules, levels and 1-based regions", () => {
    const document = JSON.parse(sarif(inputFor("weapons", "ladder-decreasing")));
    expect(document.version).toBe("2.1.0");
    const run = document.runs[0];
    expect(run.tool.driver.name).toBe("momenta");
    expect(run.tool.driver.rules.map((rule: { id: string }) => rule.id)).toEqual(
      RULES.map((rule) => rule.meta.id),
    );
    // every rule links its page, as code scanning shows it beside an alert
    expect(run.tool.driver.rules.find((rule: { id: string }) => rule.id === "weapons")).toMatchObject({
      helpUri: "https://docs.test/momenta/packages/lint/docs/rules/weapons.md",
      help: {
        text: "Weapon damage ladders are non-decreasing; combination weapons' parts exist, list each other and carry Combo. Docs: https://docs.test/momenta/packages/lint/docs/rules/weapons.md",
      },
    });
    expect(run.results).toEqual([
      expect.objectContaining({
        ruleId: "weapons",
        level: "error",
        ruleIndex: RULES.findIndex((rule) => rule.meta.id === "weapons"),
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: "content/weapons/knife.json", uriBaseId: "%SRCROOT%" },
              region: { startLine: 28, startColumn: 11, endLine: 28, endColumn: 12 },
            },
          },
        ],
      }),
    ]);
  });
});

describe("github", () => {
  it("prints one workflow command per diagnostic, escaped", () => {
    const diagnostic: Diagnostic = {
      ruleId: "references",
      messageId: "missing",
      severity: "warn",
      message: "50% sure: `[[A, b]]`\nsecond line",
      file: "content/a,b.json",
      line: 3,
      column: 4,
      endLine: 3,
      endColumn: 9,
      path: "effect",
      related: [],
    };
    const output = github({ ...inputFor("weapons", "ladder-decreasing"), diagnostics: [diagnostic] });
    expect(output).toBe(
      "::warning file=content/a%2Cb.json,line=3,col=4,endLine=3,endColumn=9,title=momenta(references)::50%25 sure: `[[A, b]]`%0Asecond line\n",
    );
  });
});

describe("compact", () => {
  it("prints one line per problem for a quickfix list: file:line:column, severity, message, rule, help", () => {
    const base: Diagnostic = {
      ruleId: "references",
      messageId: "missing",
      severity: "error",
      message: "`[[Hindred]]` does not match any entry or chapter",
      help: "did you mean `[[Hindered]]`",
      file: "content/conditions/grabbed.json",
      line: 8,
      column: 39,
      endLine: 8,
      endColumn: 51,
      path: "effect",
      related: [],
    };
    const warning = {
      ...base,
      severity: "warn" as const,
      message: "two\nlines\u001b[2J",
      help: undefined,
      line: 9,
    };
    const output = compact({ ...inputFor("weapons", "ladder-decreasing"), diagnostics: [base, warning] });
    expect(output).toBe(
      "content/conditions/grabbed.json:8:39: error: `[[Hindred]]` does not match any entry or chapter [references] (help: did you mean `[[Hindered]]`)\n" +
        `content/conditions/grabbed.json:9:39: warning: two lines${escapeForTerminal("\u001b[2J")} [references]\n`,
    );
  });
});

describe("json", () => {
  it("round-trips the diagnostics with counts, without the editors' `fix`", () => {
    const input = inputFor("condition-stacks", "over-cap");
    expect(input.diagnostics[0]?.fix?.text).toBe("[[Grabbed 3]]");
    const parsed = JSON.parse(json(input));
    expect(parsed.errorCount).toBe(1);
    expect(parsed.diagnostics).toEqual(input.diagnostics.map(({ fix: _fix, ...diagnostic }) => diagnostic));
    expect(json(input)).not.toContain('"fix"');
  });
});
