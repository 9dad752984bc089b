// One pipeline, one URL policy: prose that lints clean renders with no raw `[[` markup and no dropped link, and
// prose whose link the renderer drops is a lint error (fast-check, fixed seed)
import fc from "fast-check";
import type { ElementContent, Root as HastRoot } from "hast";
import { visit } from "unist-util-visit";
import { describe, expect, it } from "vitest";
import { lintProse } from "./lint.ts";
import { parseProse } from "./parse.ts";
import { renderProse } from "./render.ts";
import type { ProseTrust } from "./url-policy.ts";

const URLS = [
  "/condition/hindered/",
  "#stacking",
  "notes/intro.md",
  "https://example.org/rules",
  "mailto:gm@example.org",
  "ftp://example.org/x",
  "//evil.example/x",
  "/\\evil.example",
  "javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "java&#9;script:alert(1)",
  "data:text/html,x",
  "../../secret.json",
  "",
];
const fragment = fc.oneof(
  fc.constantFrom("word", "Take", "2", " ", " ", "\n", "\n\n", "- ", "> ", "1. ", "# ", "*", "_", "**", "`"),
  fc.constantFrom("[[Hindered]]", "[[art:Rend]]", "[[tag:Melee|Melee N]]", "[[Wracked 2 (Fire)]]"),
  fc.constantFrom("[[", "]]", "[", "]", "(", ")", "<b>", "{x}", "\\", ":Name", "www.example.org", "a@b.org"),
  fc.constantFrom(...URLS).map((url) => `[link](${url})`),
  fc.constantFrom(...URLS).map((url) => `![alt](${url})`),
  fc.constantFrom(...URLS).map((url) => `[ref]\n\n[ref]: ${url}\n`),
  fc.constantFrom(...URLS).map((url) => `<${url}>`),
);
const prose = fc.array(fragment, { maxLength: 14 }).map((parts) => parts.join(""));

const reference = (target: { target: string; label?: string }): ElementContent => ({
  type: "element",
  tagName: "a",
  properties: { href: "/ref/", className: ["ref"] },
  children: [{ type: "text", value: target.label ?? target.target }],
});

/** Links the author wrote (not inside another link, whose text cannot hold one). */
function authoredLinks(text: string): number {
  let count = 0;
  visit(parseProse(text), (node, _index, parent) => {
    if (parent?.type === "link" || parent?.type === "linkReference") return;
    if (node.type === "link") count++;
    if (node.type === "linkReference" && /\[ref\]:/.test(text)) count++;
  });
  return count;
}

function rendered(tree: HastRoot): { links: number; raw: string[] } {
  let links = 0;
  const raw: string[] = [];
  visit(tree, (node, _index, parent) => {
    if (node.type === "element" && node.tagName === "a" && !String(node.properties.className).includes("ref"))
      links++;
    const inCode = parent?.type === "element" && (parent.tagName === "code" || parent.tagName === "pre");
    if (node.type === "text" && !inCode && /\[\[|\]\]/.test(node.value)) raw.push(node.value);
  });
  return { links, raw };
}

describe.each(["untrusted", "core"] as ProseTrust[])("%s prose", (trust) => {
  it("lints clean ⇒ renders no raw reference markup and drops no link; a dropped link ⇒ a lint error", () => {
    let clean = 0;
    let dropped = 0;
    fc.assert(
      fc.property(prose, (text) => {
        const problems = lintProse(text, trust);
        const html = rendered(renderProse(text, { trust, renderReference: reference }));
        const lost = authoredLinks(text) - html.links;
        if (problems.length === 0) {
          clean++;
          expect(html.raw).toEqual([]);
          expect(lost).toBe(0);
        }
        if (lost > 0) {
          dropped++;
          expect(problems.length).toBeGreaterThan(0);
        }
      }),
      { seed: 20261201, numRuns: 1500 },
    );
    // both sides of the property were exercised
    expect(clean).toBeGreaterThan(100);
    expect(dropped).toBeGreaterThan(50);
  });
});
