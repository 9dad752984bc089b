// The sanitizing Markdown path: what prose renders to, and that hostile input never becomes markup or a live link
import { parseReferenceBody, type Reference } from "@momenta/schema";
import { describe, expect, it } from "vitest";
import { h, toHtml } from "../src/lib/html.ts";
import { renderMarkdown, safeHref } from "../src/lib/markdown.ts";

const seen: Reference[] = [];
const render = (source: string) =>
  toHtml(
    renderMarkdown(source, {
      renderReference: (reference) => {
        seen.push(reference);
        return h("a", { href: `/ref/${encodeURIComponent(reference.name)}/`, class: "ref" }, [
          reference.label ?? reference.target,
        ]);
      },
    }),
  );

describe("renderMarkdown", () => {
  it("renders paragraphs, emphasis, code and line structure", () => {
    expect(render("A **bold** and *italic* _word_ with `code`.\n\nSecond paragraph.")).toBe(
      "<p>A <strong>bold</strong> and <em>italic</em> <em>word</em> with <code>code</code>.</p><p>Second paragraph.</p>",
    );
  });

  it("keeps intraword underscores and lone asterisks as text", () => {
    expect(render("snake_case_name and 2 * 3 * 4")).toBe("<p>snake_case_name and 2 * 3 * 4</p>");
  });

  it("renders bullet and ordered lists, tight items inline", () => {
    expect(render("- one\n- two **2**\n\n1. first\n2. second")).toBe(
      "<ul><li>one</li><li>two <strong>2</strong></li></ul><ol><li>first</li><li>second</li></ol>",
    );
  });

  it("renders GFM tables with alignment and references holding a label bar", () => {
    const html = render("| Roll | Effect |\n| :-- | --: |\n| 1 | [[Hindered|hindered]] |");
    expect(html).toBe(
      '<table><thead><tr><th style="text-align:left">Roll</th><th style="text-align:right">Effect</th></tr></thead>' +
        '<tbody><tr><td style="text-align:left">1</td><td style="text-align:right"><a href="/ref/Hindered/" class="ref">hindered</a></td></tr></tbody></table>',
    );
  });

  it("hands every [[reference]] to the renderer with its parts parsed", () => {
    seen.length = 0;
    render("Take [[Wracked 2 (Fire)]] and [[maneuver:Move|move]].");
    expect(
      seen.map((reference) => [
        reference.name,
        reference.count,
        reference.parameter,
        reference.kind,
        reference.label,
      ]),
    ).toEqual([
      ["Wracked", 2, "Fire", undefined, undefined],
      ["Move", undefined, undefined, "maneuver", "move"],
    ]);
    const { start: _start, end: _end, ...parsed } = parseReferenceBody("Wracked 2 (Fire)");
    expect(seen[0]).toMatchObject(parsed);
  });

  it("renders headings below the page's own and blockquotes", () => {
    expect(render("# Title\n\n> quoted")).toBe("<h3>Title</h3><blockquote><p>quoted</p></blockquote>");
  });
});

describe("hostile prose", () => {
  const cases: Array<[string, string]> = [
    ["<script>alert(1)</script>", "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>"],
    [
      '<img src=x onerror="alert(1)">',
      "<p>&lt;img src=x onerror=&quot;alert(1)&quot;&gt;</p>".replace(/&quot;/g, '"'),
    ],
    ["[click](javascript:alert(1))", "<p>click</p>"],
    ["[click](JaVaScRiPt:alert(1))", "<p>click</p>"],
    ["[click](java\tscript:alert(1))", "<p>[click](java\tscript:alert(1))</p>"],
    ["[click](data:text/html;base64,PHNjcmlwdD4=)", "<p>click</p>"],
    ["[click](vbscript:msgbox)", "<p>click</p>"],
    ["[click](//evil.example/)", "<p>click</p>"],
    ['[x](/ok/ "a\\" onmouseover=\\"alert(1)")', '<p>[x](/ok/ "a" onmouseover="alert(1)")</p>'],
    ["**<b>bold</b>**", "<p><strong>&lt;b&gt;bold&lt;/b&gt;</strong></p>"],
    ["```\n<script>x</script>\n```", "<pre><code>&lt;script&gt;x&lt;/script&gt;</code></pre>"],
    [
      "| a |\n| - |\n| <iframe src=x> |",
      "<table><thead><tr><th>a</th></tr></thead><tbody><tr><td>&lt;iframe src=x&gt;</td></tr></tbody></table>",
    ],
  ];
  it.each(cases)("renders %j without markup or a live dangerous link", (source, expected) => {
    const html = render(source);
    expect(html).toBe(expected);
    expect(html).not.toMatch(/<(script|img|iframe|b)\b/i);
    expect(html).not.toMatch(/href="\s*(javascript|data|vbscript):/i);
    // quotes in text are harmless; what must never appear is a tag carrying an event handler
    expect(html).not.toMatch(/<[a-z][^>]*\son\w+=/i);
  });

  it("keeps safe links and marks external ones", () => {
    expect(render("[rules](/chapter/combat/#initiative) and [site](https://example.com/)")).toBe(
      '<p><a href="/chapter/combat/#initiative">rules</a> and <a href="https://example.com/" rel="nofollow noopener noreferrer">site</a></p>',
    );
  });
});

describe("safeHref", () => {
  it.each([
    ["https://example.com/a", "https://example.com/a"],
    ["mailto:someone@example.com", "mailto:someone@example.com"],
    ["/condition/hindered/", "/condition/hindered/"],
    ["#anchor", "#anchor"],
    ["../up/", "../up/"],
    [" javascript:alert(1)", undefined],
    ["\u0000javascript:alert(1)", undefined],
    ["java\nscript:alert(1)", undefined],
    ["DATA:text/html,x", undefined],
    ["//evil.example", undefined],
  ])("%j → %j", (input, expected) => {
    expect(safeHref(input)).toBe(expected);
  });
});
