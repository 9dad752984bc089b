// Archetypes, masteries, mastery domains, enemies and Mira carry exactly the names, numbers and words of the seed
import { describe, expect, it } from "vitest";
import {
  type Archetype,
  archetypeSchema,
  type Character,
  CORE_ATTRIBUTES,
  CORES,
  characterSchema,
  type Enemy,
  enemySchema,
  findReferences,
  type Mastery,
  type MasteryDomain,
  type MasterySet,
  masteryDomainSchema,
  masterySchema,
  masterySetSchema,
  plainText,
  RANK_BONUS_LABELS,
  slugify,
} from "../src/index.ts";
import { Differences, loadEntries } from "./fidelity.ts";
import { allStatBlocks, readSeed } from "./seed.ts";

const seedLines = () => readSeed().split(/\r?\n/);
const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Lines of the seed from the line equal to `from` up to (not including) the next line equal to `to`. */
function seedSection(from: string, to: string): string[] {
  const lines = seedLines();
  const start = lines.indexOf(from);
  const end = lines.indexOf(to, start + 1);
  if (start === -1 || end === -1) throw new Error(`seed section ${from} … ${to} not found`);
  return lines.slice(start, end);
}

// ---- Archetypes ---------------------------------------------------------------------------------------

interface SeedAbility {
  name: string;
  effect?: string;
}
interface SeedRank {
  rank: number;
  bonuses: string;
  abilities: SeedAbility[];
  firstLine: number;
}
interface SeedArchetype {
  name: string;
  type: Archetype["type"];
  ranks: SeedRank[];
  /** 1-based line where the next archetype (or the catalog section) starts. */
  endLine: number;
}

const ARCHETYPE_SECTIONS: Record<string, Archetype["type"]> = {
  "Ancestry Archetypes": "ancestry",
  "Basic Path Archetypes": "basic-path",
};

/** The archetype catalog as printed: heading, `RANK N`, `• Bonuses:` and `  • Name - effect` lines. */
function seedArchetypes(): SeedArchetype[] {
  const lines = seedLines();
  const start = lines.indexOf("Ancestry Archetypes");
  const end = lines.indexOf("Specialist Path Archetypes", start);
  const archetypes: SeedArchetype[] = [];
  let type: Archetype["type"] | undefined;
  let current: SeedArchetype | undefined;
  let rank: SeedRank | undefined;
  let inStatBlock = false;
  for (let index = start; index < end; index++) {
    const line = lines[index] ?? "";
    const section = ARCHETYPE_SECTIONS[line];
    const rankMatch = /^RANK (\d)$/.exec(line);
    const bonuses = /^• Bonuses: (.*)$/.exec(line);
    const ability = /^ {2}• (.+?)(?: - (.*))?$/.exec(line);
    if (section) {
      type = section;
    } else if (rankMatch && current) {
      rank = { rank: Number(rankMatch[1]), bonuses: "", abilities: [], firstLine: index + 1 };
      current.ranks.push(rank);
      inStatBlock = false;
    } else if (bonuses && rank) {
      rank.bonuses = bonuses[1] ?? "";
    } else if (ability && rank) {
      const entry: SeedAbility = { name: ability[1] ?? "" };
      if (ability[2] !== undefined) entry.effect = ability[2];
      rank.abilities.push(entry);
    } else if (line.startsWith("[")) {
      inStatBlock = true;
    } else if (type && !inStatBlock && /^[A-Z][\w-]+$/.test(line) && lines[index + 2] === "RANK 1") {
      if (current) current.endLine = index + 1;
      current = { name: line, type, ranks: [], endLine: end + 1 };
      archetypes.push(current);
      rank = undefined;
    }
  }
  return archetypes;
}

/** The `Bonuses:` line an entry's numbers print as, in the catalog's order. */
function bonusLine(bonuses: Record<string, number | undefined>): string {
  return Object.entries(RANK_BONUS_LABELS)
    .filter(([key]) => bonuses[key] !== undefined)
    .map(([key, label]) => `+${bonuses[key]} ${label}`)
    .join(", ");
}

