// The print book's id prefixing (every id and every reference to one gets the part's prefix; nothing else changes), its landmarks' places, and a chapter's HTML going through the tree
import { describe, expect, it } from "vitest";
import { bookPartHtml, bookPlace, placeLandmarks, prefixIds } from "./book-ids.ts";
import { fromHtml, h, toHtml } from "./html.ts";

describe("prefixIds", () => {
  it("prefixes ids, `for`, aria id lists and same-page links, and leaves other links and text alone", () => {
    const tree = [
      h("h2", { id: "cover" }, ["Cover ", h("a", { class: "heading-anchor", href: "#cover" }, ["#"])]),
      h("section", { "aria-labelledby": "a  b" }, [h("label", { for: "x" }, ["X"]), h("input", { id: "x" })]),
      h("a", { href: "/chapter/combat/#grab" }, ["Grab"]),
      h("a", { href: "#" }, ["top"]),
      h("p", {}, ['id="cover" stays text']),
    ];
    expect(toHtml(prefixIds(tree, "chapter/cover--"))).toBe(
      '<h2 id="chapter/cover--cover">Cover <a class="heading-anchor" href="#chapter/cover--cover">#</a></h2>' +
        '<section aria-labelledby="chapter/cover--a chapter/cover--b"><label for="chapter/cover--x">X</label>' +
        '<input id="chapter/cover--x"></section>' +
        '<a href="/chapter/combat/#grab">Grab</a><a href="#">top</a><p>id="cover" stays text</p>',
    );
  });

  it("leaves the tree it was given as it was, and boolean attributes as they are", () => {
    const tree = [h("details", { id: "d", open: true }, ["x"])];
    expect(toHtml(prefixIds(tree, "p--"))).toBe('<details id="p--d" open>x</details>');
    expect(toHtml(tree)).toBe('<details id="d" open>x</details>');
  });

  it("keeps an attribute value that holds markup-like text inert and escapes the prefix once, in the serializer", () => {
    const tree = [h("div", { title: 'a "b" id="x" >', id: "y" }, ["text"])];
    expect(toHtml(prefixIds(tree, 'p"<>--'))).toBe(
      '<div title="a &quot;b&quot; id=&quot;x&quot; &gt;" id="p&quot;&lt;&gt;--y">text</div>',
    );
  });
});

describe("placeLandmarks", () => {
  it("adds the place to each named landmark's label, and to nothing else", () => {
    const tree = [
      h("section", { class: "statblock", "aria-label": "Condition: Hindered" }, [h("h3", {}, ["Hindered"])]),
      h("nav", { "aria-label": "Jump to letter" }),
      h("aside", { "aria-label": "Note" }),
      h("div", { role: "region", "aria-label": "Table" }),
      h("div", { "aria-label": "Not a landmark" }),
      h("section", { role: "presentation", "aria-label": "Not one either" }),
      h("section", { "aria-labelledby": "h" }),
      h("section", { "aria-label": " " }),
      h("p", {}, ['aria-label="x" stays text']),
    ];
    expect(toHtml(placeLandmarks(tree, "Chapter 22"))).toBe(
      '<section class="statblock" aria-label="Condition: Hindered (Chapter 22)"><h3>Hindered</h3></section>' +
        '<nav aria-label="Jump to letter (Chapter 22)"></nav><aside aria-label="Note (Chapter 22)"></aside>' +
        '<div role="region" aria-label="Table (Chapter 22)"></div><div aria-label="Not a landmark"></div>' +
        '<section role="presentation" aria-label="Not one either"></section>' +
        '<section aria-labelledby="h"></section><section aria-label=" "></section><p>aria-label="x" stays text</p>',
    );
  });

  it("escapes the place, which a pack's title can give", () => {
    expect(toHtml(placeLandmarks([h("section", { "aria-label": "Weapon: Axe" })], 'Pack "<x>"'))).toBe(
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

describe("bookPartHtml of a chapter another renderer wrote", () => {
  // the shapes Astro writes for a chapter: single-quoted and unquoted attributes are the parser's, not a regex's
  const astro =
    "<h2 id=grab>Grab<a class='heading-anchor' href='#grab'>#</a></h2>" +
    '<section class="table-scroll" tabindex="0" aria-label="Table: Grab"><table><tr><th>A</th><td>1</td></tr></table></section>' +
    '<p title="a &gt; b">The GM&#39;s call &amp; a <code>&lt;script&gt;</code><br/>next</p>' +
    '<label for="x" aria-describedby="grab x">X</label>';

  it("prefixes and names the parsed elements, writes text and attributes back escaped, and adds no cell spaces", () => {
    expect(bookPartHtml(fromHtml(astro), "chapter/combat--", "Chapter 9", { separateCells: false })).toBe(
      '<h2 id="chapter/combat--grab">Grab<a class="heading-anchor" href="#chapter/combat--grab">#</a></h2>' +
        '<section class="table-scroll" tabindex="0" aria-label="Table: Grab (Chapter 9)"><table><tbody><tr><th>A</th><td>1</td></tr></tbody></table></section>' +
        '<p title="a &gt; b">The GM\'s call &amp; a <code>&lt;script&gt;</code><br>next</p>' +
        '<label for="chapter/combat--x" aria-describedby="chapter/combat--grab chapter/combat--x">X</label>',
    );
  });

  it("never turns parsed text into markup", () => {
    const written = bookPartHtml(fromHtml("<p>&lt;img src=x onerror=alert(1)&gt;</p>"), "p--", "Chapter 1");
    expect(written).toBe("<p>&lt;img src=x onerror=alert(1)&gt;</p>");
    expect(fromHtml(written)).toEqual(fromHtml("<p>&lt;img src=x onerror=alert(1)&gt;</p>"));
  });
});
