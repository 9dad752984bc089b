// renderProse: what prose renders to, and that hostile input never becomes markup or a live link
import type { ElementContent } from "hast";
import { toHtml } from "hast-util-to-html";
import { describe, expect, it } from "vitest";
import { type ProseRenderOptions, renderProse, renderProseInline } from "./render.ts";
import type { ProseTrust } from "./url-policy.ts";

const link = (reference: { name: string; label?: string; target: string }): ElementContent => ({
  type: "element",
  tagName: "a",
  properties: { href: `/ref/${encodeURIComponent(reference.name)}/`, className: ["ref"] },
  children: [{ type: "text", value: reference.label ?? reference.target }],
});
const options = (trust: ProseTrust): ProseRenderOptions => ({ trust, renderReference: link });
const render = (text: string, trust: ProseTrust = "core") => toHtml(renderProse(text, options(trust)));

describe("renderProse", () => {
  it("renders paragraphs, emphasis, code and lists", () => {
    expect(render("A **bold** and *italic* _word_ with `code`.\n\n- one\n- two")).toBe(
      "<p>A <strong>bold</strong> and <em>italic</em> <em>word</em> with <code>code</code>.</p>\n" +
        "<ul>\n<li>one</li>\n<li>two</li>\n</ul>",
    );
  });

  it("renders GFM tables and references inside them", () => {
    const html = render("| Roll | Effect |\n| :-- | --: |\n| 1 | [[Hindered\\|hindered]] |");
    expect(html).toContain('<td align="right"><a href="/ref/Hindered/" class="ref">hindered</a></td>');
  });

  it("hands every reference, kind-qualified ones too, to the renderer", () => {
    expect(render("[[art:Rend]] and [[tag:Melee|Melee N]]")).toBe(
      '<p><a href="/ref/Rend/" class="ref">Rend</a> and <a href="/ref/Melee/" class="ref">Melee N</a></p>',
    );
  });

  it("shifts headings under the page's own", () => {
    expect(render("# Title")).toBe("<h3>Title</h3>");
  });

  it("unwraps a single paragraph for inline use", () => {
    expect(toHtml(renderProseInline("Take *2* [[Hindered]]", options("core")))).toBe(
      'Take <em>2</em> <a href="/ref/Hindered/" class="ref">Hindered</a>',
    );
  });
});

describe("renderProse never emits live markup from the text", () => {
  it.each([
    ["<script>alert(1)</script>", ""],
    ['<img src="x" onerror="alert(1)">', ""],
    ["a <b onclick=x()>bold</b>", "<p>a bold</p>"],
    ["[x](javascript:alert(1))", "<p>x</p>"],
    ["[x](java&#9;script:alert(1))", "<p>x</p>"],
    ["![p](data:image/svg+xml;base64,PHN2Zz4=)", "<p>p</p>"],
    ["[host](//evil.example/x)", "<p>host</p>"],
    ["[host](/\\evil.example)", "<p>host</p>"],
    ["Take {process.exit(1)} damage.", "<p>Take {process.exit(1)} damage.</p>"],
  ])("%j", (text, expected) => {
    expect(render(text, "untrusted")).toBe(expected);
  });

  it("keeps external links in core prose and drops them in homebrew", () => {
    expect(render("[rules](https://example.org/rules)", "core")).toBe(
      '<p><a href="https://example.org/rules" rel="nofollow noopener noreferrer">rules</a></p>',
    );
    expect(render("[rules](https://example.org/rules)", "untrusted")).toBe("<p>rules</p>");
    expect(render("[files](ftp://example.org/x)", "core")).toBe("<p>files</p>");
  });
});