/** Ids an ability's prose links with an explicit kind, e.g. `maneuver/enter-frenzy` for `[[maneuver:Enter Frenzy]]`. */
const linkedIds = (text: string | undefined, kind: string) =>
  findReferences(text ?? "")
    .filter((reference) => reference.kind === kind)
    .map((reference) => `${kind}/${slugify(reference.name)}`);

/** `[KIND] Name` blocks the Archetypes catalog prints, by 1-based line. */
const catalogBlocks = () => allStatBlocks().filter((block) => block.catalog === "Archetypes Catalog");

function archetypeDifferences(seed: SeedArchetype, entry: Archetype): string[] {
  const diff = new Differences(`archetype ${seed.name}`);
  diff.same("id", entry.id, `archetype/${slugify(seed.name)}`);
  diff.same("type", entry.type, seed.type);
  diff.same(
    "rank numbers",
    entry.ranks?.map((rank) => rank.rank),
    seed.ranks.map((rank) => rank.rank),
  );
  const blocks = catalogBlocks();
  seed.ranks.forEach((seedRank, index) => {
    const rank = entry.ranks?.[index];
    const where = `R${seedRank.rank}`;
    diff.same(`${where} bonuses`, bonusLine(rank?.bonuses ?? {}), seedRank.bonuses);
    diff.same(
      `${where} ability names`,
      rank?.abilities.map((ability) => ability.name),
      seedRank.abilities.map((ability) => ability.name),
    );
    seedRank.abilities.forEach((seedAbility, abilityIndex) => {
      const ability = rank?.abilities[abilityIndex];
      const effect = ability?.effect === undefined ? undefined : plainText(ability.effect);
      diff.same(`${where} ${seedAbility.name} effect`, effect, seedAbility.effect);
      const grants = ability?.grants;
      // Structured grants must say what the prose says, never more.
      for (const kind of ["maneuver", "reaction"] as const) {
        const granted = grants?.[`${kind}s`] ?? [];
        for (const id of granted) {
          diff.check(
            `${where} ${seedAbility.name} grants ${id} but its effect does not link it`,
            linkedIds(ability?.effect, kind).includes(id),
          );
        }
      }
      for (const domain of grants?.masteryDomains ?? []) {
        diff.check(
          `${where} ${seedAbility.name} grants ${domain} but does not link it`,
          linkedIds(ability?.effect, "mastery-domain").includes(domain),
        );
      }
      const prose = effect ?? "";
      for (const weight of grants?.weaponWeightClasses ?? [])
        diff.check(`${where} ${seedAbility.name}: ${weight} not in effect`, prose.includes(weight));
      for (const category of grants?.armorCategories ?? [])
        diff.check(
          `${where} ${seedAbility.name}: ${category} armor not in effect`,
          prose.includes(`${category} armor`),
        );
      if (grants?.spellcastingAttribute) {
        diff.check(
          `${where} ${seedAbility.name}: casting attribute`,
          prose.includes(`${grants.spellcastingAttribute} as`),
        );
      }
      if (grants?.bonusMasterySlots) {
        const count = grants.bonusMasterySlots.count;
        diff.check(
          `${where} ${seedAbility.name}: ${count} bonus slot(s)`,
          new RegExp(`\\b${count} (additional )?bonus mastery slot`).test(prose),
        );
      }
      if (grants?.wildcardMasterySlots) {
        diff.check(
          `${where} ${seedAbility.name}: wildcard slots`,
          prose.includes(`${grants.wildcardMasterySlots} wildcard mastery slot`),
        );
      }
    });
    // Stat blocks printed between this rank's heading and the next one belong to it.
    const next = seed.ranks[index + 1]?.firstLine ?? seed.endLine;
    const printed = blocks
      .filter((block) => block.line > seedRank.firstLine && block.line < next)
      .map((block) => `${block.kind.toLowerCase().replace(/ /g, "-")}/${slugify(block.name)}`);
    diff.same(`${where} stat blocks`, rank?.statBlocks ?? [], printed);
  });
  return diff.list;
}

