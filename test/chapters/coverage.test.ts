// Every substantial line of seed 000 — Core Rules, appendices and the six catalogs — is in content, or allow-listed with a reason
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { plainText } from "@momenta/schema";
import { describe, expect, it } from "vitest";
import { loadChapters, normalize, ROOT, SEED_FILE, textUnits } from "./chapters.ts";

/** A line counts once it has this many words: shorter ones are headings and labels ("RANK 1", "Penalty: none"). */
const SUBSTANTIAL_WORDS = 4;

/** Every text unit of every chapter and catalog text, and every string of every entry, as a reader sees it. */
function contentCorpus(): { text: string; names: Set<string> } {
  const units: string[] = [];
  const names = new Set<string>();
  for (const chapter of loadChapters()) {
    units.push(...textUnits(chapter.tree, { withLabels: false }));
    const title = (chapter.frontmatter as { title?: string } | undefined)?.title;
    if (title) names.add(normalize(title));
  }
  const strings = (value: unknown) => {
    if (typeof value === "string") units.push(...plainText(value).split("\n").map(normalize));
    else if (Array.isArray(value)) value.forEach(strings);
    else if (value && typeof value === "object") Object.values(value).forEach(strings);
  };
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith(".json")) {
        const entry = JSON.parse(readFileSync(path, "utf8")) as { name?: string };
        if (entry.name) names.add(normalize(entry.name));
        strings(entry);
      }
    }
  };
  walk(join(ROOT, "content"));
  // a paragraph a chapter splits in two blocks (rule, then its example) is found across their boundary
  return { text: `${units.filter(Boolean).join("\n")}\n${units.filter(Boolean).join(" ")}`, names };
}

/**
 * The ways content may carry a seed line: as printed; without the field label an entry's schema holds as a key
 * (`Effect:`, `Description:`); a glossary line's definition without its term and chapter; an ability line's text
 * after its name (`Versatile - …`); a stat block heading by its entry's name; a table row cell by cell.
 */
function readings(line: string): string[][] {
  const out: string[][] = [[line]];
  const label = /^(?:[A-Z][A-Za-z ]{0,30}(?: \([^)]*\))?|[0-3]s|3\+|OF): (.+)$/.exec(line);
  if (label?.[1]) out.push([label[1]]);
  // a shape or target held as separate fields: "Area: single target (Shapeable)", "Target: Self, Adjacent Ally"
  const fields = /^(?:Range|Duration|Area|Target): (.+)$/.exec(line);
  if (fields?.[1]) out.push(fields[1].split(/ \(|\)$|, /).filter(Boolean));
  const glossary = /^(.+?) — (.+)$/.exec(line);
  if (glossary?.[2]) out.push([glossary[2].replace(/ [A-Z][\w,·' ]*$/, "")], [glossary[2]]);
  const ability = /^([A-Z][\w’' ]{1,40}) - (.+)$/.exec(line);
  if (ability?.[2]) out.push([ability[2]]);
  if (line.includes("\t"))
    out.push(
      line
        .split("\t")
        .map((cell) => cell.trim())
        .filter(Boolean),
    );
  return out;
}

interface Allowed {
  /** Which lines: a pattern over the normalized line. */
  pattern: RegExp;
  /** Why content does not print it word for word, and where it is checked instead. */
  reason: string;
}

/**
 * Lines content holds as structured data or as page structure, not as prose; each rule names where its data is
 * checked against the seed. Printed by the test with the lines it covers.
 */
const ALLOWED: Allowed[] = [
  {
    pattern: /^Momenta Core Rules · /,
    reason:
      "a chapter's breadcrumb: its frontmatter `chapter` and `moment` (chapters.test.ts: follows the seed's breadcrumbs)",
  },
  {
    pattern: /^(?:Stackable: yes \(max \d\)|Clear Type: roll-to-clear \([A-Z]{3}(?: or [A-Z]{3})?\))$/,
    reason:
      "a condition's `stackable` and `clear` fields (fidelity-rules-vocabulary.test.ts: conditions match the seed)",
  },
  {
    pattern: /^Bonuses: \+\d Max \w+(?:, \+\d Max \w+)?$/,
    reason:
      "an archetype rank's `bonuses` field (fidelity-characters.test.ts: archetypes match the Archetypes catalog)",
  },
  {
    pattern:
      /^(?:Max Vitality|Max Strain|Wound Slots|Burden Slots|Resolve|Max Vigor|Max Guard|SPD|SEN|SIZE|Gear Slots|Wondrous Item Slots|Consumable Points|Max Bonds) \S/,
    reason:
      "a row of Mira's derived-stats table (ch. 12): her `statedDerivedStats` { value, calculation } (fidelity-characters.test.ts: Mira matches the ch. 12 worked example; the characters lint rule recomputes each)",
  },

  {
    pattern:
      /^(?:Deals (?:Vitality|Strain) damage\.|Additional attack tags: |Bolster Effect: |Heals (?:Vitality|Strain)\. Bonus Effect: |Can heal either Vitality or Strain)/,
    reason:
      "a Resonance's line for one Art: its `ladders`, `bonusDamage`, `attackTags`, `condition`, `opposableBy`, bolster and bonus-effect fields (fidelity-spellcasting.test.ts: Resonances match the Spellcasting catalog)",
  },
];

describe("the whole of seed 000 is in content", () => {
  const { text, names } = contentCorpus();
  const seedLines = readFileSync(SEED_FILE, "utf8").split("\n");
  const unfound: { line: number; text: string }[] = [];
  seedLines.forEach((raw, index) => {
    const line = normalize(raw);
    if (line.split(" ").length < SUBSTANTIAL_WORDS) return;
    // a title line or stat block heading is carried by the chapter or entry of that name
    const heading = /^\[[A-Z ]+\] (.+?)(?: \([^)]*\))?$/.exec(line);
    if (names.has(line) || (heading?.[1] && names.has(heading[1]))) return;
    const found = readings(line).some((parts) => parts.every((part) => text.includes(normalize(part))));
    if (!found) unfound.push({ line: index + 1, text: line });
  });

  it("reads the whole file: the Core Rules, both appendices and all six catalogs", () => {
    expect(seedLines.filter((line) => line.startsWith("Momenta — "))).toHaveLength(6);
    expect(seedLines.length).toBeGreaterThan(3000);
  });

  it("finds every substantial line, or an allow-list rule with a reason covers it", () => {
    const uncovered = unfound.filter(({ text: line }) => !ALLOWED.some((rule) => rule.pattern.test(line)));
    expect(uncovered.map(({ line, text: body }) => `${line}: ${body}`)).toEqual([]);
  });

  // the allow-list, printed with every line it covers; a rule that covers nothing is stale
  it.each(ALLOWED.map((rule) => [rule.reason, rule] as const))("allowed: %s", (reason, rule) => {
    const covered = unfound.filter(({ text: line }) => rule.pattern.test(line));
    console.info(
      [
        `allow-list: ${reason} — ${covered.length} lines`,
        ...covered.map(({ line, text: body }) => `  ${line}: ${body}`),
      ].join("\n"),
    );
    expect(covered.length).toBeGreaterThan(0);
  });
});
