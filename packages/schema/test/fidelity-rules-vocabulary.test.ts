// Conditions, states, patterns, maneuvers, reactions, scenes, downtime actions and the glossary match the seeds word for word
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  type Condition,
  conditionSchema,
  type DowntimeAction,
  downtimeActionSchema,
  findReferences,
  type GlossaryTerm,
  glossaryTermSchema,
  type InterludeScene,
  interludeSceneSchema,
  KINDS,
  type Maneuver,
  maneuverSchema,
  normalizeName,
  type Pattern,
  patternSchema,
  plainText,
  type Reaction,
  type Reference,
  reactionSchema,
  type State,
  slugify,
  stateSchema,
} from "../src/index.ts";
import { Differences, loadEntries } from "./fidelity.ts";
import { fieldValue, isHeading, readSeed, repoRoot, type StatBlock, statBlocks } from "./seed.ts";

const AFFLICTION_SEED = "004_40b899bbfe3287fc.txt";

/** Prose as a reader sees it; paragraph breaks fold to line breaks because the seed reader drops blank lines. */
const reads = (text: string | undefined) =>
  text === undefined ? undefined : plainText(text).replace(/\n\n+/g, "\n");

/** The text of a `Label:` field and the lines that follow it, up to the next field the block uses. */
function fieldText(block: StatBlock, label: string, nextLabels: readonly string[] = []): string | undefined {
  const start = block.lines.findIndex((line) => line.startsWith(`${label}:`));
  if (start === -1) return undefined;
  const rest = block.lines.slice(start + 1);
  const end = rest.findIndex((line) => nextLabels.some((next) => line.startsWith(`${next}:`)));
  const body = end === -1 ? rest : rest.slice(0, end);
  return [fieldValue(block.lines, label) ?? "", ...body].join("\n");
}

/**
 * Where a block sits, in the `source` shape: a Core Rules chapter, or the catalog heading it appears under
 * (skipping `RANK n`, so a Barbarian ability's block is in section Barbarian).
 */
function seedSource(block: StatBlock): Record<string, string | undefined> {
  if (block.chapter !== undefined) return { book: "core-rules", chapter: block.chapter };
  const above = readSeed()
    .split("\n")
    .slice(0, block.line - 1)
    .reverse();
  const section = above.find((line) => isHeading(line) && !/^RANK \d+$/.test(line.trim()));
  return { book: block.catalog?.replace(/ Catalog$/, "").toLowerCase(), section: section?.trim() };
}

/** The slice of the entry's `source` that `seedSource` can be compared with. */
function entrySource(entry: {
  source: Record<string, string | undefined>;
}): Record<string, string | undefined> {
  const { book, chapter, section } = entry.source;
  return book === "core-rules" ? { book, chapter } : { book, section };
}

function byName<T extends { name: string }>(entries: readonly T[]): Map<string, T> {
  return new Map(entries.map((entry) => [entry.name, entry]));
}

// ---- Conditions ------------------------------------------------------------------------------------

/** `Stackable: yes (max 3)` in the entry's shape. */
function seedStackable(text: string | undefined): unknown {
  if (text === "no") return false;
  if (text === "yes (unlimited)") return "unlimited";
  const max = /^yes \(max (\d+)\)$/.exec(text ?? "");
  return max ? { max: Number(max[1]) } : text;
}

/** `Clear Type: roll-to-clear (POW or AGI)` in the entry's shape; the book capitalizes it once ("Persistent"). */
function seedClear(text: string | undefined): unknown {
  const lower = text?.toLowerCase();
  if (lower === "auto-clear" || lower === "persistent") return { type: lower };
  const roll = /^roll-to-clear \((.+)\)$/.exec(text ?? "");
  return roll ? { type: "roll-to-clear", attributes: (roll[1] ?? "").split(" or ") } : text;
}