describe("archetypes match the Archetypes catalog", () => {
  const seed = seedArchetypes();
  const entries = loadEntries<Archetype>("archetypes", archetypeSchema);
  const ranked = entries.filter((entry) => entry.type !== "specialist-path");

  it("the catalog prints 8 archetypes with ranks 1–3, and content has exactly those", () => {
    expect(seed.map((archetype) => archetype.name)).toEqual([
      "Human",
      "Half-Elf",
      "Elf",
      "Dwarf",
      "Barbarian",
      "Warrior",
      "Scholar",
      "Channeler",
    ]);
    expect(ranked.map((entry) => entry.name).sort()).toEqual(seed.map((archetype) => archetype.name).sort());
  });

  it.each(seed.map((archetype) => [archetype.name, archetype] as const))(
    "%s: ranks, bonuses and abilities",
    (name, archetype) => {
      const entry = entries.find((candidate) => candidate.name === name);
      expect(entry).toBeDefined();
      if (entry) expect(archetypeDifferences(archetype, entry)).toEqual([]);
    },
  );

  it("specialist paths are only those the text names, kept incomplete", () => {
    const glossary = seedLines().find((line) => line.startsWith("• Specialist path — ")) ?? "";
    const specialists = entries.filter((entry) => entry.type === "specialist-path");
    expect(specialists.length).toBeGreaterThan(0);
    for (const entry of specialists) {
      expect(glossary).toContain(entry.name);
      expect(entry.status).toBe("incomplete");
      expect(entry.ranks).toBeUndefined();
    }
  });

  it("Half-Elf SPD, SEN and SIZE are the ones ch. 12 states", () => {
    const halfElf = entries.find((entry) => entry.id === "archetype/half-elf");
    const sentence =
      seedLines().find((line) => line.includes("We choose the Half-Elf ancestry archetype")) ?? "";
    const stated = /SPD of (\d+), SEN of (\d+), and SIZE of (\w+)\./.exec(sentence);
    expect(stated).not.toBeNull();
    expect(halfElf?.ancestryStats).toEqual({
      spd: Number(stated?.[1]),
      sen: Number(stated?.[2]),
      size: stated?.[3],
      source: "12",
    });
  });

  it("ancestries without printed SPD/SEN/SIZE say so in `missing`", () => {
    for (const entry of entries.filter(
      (candidate) => candidate.type === "ancestry" && !candidate.ancestryStats,
    )) {
      expect(entry.missing?.some((what) => what.includes("SPD"))).toBe(true);
    }
  });

  it("detects a changed bonus, a reworded effect and an ability grant the prose does not support", () => {
    const human = seed.find((archetype) => archetype.name === "Human");
    const entry = entries.find((candidate) => candidate.name === "Human");
    if (!human || !entry?.ranks?.[0]) throw new Error("Human missing");
    const changedBonus = clone(entry);
    if (changedBonus.ranks?.[0]) changedBonus.ranks[0].bonuses.maxVitality = 2;
    expect(archetypeDifferences(human, changedBonus).join("\n")).toContain("R1 bonuses");
    const reworded = clone(entry);
    const first = reworded.ranks?.[0]?.abilities[0];
    if (first) first.effect = "Gain an additional 2 wildcard mastery slots.";
    expect(archetypeDifferences(human, reworded).join("\n")).toContain("R1 Versatile effect");
    const overGranted = clone(entry);
    const versatile = overGranted.ranks?.[0]?.abilities[0];
    if (versatile) versatile.grants = { reactions: ["reaction/deflect"] };
    expect(archetypeDifferences(human, overGranted).join("\n")).toContain("grants reaction/deflect");
  });
});

// ---- Mira (ch. 12) ----------------------------------------------------------------------------------

