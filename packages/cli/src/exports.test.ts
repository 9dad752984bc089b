// `momenta export --format obsidian|foundry` on the real content: the files written, every link resolving inside them
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { extractPack } from "@foundryvtt/foundryvtt-cli";
import type { ContentGraph } from "@momenta/content";
import { load } from "@momenta/content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { unwritablePath } from "./export.ts";
import { run } from "./main.ts";

const REPO = resolve(import.meta.dirname, "../../..");
const work = mkdtempSync(join(tmpdir(), "momenta-export-"));
let graph: ContentGraph;
beforeAll(() => {
  graph = load({ root: REPO }).graph;
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function exportTo(format: string, dir: string) {
  let stderr = "";
  const code = run(["export", "--root", REPO, "--format", format, dir], {
    cwd: work,
    stdout: () => {},
    stderr: (text) => (stderr += text),
  });
  return { code, stderr };
}

function filesBelow(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((item) => item.isFile())
    .map((item) => relative(dir, join(item.parentPath, item.name)));
}

describe("momenta export --format obsidian", () => {
  const vault = join(work, "vault");
  let notes: Map<string, string>;
  beforeAll(() => {
    expect(exportTo("obsidian", "vault")).toEqual({
      code: 0,
      stderr: `wrote ${graph.entries.size + graph.chapters.length + 1} notes (an Obsidian vault) to vault\n`,
    });
    notes = new Map(filesBelow(vault).map((file) => [file, readFileSync(join(vault, file), "utf8")]));
  });

  it("writes one note per entry and chapter, with YAML properties from the fields", () => {
    expect(notes.size).toBe(graph.entries.size + graph.chapters.length + 1);
    const ids = new Set<string>();
    for (const [file, text] of notes) {
      if (file === "Momenta.md") continue;
      const properties = parse(/^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? "") as { id: string };
      ids.add(properties.id);
    }
    expect(ids).toEqual(new Set([...graph.entries.keys(), ...graph.chapters.map((chapter) => chapter.id)]));
    const dagger = parse(/^---\n([\s\S]*?)\n---\n/.exec(notes.get("Weapons/Dagger.md") ?? "")?.[1] ?? "");
    expect(dagger).toMatchObject({ id: "weapon/dagger", kind: "weapon", weightClass: "Light" });
    expect(dagger.damage).toEqual({ "0s": 1, "1s": 4, "2s": 8, "3+": 12 });
  });

  it("marks a chapter's missing tables and notes on the source as such, never as the book's words", () => {
    const catalog = [...notes].find(([file]) => file.endsWith("Spellcasting Catalog.md"))?.[1] ?? "";
    expect(catalog).toContain("> **Note on the source:** “The Arts above” points to the Art stat blocks");
    const momentum = [...notes].find(
      ([file]) => file.endsWith("Momentum.md") && file.startsWith("Chapters/"),
    )?.[1];
    expect(momentum).toContain("> **Missing from the source:** losing Momentum.");
  });

  it("writes each chapter from its tree: no component tag is left, a note's title is a paragraph of its own", () => {
    const chapters = [...notes].filter(([file]) => file.startsWith("Chapters/"));
    expect(chapters).toHaveLength(graph.chapters.length);
    const left = chapters.flatMap(([file, text]) =>
      [
        ...text.matchAll(
          /<\/?(StatBlock|EntryList|MissingTable|ComputedTable|SourceNote|Example|DesignNote|GMNote)\b/g,
        ),
      ].map((match) => `${file}: ${match[0]}`),
    );
    expect(left).toEqual([]);
    // a reference the tree did not link would be written as escaped text, `\[\[Dagger]]`
    expect(chapters.filter(([, text]) => text.includes("\\[\\[")).map(([file]) => file)).toEqual([]);
    // the source opens this note with no blank line after its tag; the title still stands alone, as on the site
    const enemies = chapters.find(([file]) => file.endsWith("Pre-Generated Enemies.md"))?.[1];
    expect(enemies).toContain("**Design note**\n\nAuthored stat blocks are sovereign;");
  });

  it("has no dangling wikilink: every [[link]] names a note of the vault, and a heading of it", () => {
    const dangling: string[] = [];
    let links = 0;
    for (const [file, text] of notes) {
      for (const match of text.matchAll(/!?\[\[([^\]|#]+)(?:#([^\]|]+))?(?:\|[^\]]*)?\]\]/g)) {
        links++;
        const target = notes.get(`${match[1]}.md`);
        if (!target) dangling.push(`${file}: ${match[0]}`);
        else if (
          match[2] &&
          !new RegExp(`^#+ ${match[2].replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`, "m").test(target)
        )
          dangling.push(`${file}: ${match[0]} (no heading)`);
      }
      // no reference is left in the Momenta syntax
      expect(text.replace(/!?\[\[[^\]]+\]\]/g, "")).not.toContain("[[");
    }
    expect(dangling).toEqual([]);
    expect(links).toBeGreaterThan(graph.entries.size);
    expect(notes.get("Weapons/Dagger.md")).toContain(
      "the damage type is always [[Damage types/Piercing|Piercing]].",
    );
  });

  it("refuses a folder that is not empty", () => {
    writeFileSync(join(work, "occupied"), "");
    expect(exportTo("obsidian", ".")).toEqual({
      code: 2,
      stderr: "error: `.` is not an empty folder (help: export into a new folder, or empty it first)\n",
    });
  });
});

describe("momenta export --format foundry", () => {
  const folder = join(work, "foundry");
  type Page = { _id: string; name: string; text: { content: string }; flags: { momenta: { id: string } } };
  type Journal = { _id: string; name: string; pages: Page[] };
  let journals: Journal[];
  let manifest: Record<string, unknown> & { packs: { name: string; path: string; type: string }[] };

  beforeAll(async () => {
    const result = exportTo("foundry", "foundry");
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(
      /^wrote a Foundry VTT module \(\d+ journal entries, \d+ pages\) to foundry\n$/,
    );
    manifest = JSON.parse(readFileSync(join(folder, "module.json"), "utf8"));
    // the Foundry CLI reads the compiled LevelDB pack back: what it extracts is what Foundry would load
    const extracted = join(work, "extracted");
    await extractPack(join(folder, manifest.packs[0]?.path ?? ""), extracted);
    journals = readdirSync(extracted).map((file) => JSON.parse(readFileSync(join(extracted, file), "utf8")));
  }, 180_000);

  it("writes a manifest with one JournalEntry compendium whose pack folder exists", () => {
    expect(manifest).toMatchObject({ id: "momenta-rules", title: "Momenta Rules", version: "0.31.0" });
    expect(manifest.packs).toEqual([
      expect.objectContaining({ type: "JournalEntry", path: "packs/momenta-rules" }),
    ]);
    expect(existsSync(join(folder, "packs/momenta-rules/CURRENT"))).toBe(true);
  });

  it("holds a journal per chapter and per catalog, every entry a page", () => {
    const kinds = new Set([...graph.entries.values()].map((entry) => entry.kind));
    expect(journals).toHaveLength(graph.chapters.length + kinds.size);
    const pageIds = journals.flatMap((journal) => journal.pages.map((page) => page.flags.momenta.id));
    expect(new Set(pageIds)).toEqual(
      new Set([...graph.entries.keys(), ...graph.chapters.map((chapter) => chapter.id)]),
    );
    expect(journals.map((journal) => journal.name)).toContain("Weapons");
  });

  it("writes each chapter page from its tree: no component tag is left, a note's title is a paragraph of its own", () => {
    const chapters = journals.filter((journal) => journal.pages[0]?.flags.momenta.id.startsWith("chapter/"));
    expect(chapters).toHaveLength(graph.chapters.length);
    const left = chapters.flatMap((journal) =>
      [...(journal.pages[0]?.text.content ?? "").matchAll(/&#x3C;\/?[A-Z][A-Za-z]+|<\/?[A-Z][A-Za-z]+/g)].map(
        (match) => `${journal.name}: ${match[0]}`,
      ),
    );
    expect(left).toEqual([]);
    const enemies = chapters.find((journal) => journal.name === "Pre-Generated Enemies")?.pages[0]?.text
      .content;
    expect(enemies).toContain("<p><strong>Design note</strong></p>\n<p>Authored stat blocks are sovereign;");
  });

  it("links pages to each other: every @UUID names a journal and page of the pack", () => {
    const pages = new Map(
      journals.flatMap((journal) => journal.pages.map((page) => [`${journal._id}.${page._id}`, page])),
    );
    const broken: string[] = [];
    let links = 0;
    for (const page of pages.values()) {
      for (const match of page.text.content.matchAll(
        /@UUID\[Compendium\.momenta-rules\.momenta-rules\.JournalEntry\.(\w{16})\.JournalEntryPage\.(\w{16})\]\{[^}]+\}/g,
      )) {
        links++;
        if (!pages.has(`${match[1]}.${match[2]}`)) broken.push(`${page.name}: ${match[0]}`);
      }
      expect(page.text.content).not.toContain("[[");
    }
    expect(broken).toEqual([]);
    expect(links).toBeGreaterThan(graph.entries.size);
    const dagger = [...pages.values()].find((page) => page.flags.momenta.id === "weapon/dagger");
    expect(dagger?.text.content).toMatch(/the damage type is always @UUID\[[^\]]+\]\{Piercing\}/);
  });
});

describe("momenta export with homebrew packs (MOMENTA_PACKS)", () => {
  const withPacks = (packs: string, run: () => void) => {
    process.env.MOMENTA_PACKS = packs;
    try {
      run();
    } finally {
      delete process.env.MOMENTA_PACKS;
    }
  };

  it("puts pack entries in the vault and the module with their badge", () => {
    withPacks(join(REPO, "examples/homebrew"), () => {
      expect(exportTo("obsidian", "hb-vault").code).toBe(0);
      expect(exportTo("foundry", "hb-foundry").code).toBe(0);
    });
    const note = readFileSync(join(work, "hb-vault/Conditions/Smouldering.md"), "utf8");
    expect(note).toContain("homebrew: The Ember Court (homebrew example)");
    expect(note).toContain("> Homebrew · The Ember Court (homebrew example)");
    const journal = readdirSync(join(work, "hb-foundry/src/packs/momenta-rules")).find((file) =>
      file.startsWith("catalog-condition-"),
    );
    const pages = JSON.parse(
      readFileSync(join(work, "hb-foundry/src/packs/momenta-rules", journal ?? ""), "utf8"),
    ).pages as { name: string; text: { content: string }; flags: { momenta: { pack?: string } } }[];
    const smouldering = pages.find((page) => page.name === "Smouldering");
    expect(smouldering?.flags.momenta.pack).toBe("The Ember Court (homebrew example)");
    expect(smouldering?.text.content).toContain(
      "<strong>Homebrew · The Ember Court (homebrew example)</strong>",
    );
  }, 180_000);

  it("marks a patched core entry as the pack's house rule in the vault and the module (issue 24)", () => {
    withPacks(join(REPO, "packages/lint/test/fixtures/patch-packs/house-rules"), () => {
      expect(exportTo("obsidian", "hr-vault").code).toBe(0);
      expect(exportTo("foundry", "hr-foundry").code).toBe(0);
    });
    const note = readFileSync(join(work, "hr-vault/Weapons/Dagger.md"), "utf8");
    expect(parse(note.split("---\n")[1] ?? "")["house-rule"]).toEqual(["house-rules (test fixture)"]);
    expect(note).toContain("# Dagger\n\n> House rule · house-rules (test fixture)\n");
    // an entry no pack patched carries no mark
    expect(readFileSync(join(work, "hr-vault/Weapons/Buckler.md"), "utf8")).not.toContain("House rule");
    const journal = readdirSync(join(work, "hr-foundry/src/packs/momenta-rules")).find((file) =>
      file.startsWith("catalog-weapon-"),
    );
    const pages = JSON.parse(
      readFileSync(join(work, "hr-foundry/src/packs/momenta-rules", journal ?? ""), "utf8"),
    ).pages as { name: string; text: { content: string }; flags: { momenta: { houseRule?: string[] } } }[];
    const dagger = pages.find((page) => page.name === "Dagger");
    expect(dagger?.flags.momenta.houseRule).toEqual(["house-rules (test fixture)"]);
    expect(
      dagger?.text.content.startsWith("<p><strong>House rule · house-rules (test fixture)</strong></p>"),
    ).toBe(true);
    expect(pages.find((page) => page.name === "Buckler")?.text.content).not.toContain("House rule");
  }, 180_000);

  it("files a pack's chapters under their pack, never among the core book's chapters (issue 24)", () => {
    withPacks(join(REPO, "site/test/fixtures/hostile-packs/impersonation"), () => {
      expect(exportTo("obsidian", "im-vault").code).toBe(0);
      expect(exportTo("foundry", "im-foundry").code).toBe(0);
    });
    const pack = "Impersonation (site test fixture)";
    // the vault: a folder of the pack's own, and in the index a heading that names it, after the core chapters
    expect(readdirSync(join(work, "im-vault/Homebrew", pack)).sort()).toEqual([
      "00 Weapon Errata.md",
      "40 Official Errata for Hindered.md",
    ]);
    expect(readdirSync(join(work, "im-vault/Chapters")).filter((name) => /Errata/.test(name))).toEqual([]);
    const index = readFileSync(join(work, "im-vault/Momenta.md"), "utf8");
    const heading = index.indexOf(`## Homebrew · ${pack}`);
    expect(heading).toBeGreaterThan(index.indexOf("## Chapters"));
    expect(index.indexOf("Official Errata for Hindered")).toBeGreaterThan(heading);
    expect(index.lastIndexOf("[[Chapters/", heading)).toBeGreaterThan(0);
    expect(index.indexOf("[[Chapters/", heading)).toBe(-1);
    // the module: the pack's journals are named for it and sort after every core chapter and catalog
    const folder = join(work, "im-foundry/src/packs/momenta-rules");
    const journals = readdirSync(folder).map(
      (file) => JSON.parse(readFileSync(join(folder, file), "utf8")) as { name: string; sort: number },
    );
    const own = journals.filter((journal) => journal.name.startsWith(`Homebrew · ${pack}: `));
    expect(own.map((journal) => journal.name).sort()).toEqual([
      `Homebrew · ${pack}: Official Errata for Hindered`,
      `Homebrew · ${pack}: Weapon Errata`,
    ]);
    const core = journals.filter((journal) => !own.includes(journal));
    expect(core.length).toBeGreaterThan(30);
    expect(Math.min(...own.map((journal) => journal.sort))).toBeGreaterThan(
      Math.max(...core.map((journal) => journal.sort)),
    );
  }, 180_000);

  it("refuses a pack with lint errors, writing nothing", () => {
    let result = { code: 0, stderr: "" };
    withPacks(join(REPO, "examples/homebrew-broken"), () => {
      result = exportTo("obsidian", "broken-vault");
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "error: a homebrew pack with lint errors is not exported\nhelp: fix the errors above, or leave the pack out of MOMENTA_PACKS\n",
    );
    expect(existsSync(join(work, "broken-vault"))).toBe(false);
  }, 120_000);
});

describe("an export of names no file system takes", () => {
  it("cuts a long note name to fit a file name and leaves no half-written folder (issue 24)", () => {
    const root = join(work, "long-names");
    const hindered = JSON.parse(readFileSync(join(REPO, "content/conditions/hindered.json"), "utf8"));
    const name = `Hindered ${"and slowed ".repeat(40)}`.trim();
    const files: Record<string, string> = {
      "content/conditions/hindered.json": JSON.stringify({ ...hindered, name }),
    };
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, path, ".."), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    let stderr = "";
    const code = run(["export", "--root", root, "--format", "obsidian", "long-vault"], {
      cwd: work,
      stdout: () => {},
      stderr: (text) => (stderr += text),
    });
    expect({ code, stderr }).toEqual({
      code: 0,
      stderr: "wrote 2 notes (an Obsidian vault) to long-vault\n",
    });
    const written = filesBelow(join(work, "long-vault"));
    const note = written.find((file) => file.startsWith("Conditions/")) as string;
    expect(Buffer.byteLength(note.slice("Conditions/".length), "utf8")).toBeLessThanOrEqual(255);
    expect(note).toMatch(/^Conditions\/Hindered and slowed and slowed .*…\.md$/);
    // the index links the note by the name it has
    expect(readFileSync(join(work, "long-vault/Momenta.md"), "utf8")).toContain(`[[${note.slice(0, -3)}|`);
    expect(readdirSync(work).filter((item) => item.includes(".partial-"))).toEqual([]);
  });

  it("refuses before writing anything when a path would not fit", () => {
    expect(unwritablePath(["Conditions/Hindered.md", `Conditions/${"é".repeat(128)}.md`])).toBe(
      `Conditions/${"é".repeat(128)}.md`,
    );
    expect(unwritablePath(["Conditions/Hindered.md", `Conditions/${"é".repeat(125)}.md`])).toBeUndefined();
  });
});