function conditionDifferences(block: StatBlock, condition: Condition): string[] {
  const diff = new Differences(`condition ${block.name}`);
  diff.same("source", entrySource(condition), seedSource(block));
  diff.same("stackable", condition.stackable, seedStackable(fieldValue(block.lines, "Stackable")));
  diff.same("clear", condition.clear, seedClear(fieldValue(block.lines, "Clear Type")));
  diff.same("parameter label", condition.parameter?.label, block.headerTags[0]);
  diff.same("typeOf", condition.typeOf, undefined);
  diff.same("effect", reads(condition.effect), fieldText(block, "Effect", ["Special"]));
  diff.same("special", reads(condition.special), fieldText(block, "Special"));
  return diff.list;
}

interface AfflictionRow {
  d6: number;
  name: string;
  effect: string;
}

/** The rows of the ch. 21 Affliction table in seed 004 (`| 1d6 | Affliction | Effect |`). */
function afflictionRows(): AfflictionRow[] {
  const lines = readSeed(AFFLICTION_SEED).split("\n");
  const header = lines.findIndex((line) => /^\| 1d6 \| Affliction \| Effect \|$/.test(line));
  const rows: AfflictionRow[] = [];
  for (const line of lines.slice(header + 2)) {
    const cells = /^\| (\d) \| (.+?) \| (.+?) \|$/.exec(line);
    if (!cells) break;
    rows.push({ d6: Number(cells[1]), name: cells[2] ?? "", effect: cells[3] ?? "" });
  }
  return rows;
}

function afflictionDifferences(
  row: AfflictionRow,
  condition: Condition,
  parent: Condition | undefined,
): string[] {
  const diff = new Differences(`affliction ${row.name}`);
  diff.same("source", entrySource(condition), { book: "core-rules", chapter: "21" });
  diff.same("typeOf", condition.typeOf, parent?.id);
  diff.same("d6", condition.d6, row.d6);
  diff.same("effect", reads(condition.effect), row.effect);
  // An Affliction is a type of the Affliction condition, so it stacks and clears as that condition does.
  diff.same("stackable", condition.stackable, parent?.stackable);
  diff.same("clear", condition.clear, parent?.clear);
  return diff.list;
}

const conditions = loadEntries<Condition>("conditions", conditionSchema);
const conditionBlocks = statBlocks("CONDITION");
const afflictionParent = conditions.find((condition) => condition.parameter?.of === "affliction");

describe("conditions match the seed", () => {
  it("has the seed's 18 general conditions, Invisible (ch. 23) and Frenzy (Barbarian), and no other", () => {
    const general = conditionBlocks.filter((block) => block.chapter === "22").map((block) => block.name);
    expect(general).toHaveLength(18);
    expect(conditionBlocks.filter((block) => block.chapter !== "22").map((block) => block.name)).toEqual([
      "Invisible",
      "Frenzy",
    ]);
    const entries = conditions
      .filter((condition) => condition.typeOf === undefined)
      .map((condition) => condition.name);
    expect(entries.sort()).toEqual(conditionBlocks.map((block) => block.name).sort());
  });

  const entries = byName(conditions);
  it.each(conditionBlocks.map((block) => [block.name, block] as const))(
    "%s: stacking, clear type, parameter and text",
    (name, block) => {
      const condition = entries.get(name);
      expect(condition, `no entry for [CONDITION] ${name}`).toBeDefined();
      if (condition) expect(conditionDifferences(block, condition)).toEqual([]);
    },
  );

  it("describes the parameter of Wracked and Affliction, both required", () => {
    expect(entries.get("Wracked")?.parameter).toEqual({
      label: "Damage Type",
      of: "damage-type",
      required: true,
    });
    expect(entries.get("Affliction")?.parameter).toEqual({
      label: "Affliction Type",
      of: "affliction",
      required: true,
    });
  });

  it("caps stacks at 3, except Faltering and Unraveling which are uncapped (ch. 22)", () => {
    const rule = readSeed().includes(
      "All stacked conditions cap at 3 stacks. The only exception is Faltering and Unraveling, which are uncapped.",
    );
    expect(rule).toBe(true);
    const uncapped = conditions.filter((condition) => condition.stackable === "unlimited").map((c) => c.name);
    expect(uncapped.sort()).toEqual(["Faltering", "Unraveling"]);
    for (const condition of conditions) {
      if (typeof condition.stackable === "object") expect(condition.stackable.max, condition.name).toBe(3);
    }
  });
});

