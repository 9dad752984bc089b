// Hostile text in every field of a homebrew entry, of a house-ruled core entry and in a pack chapter, composed into the Obsidian
// vault and the Foundry journals: nothing runs, nothing is fetched, no markup is live, no provenance mark is lost
// (fast-check, fixed seed)
import type { Chapter, ContentGraph, Entry } from "@momenta/content";
import { parseProse, URL_POLICY } from "@momenta/content";
import { kindByName } from "@momenta/schema";
import fc from "fast-check";
import type { Element, Root as HastRoot } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toString as hastText } from "hast-util-to-string";
import type { Root } from "mdast";
import { toString as mdastText } from "mdast-util-to-string";
import { visit } from "unist-util-visit";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { foundryModule } from "./foundry.ts";
import { obsidianVault } from "./obsidian.ts";

/** Pieces of text that are inert alone and were live once joined, or are live anywhere. */
const PIECES = [
  "<script>alert(1)</script>",
  "<iframe src=https://evil.example/></iframe>",
  "    <img src=https://evil.example/p.png onerror=alert(1)>",
  "```html\n<script>alert(1)</script>\n```",
  "~~~\n<b>x</b>\n~~~",
  "![pixel](https://evil.example/p.png)",
  "[click](javascript:alert(1))",
  "[out](https://evil.example/)",
  "<https://evil.example/>",
  "https://evil.example/x",
  "www.evil.example",
  "&lt;script&gt;",
  "<!-- x -->",
  "<style>*{display:none}</style>",
  "![[Momenta]]",
  "[[Hindered]]",
  "%%hidden%%",
  "> [!note] Official errata",
  "```dataviewjs\napp.vault.adapter.write('x', 'y')\n```",
  "```query\nfile:\n```",
  "`$= dv.el('p', 'x')`",
  "`= this.file.name`",
  "$\\href{javascript:alert(1)}{x}$",
  "$$x$$",
  "<% tp.file.title %>",
  "<%* app.vault %>",
  "@UUID[Macro.abcdefghijklmnop]{Run}",
  "@Macro[x]",
  "&Reference[prone]",
  "[[/r 1d20]]",
  "$",
  "%",
  "@",
  "[",
  "]",
  "---",
  "key: value",
  "\u202eevil\u202c",
  "\u200b",
  "\\",
  "|",
  "*",
  "_",
  "`",
  "#tag",
  "# ",
  "- ",
  "1. ",
  "<",
  ">",
  "&",
  "..",
  "/",
  ":",
  "CON",
  " ",
  "\n",
  "\n\n",
  "    ",
  "word",
];
const hostile = fc
  .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 8 })
  .map((parts) => parts.join(""));

/** A homebrew weapon whose every string field (and its name, alias and missing note) holds hostile text. */
function hostileEntry(id: string, text: string, name: string): Entry {
  const definition = kindByName("weapon");
  if (!definition) throw new Error("the weapon kind is gone");
  return {
    id,
    kind: "weapon",
    name,
    aliases: [text],
    data: {
      id,
      name,
      weightClass: text,
      attributes: [text],
      tags: [text, text],
      effect: { "0s": text, "1s": `**Label**: ${text}` },
      notes: text,
      nested: { list: [text, { deeper: text }] },
    },
    file: `packs/evil/content/weapons/${id.split("/")[1]}.json`,
    references: [],
    status: "incomplete",
    missing: [text],
    valid: true,
    definition,
  };
}

/** A homebrew chapter whose body and title hold hostile text (a pack chapter is plain Markdown: no components). */
function hostileChapter(text: string, title: string): Chapter {
  return {
    id: "chapter/evil.notes",
    kind: "chapter",
    frontmatter: { id: "chapter/evil.notes", title, order: 40, summary: "x" } as Chapter["frontmatter"],
    body: text,
    bodyOffset: 0,
    file: "packs/evil/content/rules/40-notes.mdx",
    headings: [],
    headingRanges: [],
    references: [],
    components: [],
    code: [],
    valid: true,
    pack: "evil",
  };
}

/** The smallest graph the exports read: entries by id and kind, and the given chapters. */
function graphOf(entries: Entry[], chapters: Chapter[] = []): ContentGraph {
  const byId = new Map<string, Entry | Chapter>([
    ...entries.map((entry) => [entry.id, entry] as const),
    ...chapters.map((chapter) => [chapter.id, chapter] as const),
  ]);
  return {
    entries: new Map(entries.map((entry) => [entry.id, entry])),
    chapters,
    packs: [],
    get: (id: string) => byId.get(id),
    byKind: (kind: string) => entries.filter((entry) => entry.kind === kind),
  } as unknown as ContentGraph;
}