const ch12 = () => seedSection("Creating a Character", "Advancement");
const lineAfter = (lines: string[], prefix: string) =>
  lines.find((line) => line.startsWith(prefix))?.slice(prefix.length);

/** Row label of the printed table → key of `statedDerivedStats`. */
const STAT_ROWS: Record<string, string> = {
  "Max Vitality": "maxVitality",
  "Max Strain": "maxStrain",
  "Wound Slots": "woundSlots",
  "Burden Slots": "burdenSlots",
  Resolve: "resolve",
  "Max Guard": "maxGuard",
  SPD: "spd",
  SEN: "sen",
  "Gear Slots": "gearSlots",
  "Wondrous Item Slots": "wondrousItemSlots",
  "Consumable Points": "consumablePoints",
  "Max Bonds": "maxBonds",
};

function miraDifferences(mira: Character): string[] {
  const diff = new Differences("Mira");
  const lines = ch12();
  diff.same(
    "name and summary",
    `${mira.name}, ${mira.summary}`,
    /build (Mira, the [\w-]+ \w+)\./.exec(lines.join("\n"))?.[1],
  );
  diff.same("concept", mira.concept, /Her concept line is: “(.+)”$/m.exec(lines.join("\n"))?.[1]);

  // Attribute table: `BODY 3	POW 0	AGI 3`.
  for (const core of CORES) {
    const row = lines.find((line) => line.startsWith(`${core} `)) ?? "";
    const [coreCell, ...cells] = row.split("\t");
    const [first, second] = CORE_ATTRIBUTES[core];
    diff.same(
      `${first}, ${second}`,
      [`${first} ${mira.attributes[first]}`, `${second} ${mira.attributes[second]}`],
      cells,
    );
    diff.same(`${core} total`, `${core} ${mira.attributes[first] + mira.attributes[second]}`, coreCell);
  }

  const archetypes = lineAfter(lines, "Mira’s final archetypes: ");
  diff.same(
    "archetypes",
    mira.archetypes.map((entry) => `${entry.archetype} R${entry.rank}`).join(", "),
    archetypes
      ?.split(", ")
      .map((part) =>
        part.replace(
          /^(.+) R(\d)$/,
          (_whole, name: string, rank: string) => `archetype/${slugify(name)} R${rank}`,
        ),
      )
      .join(", "),
  );
  diff.same("character rank", mira.characterRank, Number(/start at Rank (\d+)/.exec(lines.join("\n"))?.[1]));
  diff.same(
    "ancestry",
    mira.ancestry,
    `archetype/${slugify(/choose the ([\w-]+) ancestry archetype for Mira/.exec(lines.join("\n"))?.[1] ?? "")}`,
  );

  const domains = /from the following mastery domains: (.+)$/m.exec(lines.join("\n"))?.[1]?.split(", ");
  diff.same(
    "mastery domains",
    mira.masteryDomains,
    domains?.map((name) => `mastery-domain/${slugify(name)}`),
  );

  // `• Body mastery slots (3) - Lightning Reflexes (Body/General), …`
  const slotted: Array<{ mastery: string; board: string }> = [];
  for (const line of lines.filter((candidate) => /^• \w+ mastery slots? \(\d+\) - /.test(candidate))) {
    const board = (/^• (\w+)/.exec(line)?.[1] ?? "").toLowerCase();
    for (const item of line.slice(line.indexOf(" - ") + 3).split(/, (?=[A-Z])/)) {
      slotted.push({ mastery: `mastery/${slugify(item.replace(/\s*\(.*\)$/, ""))}`, board });
    }
  }
  diff.same("masteries", mira.masteries, slotted);

  const slotSentence = lines.find((line) => line.includes("mastery slots based on mastery type")) ?? "";
  const count = (pattern: RegExp) => Number(pattern.exec(slotSentence)?.[1]);
  diff.same("mastery slots", mira.statedDerivedStats?.masterySlots, {
    body: count(/(\d+) body mastery slot/),
    mind: count(/(\d+) mind mastery slot/),
    soul: count(/(\d+) soul mastery slot/),
    wildcard: count(/(\d+) wildcard mastery slot/),
    total: count(/Total of (\d+) slots/),
  });

  const gearSentence = lines.find((line) => line.startsWith("Example: For Mira’s 3 gear slots")) ?? "";
  const gearMatch = /two weapons - a (.+) and a (.+), and a (.+) armor/.exec(gearSentence);
  diff.same("gear", mira.gear, [
    `weapon/${slugify(gearMatch?.[1] ?? "")}`,
    `weapon/${slugify(gearMatch?.[2] ?? "")}`,
    `armor/${slugify(gearMatch?.[3] ?? "")}`,
  ]);

  const threadsStart = lines.findIndex((line) => line.includes("she has three Threads"));
  diff.same(
    "threads",
    mira.threads,
    lines
      .slice(threadsStart + 1)
      .filter((line) => /^\d\. “/.test(line))
      .map((line) => line.replace(/^\d\. “(.*)”$/, "$1")),
  );

  const bondLine = lines.find((line) => line.startsWith("• Bond ")) ?? "";
  const bond = /^• Bond (\d) \((.+)\) - “(.+)”$/.exec(bondLine);
  const strands = Number(/allocate all (\d+) Strands towards a Bond/.exec(lines.join("\n"))?.[1]);
  diff.same(
    "bonds",
    mira.bonds.map((entry) => ({ ...entry, descriptor: plainText(entry.descriptor) })),
    [{ target: bond?.[2], intensity: Number(bond?.[1]), strands, descriptor: bond?.[3] }],
  );

  // The derived-stats table: `Stat	Value	Calculation`, one row per line until the blank line.
  const header = lines.indexOf("Stat\tValue\tCalculation");
  const rows = lines.slice(header + 1, lines.indexOf("", header)).map((row) => row.split("\t"));
  const stats = (mira.statedDerivedStats ?? {}) as Record<
    string,
    { value: unknown; calculation: string; note?: string }
  >;
  const covered = new Set<string>();
  for (const [label = "", value = "", calculation = ""] of rows) {
    const key = STAT_ROWS[label];
    if (key) {
      covered.add(key);
      diff.same(label, [String(stats[key]?.value), stats[key]?.calculation], [value, calculation]);
    } else if (label === "SIZE") {
      covered.add("size");
      const size = stats.size;
      diff.same(label, [`${size?.value} (${size?.note})`, size?.calculation], [value, calculation]);
    } else if (label === "Max Vigor") {
      // The export merged two cells: "Max Vigor: 7 Regain (per turn): 4".
      covered.add("maxVigor").add("vigorRegain");
      const vigor = stats.maxVigor;
      const regain = stats.vigorRegain;
      diff.same(
        label,
        [
          `Max Vigor: ${vigor?.value} Regain (per turn): ${regain?.value}`,
          `${vigor?.calculation} ${regain?.calculation}`,
        ],
        [value, calculation],
      );
    } else {
      diff.check(`table row ${label} has no field`, false);
    }
  }
  const extra = Object.keys(stats).filter((key) => key !== "masterySlots" && !covered.has(key));
  diff.same("stated stats the table does not print", extra, []);
  diff.same("table rows", rows.length, 14);
  return diff.list;
}

