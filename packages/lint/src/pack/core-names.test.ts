// A pack can never change what a core reference resolves to; lookalike names and non-slug files are diagnostics
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Diagnostic } from "@momenta/content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lintPacks, type PackLintResult } from "../lint-pack.ts";
import { invisibleCharacters, looksAlike, nameMarkup } from "./names.ts";

const repo = join(import.meta.dirname, "../../../..");

const manifest = {
  id: "hijack",
  name: "Hijack",
  version: "1.0.0",
  momenta: ">=0.31 <0.32",
  license: "CC0-1.0",
  authors: ["test"],
};

/** A pack condition named `name`, with `aliases`, in `<slug>.json`. */
function condition(slug: string, name: string, aliases: string[] = []) {
  return {
    id: `condition/hijack.${slug.toLowerCase()}`,
    name,
    ...(aliases.length > 0 ? { aliases } : {}),
    source: { pack: "hijack" },
    status: "complete",
    stackable: false,
    clear: { type: "auto-clear" },
    effect: "Homebrew test text; see [[Vigor]] and [[Strain]].",
  };
}

const exact = (d: Diagnostic) =>
  `${d.file.replace(/^p\//, "")} ${d.line}:${d.column}-${d.endLine}:${d.endColumn} ${d.ruleId}/${d.messageId}: ${d.message}`;

describe("a pack that takes core names", () => {
  let dir: string;
  let result: PackLintResult;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "momenta-hijack-"));
    mkdirSync(join(dir, "p/content/conditions"), { recursive: true });
    writeFileSync(join(dir, "p/momenta-pack.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const write = (slug: string, value: unknown) =>
      writeFileSync(join(dir, `p/content/conditions/${slug}.json`), `${JSON.stringify(value, null, 2)}\n`);
    write("vigor", condition("vigor", "Vigor"));
    write("quench", condition("quench", "Quenched Flame", ["Strain"]));
    write("cyrillic", condition("cyrillic", "\u041dindered"));
    write("joined", condition("joined", "Hin\u200ddered"));
    write("flipped", condition("flipped", "\u202eVitality"));
    write("Errata", condition("Errata", "Errata Sheet"));
    result = lintPacks({ packs: ["p"], cwd: dir, coreRoot: repo });
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("reports each collision at the pack's name or alias, exactly", () => {
    expect(result.diagnostics.map(exact)).toEqual([
      "content/conditions/Errata.json 1:1-1:2 pack/file-name: `Errata.json` is not a slug: a pack entry file is named `<slug>.json` (a-z, 0-9 and `-`)",
      "content/conditions/cyrillic.json 3:11-3:21 pack/lookalike-core-name: `\u041dindered` looks like the core condition `Hindered` (`condition/hindered`); a pack may not imitate a core name",
      "content/conditions/flipped.json 3:11-3:22 pack/invisible-character: `\\u{202e}Vitality` contains an invisible or direction-changing character (U+202E)",
      "content/conditions/flipped.json 3:11-3:22 pack/lookalike-core-name: `\\u{202e}Vitality` looks like the core glossary term `Vitality` (`glossary/vitality`); a pack may not imitate a core name",
      "content/conditions/joined.json 3:11-3:22 pack/invisible-character: `Hin\\u{200d}dered` contains an invisible or direction-changing character (U+200D)",
      "content/conditions/joined.json 3:11-3:22 pack/lookalike-core-name: `Hin\\u{200d}dered` looks like the core condition `Hindered` (`condition/hindered`); a pack may not imitate a core name",
      "content/conditions/quench.json 5:5-5:13 pack/redefines-core-name: `Strain` is already a core glossary term (`glossary/strain`); a pack may not redefine it",
      "content/conditions/vigor.json 3:11-3:18 pack/redefines-core-name: `Vigor` is already a core glossary term (`glossary/vigor`); a pack may not redefine it",
    ]);
    const errata = result.diagnostics.find((d) => d.messageId === "file-name");
    expect(errata?.help).toBe("rename the file to `errata.json` and its id to `condition/hijack.errata`");
  });

  it("leaves every core reference resolving where it did", () => {
    for (const text of ["[[Vigor]]", "[[Strain]]", "[[glossary:Vigor]]", "[[Hindered]]"]) {
      const resolution = result.graph.resolve(text);
      expect(resolution.ok && resolution.target.pack, text).toBeUndefined();
      expect(resolution.ok, text).toBe(true);
    }
    // the pack's own prose links to the core terms too, not to its entries
    const vigor = result.graph.get("condition/hijack.vigor");
    expect(vigor?.pack).toBe("hijack");
    expect(vigor?.references.map((use) => use.resolution.ok && use.resolution.target.id)).toEqual([
      "glossary/vigor",
      "glossary/strain",
    ]);
    // a pack entry keeps a qualified link: it is reachable, never in the core's place
    const qualified = result.graph.resolve("[[condition:Vigor]]");
    expect(qualified.ok && qualified.target.id).toBe("condition/hijack.vigor");
  });

  it("takes pack membership from the pack the file was loaded from, not from its name", () => {
    const errata = result.packs[0]?.entries.find((entry) => entry.file.endsWith("Errata.json"));
    expect(errata?.pack).toBe("hijack");
    expect(result.graph.get("condition/hindered")?.pack).toBeUndefined();
  });
});

describe("lookalike keys", () => {
  it.each([
    ["Hindered", "\u041dindered"],
    ["Hindered", "Hin\u200ddered"],
    ["Vitality", "\u202eVitality"],
    ["Vigor", "VIGOR"],
    ["Vigor", "\uff36igor"],
  ])("%j and %j look alike", (a, b) => {
    expect(looksAlike(a, b)).toBe(true);
  });

  it("tells different names apart", () => {
    expect(looksAlike("Hindered", "Hinder")).toBe(false);
    expect(looksAlike("Smouldering", "Burning")).toBe(false);
  });

  it("names the invisible characters", () => {
    expect(invisibleCharacters("a\u200db\u202ec\u00adz")).toEqual(["U+200D", "U+202E", "U+00AD"]);
    expect(invisibleCharacters("Hindered")).toEqual([]);
  });
});

describe("nameMarkup", () => {
  it.each([
    ["Smouldering", undefined],
    ["Salt & Pepper", undefined],
    ["3 < 4 > 2", undefined],
    ['Fixture "Name" \\ {x}', undefined],
    ["</title> Name", "</title>"],
    ["<img src=x onerror=alert(1)>", "<img src=x onerror=alert(1)>"],
    ["A <!-- hidden --> name", "<!-- hidden -->"],
    ["<?php", "<?php"],
    ["Errata &amp; Fixes", "&amp;"],
    ["Errata &#60;b&#62;", "&#60;"],
    ["Errata &#x3c;b", "&#x3c;"],
    ["See https://evil.example/errata now", "https://evil.example/errata"],
    ["Visit www.evil.example", "www.evil.example"],
    ["Mail gm@evil.example", "gm@evil.example"],
    ["Mr. Smith's Rules 2.0", undefined],
    [`<b ${"x".repeat(60)}`, `<b ${"x".repeat(37)}`],
  ])("%j → %j", (name, markup) => {
    expect(nameMarkup(name)).toBe(markup);
  });
});
