// The Core Rules chapters and catalog texts in content/rules: parse, frontmatter, reading order, fidelity to seed 000, embeds
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { COMPUTED_TABLES } from "@momenta/rules";
import {
  CHAPTER_COMPONENTS,
  type ChapterComponentName,
  chapterFrontmatterSchema,
  KINDS,
  kindByName,
  normalizeName,
  plainText,
  slugify,
} from "@momenta/schema";
import { describe, expect, it } from "vitest";
import {
  attributes,
  compareWithSeed,
  components,
  entryRows,
  type Fidelity,
  isCatalogText,
  loadChapters,
  normalize,
  ROOT,
  seedCatalogs,
  seedChapters,
  TABLE_SEED_FILES,
  textUnits,
  walk,
} from "./chapters.ts";

const files = loadChapters();
const chapters = files.filter((file) => !isCatalogText(file));
const catalogTexts = files.filter(isCatalogText);
const seed = seedChapters();
const catalogs = seedCatalogs();
const byNumber = new Map(
  chapters.map((chapter) => [String((chapter.frontmatter as { chapter?: unknown })?.chapter), chapter]),
);

function entryPath(id: string): string | undefined {
  const [kind, slug] = id.split("/");
  const definition = kind ? kindByName(kind) : undefined;
  return definition && slug ? join(ROOT, "content", definition.folder, `${slug}.json`) : undefined;
}

/** Every string inside an entry, as a reader sees it, for "is this sentence in the entry" checks. */
function entryText(value: unknown): string {
  if (typeof value === "string") return normalize(plainText(value));
  if (Array.isArray(value)) return value.map(entryText).join(" ");
  if (value && typeof value === "object") return Object.values(value).map(entryText).join(" ");
  return "";
}

/** Compare one seed chapter with its MDX (see compareWithSeed). */
function fidelity(chapterNumber: string): Fidelity {
  const seedChapter = seed.find((candidate) => candidate.number === chapterNumber);
  const parsed = byNumber.get(chapterNumber);
  if (!seedChapter || !parsed) throw new Error(`chapter ${chapterNumber} is missing`);
  const entry = (id: string): unknown => {
    const path = entryPath(id);
    return path && existsSync(path) ? JSON.parse(readFileSync(path, "utf8")) : undefined;
  };
  return compareWithSeed(
    seedChapter.lines,
    parsed.tree,
    (id) => {
      const data = entry(id);
      return data === undefined ? undefined : entryText(data);
    },
    (id) => {
      const data = entry(id);
      return data === undefined ? undefined : entryRows(data);
    },
  );
}

describe("content/rules chapters", () => {
  it("has one MDX file per Core Rules chapter of the seed (33)", () => {
    expect(seed).toHaveLength(33);
    expect(chapters).toHaveLength(seed.length);
  });

  it.each(chapters.map((chapter) => [chapter.file, chapter] as const))(
    "%s parses and its frontmatter validates",
    (file, chapter) => {
      const result = chapterFrontmatterSchema.safeParse(chapter.frontmatter);
      expect(result.success ? [] : result.error.issues).toEqual([]);
      const slug = file.replace(/^(?:\d\d|[ab])-/, "").replace(/\.mdx$/, "");
      expect(result.data?.id).toBe(`chapter/${slug}`);
      expect(file.split("-")[0]?.toUpperCase()).toBe(result.data?.chapter);
    },
  );

  it("follows the seed's breadcrumbs: order, numbers, titles and Moments", () => {
    const ordered = [...chapters]
      .map((chapter) => chapterFrontmatterSchema.parse(chapter.frontmatter))
      .sort((a, b) => a.order - b.order);
    expect(ordered.map((fm) => [fm.order, fm.chapter, fm.title, fm.moment])).toEqual(
      seed.map((chapter, index) => [index, chapter.number, chapter.title, chapter.moment]),
    );
  });
});