describe("Mira matches the ch. 12 worked example", () => {
  const characters = loadEntries<Character>("characters", characterSchema);
  const mira = characters.find((entry) => entry.id === "character/mira");
  const archetypes = loadEntries<Archetype>("archetypes", archetypeSchema);
  const masteries = loadEntries<Mastery>("masteries", masterySchema);

  it("build, Threads, Bond and every row of the stated derived-stats table", () => {
    expect(mira).toBeDefined();
    if (mira) expect(miraDifferences(mira)).toEqual([]);
  });

  it("her SPD, SEN and SIZE are her ancestry's", () => {
    const ancestry = archetypes.find((entry) => entry.id === mira?.ancestry)?.ancestryStats;
    expect(mira?.statedDerivedStats?.spd?.value).toBe(ancestry?.spd);
    expect(mira?.statedDerivedStats?.sen?.value).toBe(ancestry?.sen);
    expect(mira?.statedDerivedStats?.size?.value).toBe(ancestry?.size);
  });

  it("her masteries' type and domain are the ones printed beside them, and every domain is open to her", () => {
    const text = ch12().join("\n");
    for (const slot of mira?.masteries ?? []) {
      const mastery = masteries.find((entry) => entry.id === slot.mastery);
      expect(mastery, slot.mastery).toBeDefined();
      const printed = new RegExp(`${mastery?.name} \\((\\w+)/(\\w+)\\)`).exec(text);
      expect(printed, slot.mastery).not.toBeNull();
      expect(mastery?.type).toBe(printed?.[1]?.toLowerCase());
      expect(mastery?.domain).toBe(`mastery-domain/${slugify(printed?.[2] ?? "")}`);
      expect(mira?.masteryDomains).toContain(mastery?.domain);
    }
  });

  it("the domains her archetypes grant are among the ones the book lists for her", () => {
    const granted = (mira?.archetypes ?? []).flatMap(
      ({ archetype }) => archetypes.find((entry) => entry.id === archetype)?.masteryDomains ?? [],
    );
    expect(granted.length).toBeGreaterThan(0);
    for (const domain of granted) expect(mira?.masteryDomains).toContain(domain);
  });

  it("detects a changed stat, a wrong attribute and a dropped Thread", () => {
    if (!mira) throw new Error("Mira missing");
    const wrongStat = clone(mira);
    if (wrongStat.statedDerivedStats?.maxVitality) wrongStat.statedDerivedStats.maxVitality.value = 20;
    expect(miraDifferences(wrongStat).join("\n")).toContain("Max Vitality");
    const wrongAttribute = clone(mira);
    wrongAttribute.attributes.POW = 1;
    expect(miraDifferences(wrongAttribute).join("\n")).toContain("BODY total");
    const droppedThread = clone(mira);
    droppedThread.threads.pop();
    expect(miraDifferences(droppedThread).join("\n")).toContain("threads");
  });
});