describe("the six Afflictions match the ch. 21 table (seed 004)", () => {
  const rows = afflictionRows();
  const entries = byName(conditions);

  it("reads six rows, and exactly those six entries are types of the Affliction condition", () => {
    expect(rows.map((row) => row.d6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(afflictionParent?.id).toBe("condition/affliction");
    const typed = conditions
      .filter((condition) => condition.typeOf !== undefined)
      .map((condition) => condition.name);
    expect(typed.sort()).toEqual(rows.map((row) => row.name).sort());
  });

  it.each(rows.map((row) => [row.name, row] as const))("%s", (name, row) => {
    const condition = entries.get(name);
    expect(condition, `no entry for Affliction ${name}`).toBeDefined();
    if (condition) expect(afflictionDifferences(row, condition, afflictionParent)).toEqual([]);
  });
});

// ---- States and patterns ------------------------------------------------------------------------------

describe("states match the seed", () => {
  const blocks = statBlocks("STATE");
  const entries = loadEntries<State>("states", stateSchema);

  it("has one entry per [STATE] block", () => {
    expect(blocks).toHaveLength(2);
    expect(entries.map((entry) => entry.name).sort()).toEqual(blocks.map((block) => block.name).sort());
  });

  it.each(blocks.map((block) => [block.name, block] as const))("%s", (name, block) => {
    const state = byName(entries).get(name);
    const diff = new Differences(`state ${name}`);
    diff.same("source", state && entrySource(state), seedSource(block));
    diff.same("definition", reads(state?.definition), fieldText(block, "Definition"));
    expect(diff.list).toEqual([]);
  });
});

function patternDifferences(block: StatBlock, pattern: Pattern): string[] {
  const diff = new Differences(`pattern ${block.name}`);
  const [size, value] = (block.headerTags[0] ?? "").split(" ");
  diff.same("source", entrySource(pattern), seedSource(block));
  diff.same("pattern", pattern.pattern, { size, value: value === "N" ? "N" : Number(value) });
  diff.same("applies to", reads(pattern.appliesTo), fieldText(block, "Applies to", ["Effect"]));
  diff.same("effect", reads(pattern.effect), fieldText(block, "Effect"));
  return diff.list;
}

describe("patterns match the seed", () => {
  const blocks = statBlocks("PATTERN");
  const entries = loadEntries<Pattern>("patterns", patternSchema);

  it("has one entry per [PATTERN] block", () => {
    expect(blocks).toHaveLength(3);
    expect(entries.map((entry) => entry.name).sort()).toEqual(blocks.map((block) => block.name).sort());
  });

  it.each(blocks.map((block) => [block.name, block] as const))("%s", (name, block) => {
    const pattern = byName(entries).get(name);
    expect(pattern, `no entry for [PATTERN] ${name}`).toBeDefined();
    if (pattern) expect(patternDifferences(block, pattern)).toEqual([]);
  });
});

// ---- Maneuvers and reactions ------------------------------------------------------------------------

type Action = (Maneuver | Reaction) & { trigger?: string; family?: string };

/** `(Vigor 1, 1/turn)` / `(variable cost)` in the entry's shape. */
function seedCost(tags: readonly string[]): { cost?: unknown; frequency?: string; unread: string[] } {
  const result: { cost?: unknown; frequency?: string; unread: string[] } = { unread: [] };
  for (const tag of tags) {
    const vigor = /^Vigor (\d+)$/.exec(tag);
    if (vigor) result.cost = { vigor: Number(vigor[1]) };
    else if (tag === "variable cost") result.cost = "variable";
    else if (/^\d+\/\w+$/.test(tag)) result.frequency = tag;
    else result.unread.push(tag);
  }
  return result;
}

function actionDifferences(block: StatBlock, action: Action): string[] {
  const diff = new Differences(`${block.kind.toLowerCase()} ${block.name}`);
  const { cost, frequency, unread } = seedCost(block.headerTags);
  diff.same("header tags the test cannot read", unread, []);
  diff.same("status", action.status, "complete");
  diff.same("source", entrySource(action), seedSource(block));
  diff.same("cost", action.cost, cost);
  diff.same("frequency", action.frequency, frequency);
  diff.same("trigger", reads(action.trigger), fieldText(block, "Trigger", ["Effect"]));
  diff.same("effect", reads(action.effect), fieldText(block, "Effect"));
  return diff.list;
}

/** A glossary line: `• Term — Definition. Chapter title`. */
interface GlossaryLine {
  term: string;
  definition: string;
  pointer: string;
}

/** Chapter titles by number/letter: the title line above each breadcrumb (`Appendix A · Tags` for A). */
function chapterTitles(): Map<string, string> {
  const lines = readSeed().split("\n");
  const titles = new Map<string, string>();
  lines.forEach((line, index) => {
    const crumb = /^Momenta Core Rules · .*· Chapter (\d\d|[AB])$/.exec(line);
    if (!crumb) return;
    let before = index - 1;
    while (before >= 0 && (lines[before] ?? "").trim() === "") before--;
    titles.set(crumb[1] ?? "", (lines[before] ?? "").trim());
  });
  return titles;
}

/** Appendix B, split at the first ` — ` and before the longest chapter title the line ends with. */
function glossaryLines(): GlossaryLine[] {
  const lines = readSeed().split("\n");
  const start = lines.indexOf("Appendix B · Glossary");
  const end = lines.findIndex((line, index) => index > start && line.startsWith("Momenta — "));
  const titles = [...chapterTitles().values()].sort((a, b) => b.length - a.length);
  return lines
    .slice(start, end)
    .filter((line) => line.startsWith("• "))
    .map((line) => {
      const body = line.slice(2);
      const dash = body.indexOf(" — ");
      const rest = body.slice(dash + 3);
      const pointer = titles.find((title) => rest.endsWith(` ${title}`)) ?? "";
      return {
        term: body.slice(0, dash),
        definition: rest.slice(0, rest.length - pointer.length - 1),
        pointer,
      };
    });
}

/** The names a combined glossary line defines: `Move, Shift` → Move and Shift. */
const termsOf = (line: GlossaryLine) => line.term.split(", ");

// Names of specific things are Title Case (ch. 02); "Full-turn maneuver" or "Free action" are kinds of things.
const SMALL_WORDS = new Set(["a", "to", "the"]);
const isTitleCase = (term: string) =>
  term.split(" ").every((word) => SMALL_WORDS.has(word) || /^[A-Z]/.test(word));
// Family words the prose uses before "maneuvers" ("Bond maneuvers", "Tandem maneuvers"), not maneuvers themselves.
const FAMILY_WORDS = new Set(["Bond", "Tandem", "Full-turn"]);

/** Maneuvers and reactions the glossary identifies as such ("A free reaction", "The Bond 2 maneuver"). */
function glossaryActions(): Map<string, { kind: "maneuver" | "reaction"; line: GlossaryLine }> {
  const found = new Map<string, { kind: "maneuver" | "reaction"; line: GlossaryLine }>();
  for (const line of glossaryLines()) {
    const match = /^(?:A|An|The)(?: [\w-]+){0,3}? (maneuvers?|Maneuvers|reaction|reactive defense)\b/.exec(
      line.definition,
    );
    if (!match) continue;
    const kind = /maneuver/i.test(match[1] ?? "") ? "maneuver" : "reaction";
    for (const term of termsOf(line)) if (isTitleCase(term)) found.set(term, { kind, line });
  }
  return found;
}

/** Names the running text gives a maneuver or reaction: "the Shake It Off maneuver", "Forestall reactions". */
function proseActions(): Set<string> {
  const word = "[A-Z][\\w’'!-]*";
  const name = `${word}(?: (?:${word}|a|to|the))*`;
  const mention = new RegExp(`(${name}) (?:maneuver|reaction|reactive defense|reactive attack)s?\\b`, "g");
  const found = new Set<string>();
  for (const match of readSeed().matchAll(mention)) {
    const text = (match[1] ?? "").replace(/^(?:The|A|An|If a)(?: |$)/, "");
    if (text && !FAMILY_WORDS.has(text)) found.add(text);
  }
  return found;
}

describe("maneuvers and reactions match the seed", () => {
  const maneuvers = loadEntries<Maneuver>("maneuvers", maneuverSchema);
  const reactions = loadEntries<Reaction>("reactions", reactionSchema);
  const actions = byName<Action>([...maneuvers, ...reactions]);
  const blocks = [...statBlocks("MANEUVER"), ...statBlocks("REACTION")];
  const fromGlossary = glossaryActions();
  const fromProse = proseActions();

  it("has exactly the maneuvers and reactions the book names: stat blocks, glossary lines, running text", () => {
    expect(blocks.map((block) => block.name)).toEqual([
      "Hide",
      "Enter Frenzy",
      "Detect Magic",
      "Helping Hand",
    ]);
    const named = new Set([...blocks.map((block) => block.name), ...fromGlossary.keys(), ...fromProse]);
    expect([...actions.keys()].sort()).toEqual([...named].sort());
  });

  it.each(blocks.map((block) => [block.name, block] as const))("%s matches its stat block", (name, block) => {
    const action = actions.get(name);
    expect(action, `no entry for [${block.kind}] ${name}`).toBeDefined();
    expect(action && maneuvers.includes(action as Maneuver) ? "MANEUVER" : "REACTION").toBe(block.kind);
    if (action) expect(actionDifferences(block, action)).toEqual([]);
  });

  const withoutBlock = [...actions.values()].filter(
    (action) => !blocks.some((block) => block.name === action.name),
  );
  it.each(withoutBlock.map((action) => [action.name, action] as const))(
    "%s has no stat block: incomplete, with its glossary line and the kind the glossary gives",
    (name, action) => {
      const line =
        fromGlossary.get(name)?.line ?? glossaryLines().find((entry) => termsOf(entry).includes(name));
      expect(action.status).toBe("incomplete");
      expect(action.missing?.some((what: string) => what.startsWith("stat block"))).toBe(true);
      expect(line, `no glossary line names ${name}`).toBeDefined();
      expect(plainText(action.summary ?? "")).toBe(line?.definition);
      const kind = fromGlossary.get(name)?.kind;
      if (kind) expect(reactions.includes(action as Reaction) ? "reaction" : "maneuver").toBe(kind);
    },
  );
});

describe("what the book says of a maneuver elsewhere is carried verbatim, with where it says it", () => {
  const maneuvers = loadEntries<Maneuver>("maneuvers", maneuverSchema);
  const mentioned = maneuvers.filter((maneuver) => maneuver.mentions?.length);

  it("carries the recoverable effect text (issue 15): Push the Craft, Grab, Move, Shift, Surge, Shake It Off", () => {
    expect(mentioned.map((maneuver) => maneuver.name).sort()).toEqual([
      "Grab",
      "Move",
      "Push the Craft",
      "Shake It Off",
      "Shift",
      "Surge",
    ]);
  });

  it.each(mentioned.map((maneuver) => [maneuver.name, maneuver] as const))(
    "%s: each mention is in the seed, names the maneuver, and stays incomplete",
    (name, maneuver) => {
      const seed = readSeed();
      for (const mention of maneuver.mentions ?? []) {
        const text = plainText(mention.text);
        expect(seed).toContain(text);
        expect(text).toContain(name);
        // the pointer is where the seed says it: the chapter's breadcrumb, or the catalog's section
        const source = mention.source as { book: string; chapter?: string; section?: string };
        if (source.book === "core-rules") {
          const at = seed.indexOf(`· Chapter ${source.chapter}\n`);
          const next = seed.indexOf("\nMomenta ", at + 1);
          expect(seed.slice(at, next)).toContain(text);
        } else expect(seed.slice(seed.indexOf(`\n${source.section}\n`))).toContain(text);
      }
      expect(maneuver.status).toBe("incomplete");
    },
  );
});

/*
 * Without a stat block, an entry sets a cost, full-turn flag or family only where a sentence of the book states it;
 * each is listed here with that sentence, which must be in the seed.
 */
const STATED_WITHOUT_STAT_BLOCK: Array<[string, Record<string, unknown>, string]> = [
  ["Brace", { cost: "free" }, "Note that although Brace has no Vigor cost"],
  ["Push the Craft", { cost: "free" }, "free maneuvers that accompany casting (e.g., Push the Craft)"],
  [
    "Cast a Spell",
    { cost: "variable" },
    "Pays the total Vigor cost - The Art’s base cost plus all spell-shaping upgrades.",
  ],
  ["Catch Your Breath", { fullTurn: true }, "Catch Your Breath — A full-turn maneuver"],
  ["Steady Yourself", { fullTurn: true }, "or spend a full turn to clear half your Max Strain"],
  [
    "Dodge",
    { family: "reactive-defense" },
    "An attack can be met by at most one reactive defense (Dodge or Deflect)",
  ],
  [
    "Deflect",
    { family: "reactive-defense" },
    "An attack can be met by at most one reactive defense (Dodge or Deflect)",
  ],
  ["Counterattack", { family: "reactive-attack" }, "You have access to the Counterattack reactive attack."],
];

describe("maneuvers and reactions without a stat block state only what the book says", () => {
  const actions = [
    ...loadEntries<Action>("maneuvers", maneuverSchema),
    ...loadEntries<Action>("reactions", reactionSchema),
  ].filter((action) => action.status === "incomplete");

  it.each(STATED_WITHOUT_STAT_BLOCK)("the book states %s's %o", (_name, _fields, sentence) => {
    expect(readSeed()).toContain(sentence);
  });

  it.each(actions.map((action) => [action.name, action] as const))("%s", (name, action) => {
    const { cost, frequency, fullTurn, family, effect, trigger } = action;
    const set = Object.fromEntries(
      Object.entries({ cost, frequency, fullTurn, family, effect, trigger }).filter(
        ([, value]) => value !== undefined,
      ),
    );
    const stated = STATED_WITHOUT_STAT_BLOCK.find(([statedName]) => statedName === name)?.[1] ?? {};
    expect(set).toEqual(stated);
  });
});

// ---- Interlude scenes and downtime actions ---------------------------------------------------------------

/*
 * Each scene and downtime action is a single paragraph; after the last one the chapter goes on
 * ("GMs are free to introduce …"), which the seed reader keeps in the block, so only the first line is the entry.
 */
describe.each([
  ["INTERLUDE SCENE", "interlude-scenes", interludeSceneSchema, 4, "16"],
  ["DOWNTIME ACTION", "downtime-actions", downtimeActionSchema, 5, "17"],
] as const)("[%s] blocks match content/%s", (kindTag, folder, schema, count, chapter) => {
  const blocks = statBlocks(kindTag);
  const entries = byName(loadEntries<InterludeScene | DowntimeAction>(folder, schema));

  it(`has the seed's ${count}, one entry each`, () => {
    expect(blocks).toHaveLength(count);
    expect([...entries.keys()].sort()).toEqual(blocks.map((block) => block.name).sort());
  });

  it.each(blocks.map((block) => [block.name, block] as const))("%s", (name, block) => {
    const entry = entries.get(name);
    const diff = new Differences(`${kindTag.toLowerCase()} ${name}`);
    diff.same("source", entry && entrySource(entry), { book: "core-rules", chapter });
    diff.same("description", reads(entry?.description), block.lines[0]);
    expect(diff.list).toEqual([]);
  });
});

// ---- Glossary --------------------------------------------------------------------------------------------

describe("the glossary matches Appendix B", () => {
  const lines = glossaryLines();
  const entries = loadEntries<GlossaryTerm>("glossary", glossaryTermSchema);
  const titles = chapterTitles();
  const numberOf = new Map([...titles].map(([number, title]) => [title, number]));

  it("has 177 terms, each pointing to a chapter title of the book, one entry each", () => {
    expect(lines).toHaveLength(177);
    expect(lines.filter((line) => line.pointer === "")).toEqual([]);
    expect(entries.map((entry) => entry.name).sort()).toEqual(lines.map((line) => line.term).sort());
  });

  it.each(lines.map((line) => [line.term, line] as const))("%s", (term, line) => {
    const entry = entries.find((candidate) => candidate.name === term);
    const diff = new Differences(`glossary ${term}`);
    diff.same("id", entry?.id, `glossary/${slugify(term)}`);
    diff.same("definition", reads(entry?.definition), line.definition);
    diff.same("chapter", entry?.chapter, { number: numberOf.get(line.pointer), title: line.pointer });
    diff.same("aliases", entry?.aliases, line.term.includes(", ") ? termsOf(line) : undefined);
    expect(diff.list).toEqual([]);
  });
});

// ---- References --------------------------------------------------------------------------------------------

describe("references in these entries name exactly one entry", () => {
  const primary = new Set(KINDS.filter((kind) => kind.nameResolution === "primary").map((kind) => kind.kind));
  const names = new Map<string, Set<string>>();
  for (const definition of KINDS) {
    let files: string[] = [];
    try {
      files = readdirSync(join(repoRoot, "content", definition.folder)).filter((file) =>
        file.endsWith(".json"),
      );
    } catch {
      continue;
    }
    for (const file of files) {
      const entry = JSON.parse(readFileSync(join(repoRoot, "content", definition.folder, file), "utf8"));
      for (const name of [entry.name, ...(entry.aliases ?? [])]) {
        const kinds = names.get(normalizeName(name)) ?? new Set<string>();
        kinds.add(definition.kind);
        names.set(normalizeName(name), kinds);
      }
    }
  }
  /** Why a reference does not resolve to one entry, or undefined when it does (primary kinds win over the glossary). */
  const problem = (reference: Reference): string | undefined => {
    const kinds = [...(names.get(normalizeName(reference.name)) ?? [])];
    if (reference.kind !== undefined) return kinds.includes(reference.kind) ? undefined : "no such entry";
    if (kinds.length === 0) return "no such entry";
    const winners = kinds.filter((kind) => primary.has(kind));
    return winners.length > 1 ? `ambiguous: ${winners.join(", ")}` : undefined;
  };
  const folders = ["conditions", "states", "patterns", "maneuvers", "reactions", "interlude-scenes"];
  const files = [...folders, "downtime-actions", "glossary"].flatMap((folder) =>
    readdirSync(join(repoRoot, "content", folder)).map((file) => join(folder, file)),
  );

  it.each(files)("%s", (file) => {
    const text = readFileSync(join(repoRoot, "content", file), "utf8");
    const problems = findReferences(text).flatMap((reference) => {
      const why = problem(reference);
      return why ? [`${reference.raw}: ${why}`] : [];
    });
    expect(problems).toEqual([]);
  });
});

// ---- The checks above can fail ----------------------------------------------------------------------

describe("the comparisons catch drift", () => {
  it("reports a changed cap, clear attribute, effect word and Affliction roll", () => {
    const hindered = conditions.find((condition) => condition.name === "Hindered");
    const block = conditionBlocks.find((candidate) => candidate.name === "Hindered");
    if (!hindered || !block) throw new Error("Hindered is missing");
    const drifted: Condition = {
      ...hindered,
      stackable: { max: 3 },
      clear: { type: "roll-to-clear", attributes: ["POW"] },
      effect: (hindered.effect ?? "").replace("halved", "quartered"),
    };
    expect(conditionDifferences(block, drifted).map((line) => line.split(":")[1]?.trim())).toEqual([
      "stackable",
      "clear",
      "effect",
    ]);
    const row = afflictionRows()[0];
    const paranoid = conditions.find((condition) => condition.name === row?.name);
    if (!row || !paranoid) throw new Error("Paranoid is missing");
    expect(afflictionDifferences(row, { ...paranoid, d6: 2 }, afflictionParent)).toHaveLength(1);
  });

  it("reports a changed Vigor cost, frequency and a dropped paragraph", () => {
    const block = statBlocks("MANEUVER").find((candidate) => candidate.name === "Hide");
    const hide = loadEntries<Maneuver>("maneuvers", maneuverSchema).find((entry) => entry.name === "Hide");
    if (!block || !hide) throw new Error("Hide is missing");
    const drifted = {
      ...hide,
      cost: { vigor: 2 },
      frequency: "1/turn",
      effect: (hide.effect ?? "").split("\n\n")[0],
    };
    expect(actionDifferences(block, drifted as Action)).toHaveLength(3);
  });
});