describe("fidelity: every paragraph of the seed's chapter text is in the MDX", () => {
  it.each(seed.map((chapter) => [chapter.number, chapter.title] as const))("chapter %s · %s", (number) => {
    expect(fidelity(number).missing).toEqual([]);
  });

  it.each(seed.map((chapter) => [chapter.number, chapter.title] as const))(
    "chapter %s · %s adds no text the seeds do not have",
    (number) => {
      const seedChapter = seed.find((candidate) => candidate.number === number);
      const parsed = byNumber.get(number);
      const corpus = [
        ...(seedChapter?.lines ?? []),
        // Markdown table rows of 003/004 compare cell by cell
        ...TABLE_SEED_FILES.flatMap((file) =>
          readFileSync(file, "utf8")
            .split("\n")
            .map((line) => line.replace(/^\|\s*|\s*\|$/g, "").replace(/\s*\|\s*/g, " ")),
        ),
      ]
        .map(normalize)
        .join("\n");
      const invented = textUnits(parsed?.tree ?? { type: "root" }, { withLabels: false }).filter(
        (unit) => !corpus.includes(unit),
      );
      expect(invented).toEqual([]);
    },
  );

  it("Design Notes, GM Notes and worked examples are set apart as components, not plain paragraphs", () => {
    const plain = chapters.flatMap((chapter) =>
      textUnits(chapter.tree, { withLabels: false })
        .filter((unit) => /^(?:Design Note|GM Note|Example):/.test(unit))
        .map((unit) => `${chapter.file}: ${unit.slice(0, 60)}`),
    );
    expect(plain).toEqual([]);
  });
});

describe("content/rules catalog texts: each catalog's own text, verbatim", () => {
  it("has one catalog text per catalog of the seed (6), in the seed's order after the appendices", () => {
    expect(catalogs.map((catalog) => catalog.title)).toEqual([
      "Archetypes Catalog",
      "Masteries Catalog",
      "Equipment Catalog",
      "Spellcasting Catalog",
      "Limit Breaks Catalog",
      "Pre-Generated Enemies",
    ]);
    const ordered = catalogTexts
      .map((file) => chapterFrontmatterSchema.parse(file.frontmatter))
      .sort((a, b) => a.order - b.order);
    expect(ordered.map((fm) => [fm.order, fm.title, fm.aliases])).toEqual(
      catalogs.map((catalog, index) => [seed.length + index, catalog.title, [`Momenta — ${catalog.title}`]]),
    );
  });

  it.each(catalogTexts.map((file) => [file.file, file] as const))(
    "%s: frontmatter validates, id follows the file, its kinds have entries",
    (file, parsed) => {
      const result = chapterFrontmatterSchema.safeParse(parsed.frontmatter);
      expect(result.success ? [] : result.error.issues).toEqual([]);
      expect(result.data?.id).toBe(`chapter/${file.replace(/\.mdx$/, "")}`);
      const catalog = result.data?.catalog;
      expect(catalog && file).toMatch(/^catalog-/);
      // each listed kind has entries, so its catalog page exists to open with this text
      for (const kind of catalog?.kinds ?? []) {
        const definition = kindByName(kind);
        const dir = definition ? join(ROOT, "content", definition.folder) : "";
        const count = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".json")).length : 0;
        expect([kind, count > 0]).toEqual([kind, true]);
      }
    },
  );

  it.each(catalogTexts.map((file) => [file.file, file] as const))(
    "%s adds no text its catalog does not have",
    (_file, parsed) => {
      const fm = chapterFrontmatterSchema.parse(parsed.frontmatter);
      const catalog = catalogs.find((candidate) => candidate.title === fm.title);
      const corpus = ["Version: 0.31", ...(catalog?.lines ?? [])].map(normalize).join("\n");
      const invented = textUnits(parsed.tree, { withLabels: false }).filter((unit) => !corpus.includes(unit));
      expect(invented).toEqual([]);
    },
  );

  // the rules issue 15 found missing from the repository, each in its catalog's text
  it.each([
    ["Pre-Generated Enemies", "Enemies do not track Vigor and have no reactions by default."],
    ["Pre-Generated Enemies", "up to 4 Grunts may take their turns consecutively"],
    ["Pre-Generated Enemies", "Elites and Champions do not roll to clear"],
    ["Pre-Generated Enemies", "Grunts never call shots."],
    ["Spellcasting Catalog", "price access at 1 mastery slot (2 for rare and powerful ones)"],
    ["Spellcasting Catalog", "Arts not listed in a Resonance are not castable with that Resonance."],
    ["Equipment Catalog", "plain clothes or explorer's clothing with no damage mitigation"],
    ["Equipment Catalog", "Armor is classified as either Standard or Martial."],
    ["Equipment Catalog", "Exotic spell foci are found, crafted, rewarded, or otherwise acquired."],
    ["Equipment Catalog", "A character has a number of wondrous item slots equal to their MIND value."],
    ["Limit Breaks Catalog", "Combo Limit Breaks require mutual Bond 4+"],
  ])("%s states: %s", (title, sentence) => {
    const parsed = catalogTexts.find((file) => (file.frontmatter as { title?: string }).title === title);
    const text = textUnits(parsed?.tree ?? { type: "root" }).join("\n");
    expect(text).toContain(normalize(sentence));
  });

  it("every catalog text opens with its catalog's introduction and disclaimer", () => {
    const openings = catalogTexts.map((parsed) => textUnits(parsed.tree).slice(0, 3));
    for (const [version, introduction, disclaimer] of openings) {
      expect(version).toBe("Version: 0.31");
      expect(introduction).toMatch(/^Momenta is a tactical, cinematic fantasy TTRPG/);
      expect(disclaimer).toBe(
        "All of the catalog examples are a sample of the design space, and not to be considered an exhaustive list.",
      );
    }
    expect(openings).toHaveLength(6);
  });
});