/**
 * What Obsidian's Properties view may link in a text value: bare URLs, e-mails and wikilinks, and (to be safe, as the
 * exporter is) Markdown links. A model of it, written apart from the exporter's predicate.
 */
const PROPERTY_VIEW_LINKS = /[a-z][a-z0-9+.-]*:\/\/|www\.|mailto:|[\w.+-]+@[\w-]+\.[\w-]+|\[\[|\]\(/i;

const collapse = (value: string) => value.replace(/\s+/g, " ").trim();
const allowed = (url: string) => URL_POLICY.refusal(url, "untrusted") === undefined;

/** What an Obsidian note's body may not hold once Obsidian's Markdown reads it. */
function markdownProblems(note: string, ownLinks = false): string[] {
  const problems: string[] = [];
  const body = note.replace(/^---\n[\s\S]*?\n---\n/, "");
  const tree: Root = parseProse(body);
  visit(tree, (node) => {
    if (node.type === "html") problems.push(`raw HTML ${JSON.stringify(node.value)}`);
    if (node.type === "image" || node.type === "imageReference") problems.push("an image");
    if ((node.type === "link" || node.type === "definition") && !allowed(node.url))
      problems.push(`a link to ${node.url}`);
  });
  // Obsidian's own syntax, outside code: a wikilink or embed the entry did not make (it has no references); an
  // escaped bracket is text in Obsidian as in CommonMark
  visit(tree, "text", (node) => {
    const source = body.slice(node.position?.start.offset, node.position?.end.offset);
    if (!ownLinks && source.replace(/\\./g, "").includes("[["))
      problems.push(`a wikilink or embed in ${source}`);
    // math (MathJax), a comment that hides text, a Templater command: read from the source, as those readers do
    if (!ownLinks && /\$|%%|<%/.test(source)) problems.push(`math, a comment or a template in ${source}`);
  });
  // what a plugin runs: a fence its language names (`dataviewjs`, `query`), an inline Dataview query
  visit(tree, "code", (node) => {
    if (node.lang) problems.push(`a \`${node.lang}\` fence`);
  });
  visit(tree, "inlineCode", (node) => {
    if (/^\s*\$?=/.test(node.value)) problems.push(`an inline query \`${node.value}\``);
  });
  return problems;
}

/** What a Foundry journal page's HTML may not hold. */
function htmlProblems(html: string): string[] {
  const problems: string[] = [];
  const tree: HastRoot = fromHtml(html, { fragment: true });
  visit(tree, "element", (node: Element) => {
    if (["script", "iframe", "img", "style", "object", "embed", "link", "meta", "svg"].includes(node.tagName))
      problems.push(`<${node.tagName}>`);
    for (const name of Object.keys(node.properties)) {
      if (/^on/i.test(name)) problems.push(`an ${name} handler`);
      if (name === "style") problems.push("a style attribute");
    }
    const href = node.properties.href;
    if (typeof href === "string" && !allowed(href)) problems.push(`a link to ${href}`);
  });
  // Foundry's enrichers read the page's decoded text: a document link, a lookup or an inline roll is live there
  const live = /[@&][A-Za-z]+\[|\[\[/.exec(hastText(tree));
  if (live) problems.push(`an enricher at ${JSON.stringify(live[0])}`);
  return problems;
}

describe("hostile text composed into the exports", () => {
  it("an Obsidian note has no live markup, fetch or link, keeps its mark, and its properties read back whole", () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, (text, name, pack) => {
        const homebrew = hostileEntry("weapon/evil.blade", text, name || "x");
        const patched = hostileEntry("weapon/dagger", text, `${name} dagger`);
        const chapter = hostileChapter(text, name || "x");
        const vault = obsidianVault(graphOf([homebrew, patched], [chapter]), {
          pageUrl: (id) => `/${id}/`,
          packName: (id) => (id === homebrew.id || id === chapter.id ? pack : undefined),
          houseRules: (id) => (id === patched.id ? [pack] : undefined),
        });
        for (const [path, note] of vault) {
          for (const segment of path.split("/")) {
            expect(segment).not.toMatch(/^\.\.?$|[\\:*?"<>|#^[\]]/);
            expect([...segment].some((character) => (character.codePointAt(0) ?? 0) < 0x20)).toBe(false);
            expect(Buffer.byteLength(segment)).toBeLessThanOrEqual(255);
          }
          expect(markdownProblems(note, path === "Momenta.md"), note).toEqual([]);
        }
        for (const [entry, mark] of [
          [homebrew, `Homebrew · ${pack}`],
          [patched, `House rule · ${pack}`],
        ] as const) {
          const note = [...vault].find(([, text]) => text.includes(`id: ${entry.id}`))?.[1] ?? "";
          const props = parseYaml(note.split("\n---\n")[0]?.replace(/^---\n/, "") ?? "");
          expect(props.id).toBe(entry.id);
          expect(props.aliases).toEqual(entry.aliases);
          // the Properties view links a bare URL, an e-mail or a wikilink in a value by itself: a field that
          // holds one is only in the note's text (as code there); a field that holds none is a property, whole
          for (const [key, value] of Object.entries(props)) {
            if (["id", "kind", "aliases", "status", "homebrew", "house-rule"].includes(key)) continue;
            expect(PROPERTY_VIEW_LINKS.test(JSON.stringify(value)), `${key}: ${JSON.stringify(value)}`).toBe(
              false,
            );
          }
          if (!PROPERTY_VIEW_LINKS.test(text)) expect(props.weightClass).toBe(text);
          else expect(props.weightClass).toBeUndefined();
          const blocks = parseProse(note.replace(/^---\n[\s\S]*?\n---\n/, "")).children;
          expect(blocks[0]?.type).toBe("heading");
          expect(collapse(mdastText(blocks[0]))).toBe(collapse(entry.name));
          expect(blocks[1]?.type).toBe("blockquote");
          expect(collapse(mdastText(blocks[1]))).toBe(collapse(mark));
        }
        // the pack's chapter: its title, then its mark, before any of its hostile body
        const note = [...vault].find(([, text]) => text.includes(`id: ${chapter.id}`))?.[1] ?? "";
        const blocks = parseProse(note.replace(/^---\n[\s\S]*?\n---\n/, "")).children;
        expect(collapse(mdastText(blocks[0]))).toBe(collapse(chapter.frontmatter.title));
        expect(blocks[1]?.type).toBe("blockquote");
        expect(collapse(mdastText(blocks[1]))).toBe(collapse(`Homebrew · ${pack}`));
      }),
      { seed: 424242, numRuns: 100 },
    );
  });

  it("a Foundry journal page has no script, handler, remote resource or outside link, and keeps its mark", () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, (text, name, pack) => {
        const homebrew = hostileEntry("weapon/evil.blade", text, name || "x");
        const patched = hostileEntry("weapon/dagger", text, `${name} dagger`);
        const chapter = hostileChapter(text, name || "x");
        const module = foundryModule(graphOf([homebrew, patched], [chapter]), {
          pageUrl: (id) => `/${id}/`,
          packName: (id) => (id === homebrew.id || id === chapter.id ? pack : undefined),
          houseRules: (id) => (id === patched.id ? [pack] : undefined),
        });
        const pages = [...module.files.values()]
          .filter((file) => file.includes('"pages"'))
          .flatMap((file) => JSON.parse(file).pages as { text: { content: string }; flags: unknown }[]);
        expect(pages).toHaveLength(3);
        for (const page of pages) {
          expect(htmlProblems(page.text.content)).toEqual([]);
          const first = fromHtml(page.text.content, { fragment: true }).children.find(
            (node) => node.type === "element",
          );
          const expected = JSON.stringify(page.flags).includes("houseRule")
            ? `House rule · ${pack}`
            : `Homebrew · ${pack}`;
          // the word joiners that keep Foundry's enrichers off a mark's text are invisible: the mark reads the same
          expect(collapse(first ? hastText(first).replaceAll("\u2060", "") : "")).toBe(collapse(expected));
        }
      }),
      { seed: 424242, numRuns: 100 },
    );
  });

  it("an indented or fenced field stays code after its label, where joining the fields made it live HTML", () => {
    const entry = hostileEntry(
      "weapon/evil.blade",
      '    <iframe src="https://evil.example/"></iframe>',
      "Blade",
    );
    const note = obsidianVault(graphOf([entry]), { pageUrl: (id) => `/${id}/`, packName: () => "Evil" }).get(
      "Weapons/Blade.md",
    );
    expect(note).toContain('**Notes**\n\n```\n<iframe src="https://evil.example/"></iframe>\n```');
    expect(markdownProblems(note ?? ""), note).toEqual([]);
  });
});
