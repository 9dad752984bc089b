// lintProse: which constructs homebrew Markdown may not use, with the exact span of each
import { describe, expect, it } from "vitest";
import { lintProse } from "./lint.ts";
import { urlScheme } from "./url-policy.ts";

/** `messageId@start-end` for compact tables. */
const scan = (text: string) => lintProse(text).map((p) => `${p.messageId}@${p.start}-${p.end}`);

describe("lintProse accepts plain Markdown", () => {
  it.each([
    "Your [[SPD]] is halved (minimum 1).",
    "**Bold**, *italic*, `code <b>`, and a [link](/condition/hindered/#stacking).",
    "- a list\n- with [[Hindered|hindered]]\n\n> a quote",
    "Read [the notes](notes/intro.md#start) or [[maneuver:Move|move]] [[Wracked 2 (Fire)]].",
    "A literal `[[code]]` span and a [[Hindered]] reference.",
    "A comparison: 3 < 4 and 5 > 2.",
    "<!-- an HTML comment renders as nothing -->",
    "An escaped brace \\{ is literal text.",
    "The data: field, and javascript as a word.",
    "```\n<script>inside a code fence is text</script>\n```",
  ])("%j", (text) => {
    expect(scan(text)).toEqual([]);
  });
});

describe("lintProse refuses", () => {
  it.each([
    ["<script>alert(1)</script>", ["script@0-25"]],
    ["Hi <SCRIPT src=//evil.example></SCRIPT>", ["script@30-39"]],
    ['<script src="https://evil.example/x.js"></script>', ["script@0-49"]],
    ['<img src="x" onerror="alert(1)">', ["event-handler@0-32"]],
    ["a <b>bold</b> word", ["raw-html@2-5"]],
    ['<div onclick="x()">block</div>', ["event-handler@0-30"]],
    ["[x](javascript:alert(1))", ["unsafe-link@0-24"]],
    ["[x](JAVASCRIPT:alert(1))", ["unsafe-link@0-24"]],
    ["[x](javascript&#58;alert(1))", ["unsafe-link@0-28"]],
    ["<javascript:alert(1)>", ["unsafe-link@0-21"]],
    ["![p](data:image/svg+xml;base64,PHN2Zz4=)", ["unsafe-link@0-40"]],
    ["[ref]\n\n[ref]: vbscript:msgbox", ["unsafe-link@7-29"]],
    ["[up](../../secret.json)", ["path-escape@0-23"]],
    ["[rules](https://example.org/rules)", ["external-link@0-34"]],
    ["see https://example.org and www.example.org", ["external-link@4-23", "external-link@28-43"]],
    ["Mail [us](mailto:gm@example.org)", ["external-link@5-32"]],
    ["[files](ftp://example.org/x)", ["external-link@0-28"]],
    ["[host](//evil.example/x)", ["protocol-relative@0-24"]],
    ["[host](/\\evil.example)", ["backslash@0-22"]],
    ["[host](/%5Cevil.example)", ["backslash@0-24"]],
    ["A [[broken]b]] one", ["broken-reference@2-4"]],
    ["An open [[reference", ["broken-reference@8-10"]],
    ['import fs from "node:fs"\n\ntext', ["mdx-code@0-24"]],
    ["export const x = 1\n\ntext", ["mdx-code@0-18"]],
    ["Take {process.exit(1)} damage.", ["mdx-code@5-22"]],
    ['import x from "y"\n\n3 < 4', ["mdx-code@0-17"]],
  ])("%j", (text, expected) => {
    expect(scan(text)).toEqual(expected);
  });

  it("names the tag and the handler", () => {
    expect(lintProse('<a href="#" onmouseover="steal()">x</a>')[0]?.data).toEqual({
      tag: "a",
      handler: "onmouseover",
    });
    // the element holding the handler, not the first tag of the HTML
    expect(lintProse("</title><img src=x onerror=alert(1)>")[0]?.data).toEqual({
      tag: "img",
      handler: "onerror",
    });
  });
});

describe("urlScheme", () => {
  it.each([
    ["javascript:alert(1)", "javascript"],
    [" java\tscript:x", "javascript"],
    ["HTTPS://example.org", "https"],
    ["notes/intro.md", undefined],
    ["#anchor", undefined],
  ])("%j → %j", (url, scheme) => {
    expect(urlScheme(url)).toBe(scheme);
  });
});
