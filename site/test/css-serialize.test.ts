// The CSS serializers for `<style>`: exact escapes, and for any text a string token that stays inside the element and
// decodes back to the text (css-tree's tokenizer, as a browser reads it)

import { cssIdentifier, cssString } from "@momenta/render";
import * as csstree from "css-tree";
import fc from "fast-check";
import { fromHtml } from "hast-util-from-html";
import { selectAll } from "hast-util-select";
import { toText } from "hast-util-to-text";
import { describe, expect, it } from "vitest";

describe("cssString", () => {
  it.each([
    ["Combat", '"Combat"'],
    ['say "hi"', '"say \\"hi\\""'],
    ["back\\slash", '"back\\\\slash"'],
    ["</style><script>alert(1)</script>", '"\\3c /style\\3e \\3c script\\3e alert(1)\\3c /script\\3e "'],
    ["a\nb", '"a\\a b"'],
    ["fish & chips", '"fish \\26  chips"'],
    ["\u202eevil", '"\\202e evil"'],
    ["zero\u200bwidth", '"zero\\200b width"'],
    ["nul\u0000", '"nul\uFFFD"'],
    ["Ætherwyrd — 0.31", '"Ætherwyrd — 0.31"'],
  ])("%j → %s", (text, css) => {
    expect(cssString(text)).toBe(css);
  });

  it("stays inside `<style>` and decodes to the text for any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const token = cssString(text);
        const tree = fromHtml(`<style>@page p { @top-center { content: ${token}; } }</style><p>after</p>`);
        const styles = selectAll("style", tree);
        expect(styles).toHaveLength(1);
        expect(selectAll("script", tree)).toEqual([]);
        expect(toText(styles[0] as never)).toBe(`@page p { @top-center { content: ${token}; } }`);
        expect(csstree.string.decode(token)).toBe(text.replaceAll("\u0000", "\uFFFD"));
      }),
      { numRuns: 2000 },
    );
  });
});

describe("cssIdentifier", () => {
  it.each([
    ["chapter/combat", "chapter\\/combat"],
    ["condition/title-xss.xss", "condition\\/title-xss\\.xss"],
    ["1st", "\\31 st"],
    ["-1", "-\\31 "],
    ["-", "\\-"],
    ["a</style>", "a\\3c \\/style\\3e "],
  ])("%j → %s", (text, css) => {
    expect(cssIdentifier(text)).toBe(css);
  });

  it("is one id selector, inside `<style>`, naming the text for any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", minLength: 1 }), (text) => {
        const selector = `#${cssIdentifier(text)}`;
        const tree = fromHtml(`<style>${selector} { page: p; }</style>`);
        expect(selectAll("style", tree)).toHaveLength(1);
        const ast = csstree.parse(selector, { context: "selector" }) as csstree.Selector;
        const only = ast.children.toArray();
        expect(only).toHaveLength(1);
        expect(only[0]?.type).toBe("IdSelector");
        expect(csstree.ident.decode(selector.slice(1))).toBe(text.replaceAll("\u0000", "\uFFFD"));
      }),
      { numRuns: 2000 },
    );
  });
});
