// The print book's id prefixing: every id and every reference to one gets the part's prefix; nothing else changes

import { prefixIds } from "@momenta/render";
import { describe, expect, it } from "vitest";

describe("prefixIds", () => {
  it("prefixes ids, `for`, aria id lists and same-page links, and leaves other links and text alone", () => {
    const html =
      '<h2 id="cover">Cover <a class="heading-anchor" href="#cover">#</a></h2>' +
      '<section aria-labelledby="a b"><label for="x">X</label><input id="x"></section>' +
      '<a href="/chapter/combat/#grab">Grab</a><a href="#">top</a><p>id="cover" stays text</p>';
    expect(prefixIds(html, "chapter/cover--")).toBe(
      '<h2 id="chapter/cover--cover">Cover <a class="heading-anchor" href="#chapter/cover--cover">#</a></h2>' +
        '<section aria-labelledby="chapter/cover--a chapter/cover--b"><label for="chapter/cover--x">X</label>' +
        '<input id="chapter/cover--x"></section>' +
        '<a href="/chapter/combat/#grab">Grab</a><a href="#">top</a><p>id="cover" stays text</p>',
    );
  });

  it("keeps an attribute value that holds markup-like text inert and escapes the prefix", () => {
    const html = '<div title="a &quot;b&quot; id=&quot;x&quot; >" id="y">text</div>';
    expect(prefixIds(html, 'p"<>--')).toBe(
      '<div title="a &quot;b&quot; id=&quot;x&quot; >" id="p&quot;&lt;&gt;--y">text</div>',
    );
  });
});
