// Terminal safety: control characters and bidi overrides from content are escaped in every human-facing format
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { escapeForTerminal } from "@momenta/content";
import { describe, expect, it } from "vitest";
import { lintCase } from "../../../../test/support/lint-harness.ts";
import { RULES } from "../rules/index.ts";
import { createStylish, type FormatInput, github } from "./index.ts";

describe("escapeForTerminal", () => {
  it.each([
    ["\u001b[2J", "\\u{1B}[2J"],
    ["bell\u0007", "bell\\u{7}"],
    ["csi\u009b31m", "csi\\u{9B}31m"],
    ["del\u007f", "del\\u{7F}"],
    ["\u202Etxt.exe", "\\u{202E}txt.exe"],
    ["iso\u2066late\u2069", "iso\\u{2066}late\\u{2069}"],
    ["line\nbreak\rreturn\u2028", "line\\u{A}break\\u{D}return\\u{2028}"],
    ["tab\tstays, é and 漢 too", "tab\tstays, é and 漢 too"],
  ])("%j → %j", (raw, escaped) => {
    expect(escapeForTerminal(raw)).toBe(escaped);
  });
});

/**
 * A dagger whose `special` names a reference with ESC c (terminal reset), a C1 CSI and a right-to-left override
 * (JSON escapes them in the file), and a chapter holding them raw, so its code frame shows them too.
 */
function hostileInput(): FormatInput {
  const result = lintCase("references", "missing", {}, (root) => {
    const file = join(root, "content/weapons/dagger.json");
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace("[[Piercing]]", "[[Pi\\u001bcerc\\u009b2J\\u202Eing]]"),
    );
    const chapter = join(root, "content/rules/22-conditions-and-states.mdx");
    writeFileSync(chapter, `${readFileSync(chapter, "utf8")}\nSee [[Gr\u001bcab\u202Ebed]] now.\n`);
  });
  const diagnostics = result.diagnostics.filter(
    (d) => d.ruleId === "references" && (d.file.includes("dagger") || d.file.includes("rules/")),
  );
  return {
    diagnostics,
    sourceText: (file) => result.graph.source(file)?.text,
    rules: RULES.map((r) => ({ ...r.meta, url: r.meta.docs })),
    errorCount: diagnostics.length,
    warningCount: 0,
    fileCount: 2,
  };
}

describe("formatters escape content", () => {
  it("stylish: messages and code frames escaped, carets under the escaped span", () => {
    expect(createStylish({ color: false })(hostileInput())).toBe(
      [
        "error[references]: `[[Gr\\u{1B}cab\\u{202E}bed]]` does not match any entry or chapter",
        "  --> content/rules/22-conditions-and-states.mdx:24:5",
        "   |",
        "24 | See [[Gr\\u{1B}cab\\u{202E}bed]] now.",
        "   |     ^^^^^^^^^^^^^^^^^^^^^^^^^^",
        "  help: did you mean `[[Grabbed]]`",
        "  docs: packages/lint/docs/rules/references.md",
        "",
        "error[references]: `[[Pi\\u{1B}cerc\\u{9B}2J\\u{202E}ing]]` does not match any entry or chapter",
        "  --> content/weapons/dagger.json:12:32",
        "   |",
        '12 |   "special": "Thrown, it deals [[Pi\\u001bcerc\\u009b2J\\u202Eing]] damage and may leave the target [[Wracked 1 (Fire)]]."',
        "   |                                ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^",
        "  help: check the spelling, or add the entry it names",
        "",
        "checked 2 files: 2 errors, 0 warnings",
        "",
      ].join("\n"),
    );
  });

  it("stylish in color: no raw control character from content, our own colors kept", () => {
    const output = createStylish({ color: true })(hostileInput());
    const COLOR = new RegExp(`${String.fromCharCode(27)}\\[[\\d;]*m`, "g");
    const lines = output.replace(COLOR, "").split("\n");
    expect(lines.map((line) => escapeForTerminal(line))).toEqual(lines); // nothing raw is left to escape
    expect(output).toContain("\u001b[31;1merror\u001b[0m");
  });

  it("github: annotations carry no raw control characters", () => {
    const output = github(hostileInput());
    const lines = output.split("\n");
    expect(lines.map((line) => escapeForTerminal(line))).toEqual(lines);
    expect(output).toContain("\\u{1B}cerc\\u{9B}2J\\u{202E}ing");
    expect(output).toContain("[[Gr\\u{1B}cab\\u{202E}bed]]");
  });
});