// ---- Masteries, domains and sets -----------------------------------------------------------------------

describe("masteries, mastery domains and mastery sets match what the text names", () => {
  const masteries = loadEntries<Mastery>("masteries", masterySchema);
  const domains = loadEntries<MasteryDomain>("mastery-domains", masteryDomainSchema);
  const sets = loadEntries<MasterySet>("mastery-sets", masterySetSchema);
  const archetypes = loadEntries<Archetype>("archetypes", archetypeSchema);
  const catalog = seedSection("Momenta — Masteries Catalog", "Momenta — Equipment Catalog");
  const headings = catalog
    .slice(catalog.indexOf("Masteries") + 1, catalog.indexOf("Mastery Sets"))
    .filter(Boolean);

  it("10 domains: one per heading of the Masteries catalog", () => {
    expect(headings).toHaveLength(10);
    expect(domains.map((entry) => entry.name).sort()).toEqual([...headings].sort());
  });

  it("every mastery the text names has an entry, and every entry is named by the text", () => {
    const text = readSeed();
    const named = new Set<string>();
    for (const match of text.matchAll(/\bthe ([A-Z][a-z]+(?: [A-Z][a-z]+)*) mastery\b(?! domain)/g))
      named.add(match[1] ?? "");
    const mira = ch12().filter((line) => /^• \w+ mastery slots? \(\d+\) - /.test(line));
    for (const line of mira) {
      for (const item of line.slice(line.indexOf(" - ") + 3).split(/, (?=[A-Z])/))
        named.add(item.replace(/\s*\(.*\)$/, ""));
    }
    expect(named.size).toBe(9);
    expect(masteries.map((entry) => entry.name).sort()).toEqual([...named].sort());
  });

  it("every mention is verbatim, and no mastery claims an effect, type or domain the text does not give", () => {
    const text = readSeed();
    for (const mastery of masteries) {
      expect(mastery.mentions?.length, mastery.name).toBeGreaterThan(0);
      for (const mention of mastery.mentions ?? []) {
        expect(text).toContain(plainText(mention.text));
        expect(plainText(mention.text)).toContain(mastery.name);
      }
      expect(mastery.effect).toBeUndefined();
      expect(mastery.status).toBe("incomplete");
      if (mastery.domain) expect(domains.map((domain) => domain.id)).toContain(mastery.domain);
      if (mastery.type || mastery.domain) {
        const label = `${mastery.type?.[0]?.toUpperCase()}${mastery.type?.slice(1)}/${domains.find((domain) => domain.id === mastery.domain)?.name}`;
        expect(text).toContain(`${mastery.name} (${label})`);
      }
    }
  });

  it("slot costs are stated only for Mira's five masteries, which exactly fill her five slots (ch. 12)", () => {
    const boards = ch12().filter((line) => /^• \w+ mastery slots? \(\d+\) - /.test(line));
    const slots = boards.reduce((sum, line) => sum + Number(/\((\d+)\)/.exec(line)?.[1]), 0);
    const held = boards.flatMap((line) => line.slice(line.indexOf(" - ") + 3).split(/, (?=[A-Z])/));
    expect([slots, held.length]).toEqual([5, 5]);
    const costed = masteries.filter((mastery) => mastery.slotCost !== undefined);
    expect(costed.map((mastery) => mastery.name).sort()).toEqual(
      held.map((item) => item.slice(0, item.indexOf(" ("))).sort(),
    );
    for (const mastery of costed) {
      expect(mastery.slotCost).toBe(1);
      expect(mastery.missing?.some((what) => what.startsWith("slot cost as the catalog prints it"))).toBe(
        true,
      );
    }
  });

  it("a domain's grantedBy agrees with the archetypes' own grants", () => {
    const byArchetype = new Map<string, Set<string>>();
    for (const archetype of archetypes) {
      const granted = [
        ...(archetype.masteryDomains ?? []),
        ...(archetype.ranks ?? []).flatMap((rank) =>
          rank.abilities.flatMap((ability) => ability.grants?.masteryDomains ?? []),
        ),
      ];
      for (const domain of granted) {
        const set = byArchetype.get(domain) ?? new Set<string>();
        set.add(archetype.id);
        byArchetype.set(domain, set);
      }
    }
    expect(byArchetype.size).toBeGreaterThan(0);
    for (const domain of domains) {
      expect([...(byArchetype.get(domain.id) ?? [])].sort(), domain.id).toEqual(
        [...(domain.grantedBy ?? [])].sort(),
      );
    }
  });

  it("no mastery set is invented: the catalog prints the heading and nothing under it", () => {
    const setsHeading = catalog.indexOf("Mastery Sets");
    expect(catalog.slice(setsHeading + 1).filter(Boolean)).toEqual([]);
    expect(sets).toEqual([]);
    for (const mastery of masteries) expect(mastery.set).toBeUndefined();
  });
});

