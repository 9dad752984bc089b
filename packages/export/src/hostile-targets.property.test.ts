// Hostile field text in every field of a homebrew entry and of a house-ruled core entry, composed into the Obsidian
// vault and the Foundry journals: nothing runs, nothing is fetched, no markup is live, no provenance mark is lost
// (fast-check, fixed seed)
import type { ContentGraph, Entry } from "@momenta/content";
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

/** The smallest graph the exports read: entries by id and kind, no chapters. */
function graphOf(entries: Entry[]): ContentGraph {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  return {
    entries: byId,
    chapters: [],
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
  return problems;
}

describe("hostile text composed into the exports", () => {
  it("an Obsidian note has no live markup, fetch or link, keeps its mark, and its properties read back whole", () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, (text, name, pack) => {
        const homebrew = hostileEntry("weapon/evil.blade", text, name || "x");
        const patched = hostileEntry("weapon/dagger", text, `${name} dagger`);
        const vault = obsidianVault(graphOf([homebrew, patched]), {
          pageUrl: (id) => `/${id}/`,
          packName: (id) => (id === homebrew.id ? pack : undefined),
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
      }),
      { seed: 424242, numRuns: 100 },
    );
  });

  it("a Foundry journal page has no script, handler, remote resource or outside link, and keeps its mark", () => {
    fc.assert(
      fc.property(hostile, hostile, hostile, (text, name, pack) => {
        const homebrew = hostileEntry("weapon/evil.blade", text, name || "x");
        const patched = hostileEntry("weapon/dagger", text, `${name} dagger`);
        const module = foundryModule(graphOf([homebrew, patched]), {
          pageUrl: (id) => `/${id}/`,
          packName: (id) => (id === homebrew.id ? pack : undefined),
          houseRules: (id) => (id === patched.id ? [pack] : undefined),
        });
        const pages = [...module.files.values()]
          .filter((file) => file.includes('"pages"'))
          .flatMap((file) => JSON.parse(file).pages as { text: { content: string }; flags: unknown }[]);
        expect(pages).toHaveLength(2);
        for (const page of pages) {
          expect(htmlProblems(page.text.content)).toEqual([]);
          const first = fromHtml(page.text.content, { fragment: true }).children.find(
            (node) => node.type === "element",
          );
          const expected = JSON.stringify(page.flags).includes("houseRule")
            ? `House rule · ${pack}`
            : `Homebrew · ${pack}`;
          expect(collapse(first ? hastText(first) : "")).toBe(collapse(expected));
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
