// The print book's id prefixing (every id and every reference to one gets the part's prefix; nothing else changes) and its landmarks' places

import { bookPlace, placeLandmarks, prefixIds } from "@momenta/render";
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

describe("placeLandmarks", () => {
  it("adds the place to each named landmark's label, and to nothing else", () => {
    const html =
      '<section class="statblock" aria-label="Condition: Hindered"><h3>Hindered</h3></section>' +
      '<nav aria-label="Jump to letter"></nav><aside aria-label="Note"></aside>' +
      '<div role="region" aria-label="Table"></div><div aria-label="Not a landmark"></div>' +
      '<section aria-labelledby="h"></section><section></section><p>aria-label="x" stays text</p>';
    expect(placeLandmarks(html, "Chapter 22")).toBe(
      '<section class="statblock" aria-label="Condition: Hindered (Chapter 22)"><h3>Hindered</h3></section>' +
        '<nav aria-label="Jump to letter (Chapter 22)"></nav><aside aria-label="Note (Chapter 22)"></aside>' +
        '<div role="region" aria-label="Table (Chapter 22)"></div><div aria-label="Not a landmark"></div>' +
        '<section aria-labelledby="h"></section><section></section><p>aria-label="x" stays text</p>',
    );
  });

  it("escapes the place, which a pack's title can give", () => {
    expect(placeLandmarks('<section aria-label="Weapon: Axe"></section>', 'Pack "<x>"')).toBe(
      '<section aria-label="Weapon: Axe (Pack &quot;&lt;x&gt;&quot;)"></section>',
    );
  });

  it("names a part by its chapter number, a numberless chapter by its title, and entries by their catalog", () => {
    expect(bookPlace({ type: "chapter", title: "Conditions and States", label: "Chapter 22" })).toBe(
      "Chapter 22",
    );
    expect(bookPlace({ type: "chapter", title: "Equipment Catalog", label: "Catalog" })).toBe(
      "Equipment Catalog",
    );
    expect(bookPlace({ type: "entries", title: "Conditions" })).toBe("Conditions catalog");
  });
});