// ---- Enemies -----------------------------------------------------------------------------------------

/** `Challenge Class — X` headings and the enemy names under them. */
function seedEnemies(): Array<{ name: string; challengeClass: string; lines: string[] }> {
  const lines = seedLines();
  const start = lines.indexOf("Momenta — Pre-Generated Enemies");
  const enemies: Array<{ name: string; challengeClass: string; lines: string[] }> = [];
  let challengeClass: string | undefined;
  for (const line of lines.slice(start)) {
    const heading = /^Challenge Class — (\w+)$/.exec(line);
    if (heading) {
      challengeClass = heading[1];
    } else if (challengeClass && line.trim() !== "") {
      // Names are short title-case lines; anything else is text about the enemy above it.
      if (line.length <= 40 && !/[.!?)]$/.test(line)) enemies.push({ name: line, challengeClass, lines: [] });
      else enemies.at(-1)?.lines.push(line);
    }
  }
  return enemies;
}

/** Name, id and challenge class of every seed enemy against the entries; empty when they agree. */
function enemyDifferences(seed: ReturnType<typeof seedEnemies>, entries: Enemy[]): string[] {
  const diff = new Differences("enemies");
  diff.same("count", entries.length, seed.length);
  for (const enemy of seed) {
    const entry = entries.find((candidate) => candidate.name === enemy.name);
    diff.check(`${enemy.name} has no entry`, entry !== undefined);
    if (!entry) continue;
    diff.same(`${enemy.name} id`, entry.id, `enemy/${slugify(enemy.name)}`);
    diff.same(`${enemy.name} challenge class`, entry.challengeClass, enemy.challengeClass);
    // The lines printed under a name are that enemy's flavor text and special rules, verbatim.
    const carried = [entry.description, ...(entry.traits ?? [])]
      .filter((text) => text !== undefined)
      .map(plainText);
    diff.same(`${enemy.name} printed lines`, carried, enemy.lines);
  }
  return diff.list;
}

