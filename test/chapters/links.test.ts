// Every game term a link: in each paragraph, list and table of a chapter, the first use of a term is a reference
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { KINDS, normalizeName, parseReferenceBody } from "@momenta/schema";
import { describe, expect, it } from "vitest";
import { type LinkTerm, loadChapters, ROOT, unlinkedFirstUses } from "./chapters.ts";

/** Kinds a reader looks up at the table; glossary terms are linked once per section, not per block. */
const LINKED_KINDS = [
  "condition",
  "state",
  "maneuver",
  "reaction",
  "art",
  "resonance",
  "tag",
  "damage-type",
  "archetype",
  "pattern",
  "limit-break",
  "mastery",
  "interlude-scene",
  "downtime-action",
];

/**
 * Uses of a name that are not the game term, by chapter file, entry id and the words that show it.
 * Each is the book's wording for something else, so linking it would send the reader to the wrong entry.
 */
const NOT_THE_TERM: Array<[file: string, id: string, context: string, why: string]> = [
  ["09-threads-and-knowledge.mdx", "archetype/warrior", "“Warrior” fails", "a Thread too broad to use"],
  ["12-creating-a-character.mdx", "archetype/warrior", "(Mind/Warrior)", "a mastery's type/domain label"],
  ["20-attacking.mdx", "tag/melee", "Melee attacks are tagged", "melee attacks in general"],
  ["20-attacking.mdx", "tag/melee", "Melee attacks ignore cover", "melee attacks in general"],
  ["20-attacking.mdx", "tag/shield", "Arcane Shield", "part of an ability's name"],
  ["21-damage-wounds-and-burdens.mdx", "condition/affliction", "| 1d6 | Affliction |", "a column heading"],
  ["24-spellcasting.mdx", "tag/range", "the Range is", "a spell's range, not the weapon tag"],
  ["25-bonds-in-combat.mdx", "tag/combo", "Combo Limit Break", "a kind of Limit Break"],
];

interface Named {
  id: string;
  kind: string;
  names: string[];
}

function loadNamed(): Named[] {
  return KINDS.flatMap((definition) => {
    const dir = join(ROOT, "content", definition.folder);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .filter((file) => file.endsWith(".json"))
      .map((file) => {
        const data = JSON.parse(readFileSync(join(dir, file), "utf8"));
        return { id: data.id, kind: definition.kind, names: [data.name, ...(data.aliases ?? [])] };
      });
  });
}

const named = loadNamed();
const chapters = loadChapters();

/** The entry id a reference body resolves to, as the content graph resolves it (kind, then primary names, then glossary). */
function resolve(body: string): string | undefined {
  const reference = parseReferenceBody(body);
  // null: the name is ambiguous there, and resolution stops (the linter reports it)
  const lookup = (candidates: Named[]): string | null | undefined => {
    for (const name of [reference.target, reference.name]) {
      const hits = candidates.filter((entry) =>
        entry.names.some((candidate) => normalizeName(candidate) === normalizeName(name)),
      );
      if (hits.length === 1) return hits[0]?.id;
      if (hits.length > 1) return null;
    }
    return undefined;
  };
  if (reference.kind) return lookup(named.filter((entry) => entry.kind === reference.kind)) ?? undefined;
  const primary = lookup(named.filter((entry) => entry.kind !== "glossary"));
  if (primary !== undefined) return primary ?? undefined;
  return lookup(named.filter((entry) => entry.kind === "glossary")) ?? undefined;
}

const terms: LinkTerm[] = named
  .filter((entry) => LINKED_KINDS.includes(entry.kind))
  // "Melee N" is the tag written with its parameter; the bare name finds those uses too
  .flatMap((entry) =>
    entry.names.filter((name) => !/ N$/.test(name)).map((name) => ({ id: entry.id, name })),
  );

describe("game terms are linked on first use in each paragraph, list and table", () => {
  it("finds the terms to check", () => {
    expect(terms.length).toBeGreaterThan(100);
    expect(resolve("reaction:Deflect")).toBe("reaction/deflect");
    expect(resolve("Impaired 3")).toBe("condition/impaired");
    expect(resolve("Deflect")).toBeUndefined();
  });

  it.each(chapters.map((chapter) => [chapter.file, chapter] as const))("%s", (file, chapter) => {
    const unlinked = unlinkedFirstUses(chapter.source, chapter.tree, terms, resolve)
      .filter(
        (use) =>
          !NOT_THE_TERM.some(
            ([where, id, context]) => where === file && id === use.id && use.context.includes(context),
          ),
      )
      .map((use) => `line ${use.line}: ${use.id} in "${use.context}"`);
    expect(unlinked).toEqual([]);
  });

  it("every documented exception still matches a use in its chapter", () => {
    const stale = NOT_THE_TERM.filter(([file, id, context]) => {
      const chapter = chapters.find((candidate) => candidate.file === file);
      if (!chapter) return true;
      return !unlinkedFirstUses(chapter.source, chapter.tree, terms, resolve).some(
        (use) => use.id === id && use.context.includes(context),
      );
    });
    expect(stale).toEqual([]);
  });
});