describe("each place prints a stat block as its own source does", () => {
  it("ch. 11's example armor is Chain Shirt at +2 Guard, as ch. 11 prints it; the catalog entry says +2 Max Guard", () => {
    const ch11 = byNumber.get("11");
    const seedLines = seed.find((chapter) => chapter.number === "11")?.lines ?? [];
    const example = seedLines.indexOf("[ARMOR] Chain Shirt (Martial)");
    expect(seedLines.slice(example, example + 4).filter(Boolean)).toEqual([
      "[ARMOR] Chain Shirt (Martial)",
      "Effect: +2 Guard",
      "Penalty: none",
    ]);
    const units = textUnits(ch11?.tree ?? { type: "root" });
    expect(units).toEqual(expect.arrayContaining(["[ARMOR] Chain Shirt (Martial)", "Effect: +2 Guard"]));
    expect(
      components(ch11?.tree ?? { type: "root" }, "StatBlock").map((node) => attributes(node).id),
    ).not.toContain("armor/chain-shirt");
    const entry = JSON.parse(readFileSync(join(ROOT, "content/armor/chain-shirt.json"), "utf8"));
    expect(entry.effect).toBe("+2 Max Guard");
    expect(catalogs.find((catalog) => catalog.title === "Equipment Catalog")?.lines).toContain(
      "Effect: +2 Max Guard",
    );
  });
});