describe("enemies match the Pre-Generated Enemies catalog", () => {
  const seed = seedEnemies();
  const entries = loadEntries<Enemy>("enemies", enemySchema);

  it("11 enemies with the seed's names, challenge classes and printed lines", () => {
    expect(seed).toHaveLength(11);
    expect(enemyDifferences(seed, entries)).toEqual([]);
  });

  it("stat blocks stay visibly lost, and mentions elsewhere are verbatim", () => {
    const text = readSeed();
    for (const entry of entries) {
      expect(entry.status).toBe("incomplete");
      expect(entry.missing?.join(" ")).toContain("stat block");
      expect(entry.stats).toBeUndefined();
      expect(entry.hitLocations).toBeUndefined();
      for (const mention of entry.mentions ?? []) expect(text).toContain(plainText(mention.text));
      for (const attack of entry.attacks ?? []) {
        expect(
          entry.mentions?.some((mention) => mention.text.includes(`${attack.name} to`)),
          attack.name,
        ).toBe(true);
      }
    }
  });

  it("detects a wrong challenge class, a missing enemy and a reworded line", () => {
    const wrongClass = clone(entries);
    const first = wrongClass[0];
    if (first) first.challengeClass = first.challengeClass === "Elite" ? "Regular" : "Elite";
    expect(enemyDifferences(seed, wrongClass).join("\n")).toContain("challenge class");
    expect(enemyDifferences(seed, entries.slice(1)).join("\n")).toContain("has no entry");
    const reworded = clone(entries);
    const drake = reworded.find((entry) => entry.description !== undefined);
    if (drake) drake.description = "It remembers every death.";
    expect(enemyDifferences(seed, reworded).join("\n")).toContain("printed lines");
  });
});

describe("ids referenced across these kinds", () => {
  it("every archetype, mastery and domain id Mira and the archetypes use has a file", () => {
    const ids = new Set(
      [
        ...loadEntries<Archetype>("archetypes", archetypeSchema),
        ...loadEntries<Mastery>("masteries", masterySchema),
        ...loadEntries<MasteryDomain>("mastery-domains", masteryDomainSchema),
      ].map((entry) => entry.id),
    );
    const mira = loadEntries<Character>("characters", characterSchema).find(
      (entry) => entry.id === "character/mira",
    );
    const used = [
      mira?.ancestry,
      ...(mira?.archetypes ?? []).map((entry) => entry.archetype),
      ...(mira?.masteries ?? []).map((entry) => entry.mastery),
      ...(mira?.masteryDomains ?? []),
    ];
    expect(used.length).toBeGreaterThan(0);
    for (const id of used) expect(ids, id).toContain(id);
  });
});
