// Every built page's visible text is free of authoring internals: raw ids, backticks, status fields, enum slugs,
// schema field names and build settings
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { KINDS } from "@momenta/schema";
import type { Element, Root } from "hast";
import { fromHtml } from "hast-util-from-html";
import { toText } from "hast-util-to-text";
import { visit } from "unist-util-visit";
import { beforeAll, describe, expect, it } from "vitest";
import { DIST_DIR, ensureSiteBuilt, REPO_DIR } from "./support/build.ts";

/** Reader pages: every HTML file but the JSON API's folder and Astro's and Pagefind's assets. */
function pages(folder = DIST_DIR, out: string[] = []): string[] {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      if (!["_astro", "pagefind", "api"].includes(name)) pages(path, out);
    } else if (name.endsWith(".html")) out.push(path);
  }
  return out;
}

/** Enum values and property names of the generated JSON Schemas that are no reader's words. */
function schemaWords(): { slugs: Set<string>; fields: Set<string> } {
  const slugs = new Set<string>();
  const fields = new Set<string>();
  const folder = join(REPO_DIR, "packages/schema/json-schema");
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (typeof node !== "object" || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (key === "enum" && Array.isArray(value))
        for (const item of value) if (typeof item === "string" && item.includes("-")) slugs.add(item);
      if (key === "const" && typeof value === "string" && value.includes("-")) slugs.add(value);
      if (key === "properties" && typeof value === "object" && value)
        for (const property of Object.keys(value)) if (/[a-z][A-Z]/.test(property)) fields.add(property);
      walk(value);
    }
  };
  for (const name of readdirSync(folder))
    if (name.endsWith(".json")) walk(JSON.parse(readFileSync(join(folder, name), "utf8")));
  return { slugs, fields };
}

const escapeRegExp = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The text a reader can see: no scripts, styles, templates or `hidden` subtrees (previews count: they show). */
function visibleText(html: string): string {
  const tree = fromHtml(html) as Root;
  visit(tree, "element", (node: Element, index, parent) => {
    if (!parent || index === undefined) return;
    if (["script", "style", "template", "noscript"].includes(node.tagName) || node.properties.hidden) {
      parent.children.splice(index, 1);
      return index;
    }
  });
  return toText(tree);
}

let files: string[] = [];
beforeAll(() => {
  ensureSiteBuilt();
  // an alias's redirect page prints the address it sends to: it is a URL, not text a reader reads
  files = pages().filter((file) => !/<meta http-equiv="refresh"/.test(readFileSync(file, "utf8")));
});

describe("no authoring internal reaches a reader page", () => {
  it("no page's visible text holds an id, a backtick, a status field, an enum slug, a field name or a build variable", () => {
    const words = schemaWords();
    // an enum value the book itself writes as a word ("auto-clear", "roll-to-clear") is the book's, not the schema's
    const chapters = readdirSync(join(REPO_DIR, "content/rules"))
      .filter((name) => name.endsWith(".mdx"))
      .map((name) => readFileSync(join(REPO_DIR, "content/rules", name), "utf8"))
      .join("\n");
    const slugs = [...words.slugs].filter(
      (slug) => !new RegExp(`(?<![/\\w-])${escapeRegExp(slug)}(?![\\w-])`).test(chapters),
    );
    const { fields } = words;
    // ids as written in content (`condition/hindered`), not inside a URL path (`/condition/hindered/`)
    const kinds = KINDS.map((definition) => definition.kind).join("|");
    const checks: Array<[string, RegExp]> = [
      ["id", new RegExp(`(?<![/\\w-])(?:${kinds})/[a-z0-9][a-z0-9-]*`, "g")],
      ["backtick", /`/g],
      ["status field", /\b[Ss]tatus:?\s+(?:in)?complete\b/g],
      ["enum slug", new RegExp(`(?<![/\\w-])(?:${slugs.map(escapeRegExp).join("|")})(?![\\w-])`, "g")],
      ["field name", new RegExp(`\\b(?:${[...fields].map(escapeRegExp).join("|")})\\b`, "g")],
      ["build variable", /\bMOMENTA_[A-Z_]+\b/g],
    ];
    expect(files.length).toBeGreaterThan(400);
    expect(slugs).toContain("reactive-defense");
    expect(slugs).not.toContain("auto-clear");
    expect(fields).toContain("baseCost");
    const leaks: string[] = [];
    for (const file of files) {
      const text = visibleText(readFileSync(file, "utf8"));
      for (const [what, pattern] of checks)
        for (const match of text.matchAll(pattern)) {
          const around = text.slice(Math.max(0, match.index - 40), match.index + match[0].length + 40);
          leaks.push(
            `${relative(DIST_DIR, file).split(sep).join("/")}: ${what} “${around.replace(/\s+/g, " ")}”`,
          );
        }
    }
    expect(leaks).toEqual([]);
  });

  it("the crawl sees what a leak would look like", () => {
    const text = visibleText(
      '<main><p>Family: reactive-defense, see condition/hindered, `definition`</p><p hidden>tag/combo</p><a href="/condition/hindered/">x</a></main>',
    );
    expect(text).toContain("reactive-defense");
    expect(text).toContain("`definition`");
    expect(text).not.toContain("tag/combo");
  });
});

// issue 27 point 9: where the content goes beyond the source's words, the reader is told so on the page
describe("what the content works out or points past is marked on the reader's page", () => {
  const page = (path: string) =>
    visibleText(readFileSync(join(DIST_DIR, path, "index.html"), "utf8")).replace(/\s+/g, " ");

  it("the Spellcasting catalog's “Arts above” pointer carries a note on the source", () => {
    expect(page("art")).toContain(
      "Note on the source: “The Arts above” points to the Art stat blocks, which the source prints after this passage",
    );
  });

  it("Half-Elf's and Warrior's mastery domains say they are worked out from ch. 12, not printed", () => {
    expect(page("archetype/half-elf")).toContain("Human and Elf are worked out, not printed");
    expect(page("archetype/warrior")).toContain("Martial and Warrior are worked out, not printed");
  });

  it("Lux's Mend reads as the caster's choice of Vitality or Strain", () => {
    expect(page("resonance/lux")).toContain("Vitality or Strain (caster choice)");
    expect(page("spellcasting/grid")).toContain("Vitality or Strain (caster choice)");
  });

  it("Compel's and Impel's notes cite the rule they set aside", () => {
    for (const art of ["compel", "impel"])
      expect(page(`art/${art}`)).toContain(
        "the catalog’s rule “Arts not listed in a Resonance are not castable with that Resonance” is set aside",
      );
  });

  it("a chapter's description names what the source lost rather than promising it", () => {
    const description = (path: string) =>
      /<meta name="description" content="([^"]*)"/.exec(
        readFileSync(join(DIST_DIR, path, "index.html"), "utf8"),
      )?.[1];
    expect(description("chapter/limit-breaks")).toContain("is missing from the source");
    expect(description("chapter/building-encounters")).toContain(
      "The encounter card is missing from the source",
    );
  });
});