describe("embeds and markers", () => {
  const all = files.map((chapter) => [chapter.file, chapter] as const);

  it("every <StatBlock id> names an existing content entry", () => {
    const missing = new Set<string>();
    for (const chapter of chapters) {
      for (const node of components(chapter.tree, "StatBlock")) {
        const id = attributes(node).id ?? "";
        const path = entryPath(id);
        if (!path || !existsSync(path)) missing.add(id);
      }
    }
    expect([...missing].sort()).toEqual([]);
  });

  it.each(all)(
    "%s uses only the allowed components, with literal attributes and no code",
    (_file, chapter) => {
      const problems: string[] = [];
      walk(chapter.tree, (node) => {
        const line = node.position?.start.line;
        if (
          node.type === "mdxjsEsm" ||
          node.type === "mdxFlowExpression" ||
          node.type === "mdxTextExpression"
        ) {
          problems.push(`line ${line}: ${node.type}`);
        }
        if (!node.type.startsWith("mdxJsx")) return;
        const name = node.name ?? "";
        if (!(name in CHAPTER_COMPONENTS)) {
          problems.push(`line ${line}: <${name}> is not a chapter component`);
          return;
        }
        const allowed: readonly string[] = CHAPTER_COMPONENTS[name as ChapterComponentName].attributes;
        for (const attribute of node.attributes ?? []) {
          if (attribute.type !== "mdxJsxAttribute" || typeof attribute.value !== "string") {
            problems.push(`line ${line}: <${name}> has a non-literal attribute`);
          } else if (!allowed.includes(attribute.name ?? "")) {
            problems.push(`line ${line}: <${name}> does not take ${attribute.name}`);
          }
        }
      });
      expect(problems).toEqual([]);
    },
  );

  it.each(all)("%s: every component is well-formed", (_file, chapter) => {
    const problems: string[] = [];
    const kinds = new Set(KINDS.map((definition) => definition.kind));
    walk(chapter.tree, (node) => {
      if (!node.type.startsWith("mdxJsx")) return;
      const at = `line ${node.position?.start.line}: <${node.name}>`;
      const attrs = attributes(node);
      const empty = (node.children ?? []).length === 0;
      switch (node.name) {
        case "StatBlock": {
          const [kind, slug, extra] = (attrs.id ?? "").split("/");
          if (!kind || !kinds.has(kind) || !slug || slug !== slugify(slug) || extra !== undefined) {
            problems.push(`${at} id "${attrs.id}" is not <kind>/<slug>`);
          }
          if (!empty) problems.push(`${at} must be self-closing`);
          break;
        }
        case "MissingTable":
          if (!attrs.name?.trim()) problems.push(`${at} needs the name of the lost table`);
          if (!empty) problems.push(`${at} must be self-closing: the source lost its rows`);
          break;
        case "SourceNote":
          if (!attrs.note?.trim()) problems.push(`${at} needs its note`);
          if (!empty) problems.push(`${at} must be self-closing: its words are the editor's, not the book's`);
          break;
        case "ComputedTable":
          if (!attrs.table || !(attrs.table in COMPUTED_TABLES))
            problems.push(`${at} "${attrs.table}" is not in COMPUTED_TABLES`);
          if (!empty) problems.push(`${at} must be self-closing`);
          break;
        case "EntryList":
          if (!attrs.kind || !kinds.has(attrs.kind))
            problems.push(`${at} kind "${attrs.kind}" is not a content kind`);
          if (!empty) problems.push(`${at} must be self-closing`);
          break;
        case "Example":
          if (!attrs.title?.trim()) problems.push(`${at} needs a title`);
          if (empty) problems.push(`${at} is empty`);
          break;
        default:
          if (empty) problems.push(`${at} is empty`);
      }
    });
    expect(problems).toEqual([]);
  });

  it.each(all)(
    "%s: no sentence announces a table that is neither there nor marked missing",
    (_file, chapter) => {
      const dangling: string[] = [];
      walk(chapter.tree, (node) => {
        const children = node.children ?? [];
        children.forEach((child, index) => {
          if (child.type !== "paragraph") return;
          const text = plainText((child.children ?? []).map((inline) => inline.value ?? "").join(""));
          const next = children[index + 1];
          // a colon that ends a block introduces what follows; a heading or nothing means something was lost
          if (
            text.trimEnd().endsWith(":") &&
            (!next || next.type === "heading") &&
            node.type !== "listItem"
          ) {
            dangling.push(`line ${child.position?.start.line}: ${text.slice(0, 70)}`);
          }
        });
      });
      expect(dangling).toEqual([]);
    },
  );
});

describe("Appendix B · Glossary", () => {
  const glossaryDir = join(ROOT, "content/glossary");
  const entries = existsSync(glossaryDir)
    ? readdirSync(glossaryDir)
        .filter((file) => file.endsWith(".json"))
        .map((file) => JSON.parse(readFileSync(join(glossaryDir, file), "utf8")))
    : [];

  it("lists the glossary from its entries, and every term of the seed has one", () => {
    const appendix = seed.find((chapter) => chapter.number === "B");
    const terms = (appendix?.lines ?? [])
      .filter((line) => line.startsWith("• "))
      .map((line) => line.slice(2).split(" — ")[0] ?? "");
    expect(terms).toHaveLength(177);
    const names = new Set(
      entries.flatMap((entry: { name: string; aliases?: string[] }) =>
        [entry.name, ...(entry.aliases ?? [])].map(normalizeName),
      ),
    );
    expect(terms.filter((term) => !names.has(normalizeName(term)))).toEqual([]);
    const b = byNumber.get("B");
    expect(b && components(b.tree, "EntryList").map((node) => attributes(node).kind)).toEqual(["glossary"]);
  });

  it("every glossary term points to a chapter that exists, by its number and title", () => {
    const titles = new Map(
      chapters.map((chapter) => {
        const fm = chapterFrontmatterSchema.parse(chapter.frontmatter);
        return [fm.chapter, [fm.title, ...(fm.aliases ?? [])]] as const;
      }),
    );
    const wrong = entries
      .filter(
        (entry: { chapter: { number: string; title: string } }) =>
          !titles.get(entry.chapter.number)?.includes(entry.chapter.title),
      )
      .map((entry: { id: string; chapter: unknown }) => `${entry.id} → ${JSON.stringify(entry.chapter)}`);
    expect(wrong).toEqual([]);
  });
});
