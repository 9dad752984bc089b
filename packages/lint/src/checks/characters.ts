// The `characters` rule's pure part: a character entry's data and a lookup of the entries it names → its problems (browser-safe)

// the rule file's own module, not the package index: the builder page runs this in the browser without the loader
import { isOfKind } from "@momenta/content/entry-kind";
import { docsUrl, formatMessage, KNOCK_ON, type RuleMeta } from "@momenta/content/rule";
import {
  type ArchetypeData,
  type BuildGear,
  type BuildInput,
  type BuildMastery,
  buildArchetypesOf,
  checkBuild,
  type DerivedStats,
  derivedStatsInputOf,
  deriveStats,
  type StatBonus,
} from "@momenta/rules";
import type { Character } from "@momenta/schema";

/** Domains the rules open to every character (ch. 12 lists General for Mira though no archetype grants it). */
const ALWAYS_AVAILABLE_DOMAINS = ["mastery-domain/general"];

/** The `characters` rule's metadata: the lint rule and the site's builder both word their problems from it. */
export const charactersMeta: RuleMeta = {
  id: "characters",
  description: "A character's stated derived stats equal the rules' computation and the build is legal",
  defaultSeverity: "error",
  stage: "graph",
  docs: docsUrl("characters"),
  messages: {
    "unknown-id": "`{id}` does not exist",
    "stat-mismatch": "the stated {stat} is {stated}, but the rules compute {computed} ({calculation})",
    "build-violation": "illegal build: {message} ({where})",
    // the lint rule's, for an id a file that did not load would define; the builder's entries always load
    "knock-on": KNOCK_ON.message,
  },
  help: {
    "unknown-id": "add that entry or fix the id",
    "stat-mismatch": "check `{key}` and the entries it is computed from",
    "build-violation": "fix the build, or the entries it draws on",
    "knock-on": KNOCK_ON.help,
  },
};

/** A path into the character entry's JSON, as diagnostics carry it. */
export type CharacterPath = (string | number)[];

/** What the check needs of an entry the character names: the content graph's entry, or the builder's copy of it. */
export interface NamedEntry {
  readonly id: string;
  readonly kind: string;
  readonly name: string;
  /** False when the entry failed its schema: the check skips a character that names one (the schema rule reports it). */
  readonly valid: boolean;
  readonly data: unknown;
}

export type EntryLookup = (id: string) => NamedEntry | undefined;

/** One problem, as data: the rule reports it at `path` of the character's file; `characterMessage` words it. */
export interface CharacterProblem {
  readonly messageId: keyof typeof charactersMeta.messages & string;
  readonly data: Record<string, string | number>;
  readonly path: CharacterPath;
}

export interface CharacterCheck {
  readonly problems: CharacterProblem[];
  /** The derived stats as the rules compute them; absent when a named entry is unknown or invalid. */
  readonly derived?: DerivedStats;
  /** The build the legality checks ran on (gear and masteries as @momenta/rules sees them); absent with `derived`. */
  readonly build?: BuildInput;
}

/** The message and help `momenta lint` prints for a problem (the same templates of the meta, the same data). */
export function characterMessage(problem: CharacterProblem): { message: string; help: string } {
  const template = charactersMeta.messages[problem.messageId] ?? problem.messageId;
  const help = charactersMeta.help?.[problem.messageId] ?? "";
  return { message: formatMessage(template, problem.data), help: formatMessage(help, problem.data) };
}

/** The stated stats compared with the computed ones: [stated key, label, computed key]. */
const STAT_ROWS: readonly [keyof NonNullable<Character["statedDerivedStats"]>, string, keyof DerivedStats][] =
  [
    ["maxVitality", "Max Vitality", "maxVitality"],
    ["maxStrain", "Max Strain", "maxStrain"],
    ["woundSlots", "Wound Slots", "woundSlots"],
    ["burdenSlots", "Burden Slots", "burdenSlots"],
    ["resolve", "Resolve", "resolve"],
    ["maxVigor", "Max Vigor", "maxVigor"],
    ["vigorRegain", "Vigor regain", "vigorRegain"],
    ["maxGuard", "Max Guard", "maxGuard"],
    ["gearSlots", "Gear Slots", "gearSlots"],
    ["wondrousItemSlots", "Wondrous Item Slots", "wondrousSlots"],
    ["consumablePoints", "Consumable Points", "consumablePoints"],
    ["maxBonds", "Max Bonds", "maxBonds"],
  ];

const BOARDS = ["body", "mind", "soul", "wildcard"] as const;

/** The lists of ids a character chooses beyond archetypes, masteries and gear (ch. 11, 24, 25–26). */
export const CHOSEN_LISTS = ["arts", "resonances", "limitBreaks", "consumables"] as const;

/**
 * Everything the `characters` rule says of one character entry (schema-valid data), in the order it reports: ids that
 * do not exist, stated stats the rules compute otherwise, then the build's violations.
 */
export function checkCharacter(data: Character, lookup: EntryLookup): CharacterCheck {
  const problems: CharacterProblem[] = [];
  const refs: [CharacterPath, string][] = [
    [["ancestry"], data.ancestry],
    ...data.archetypes.map((a, i): [CharacterPath, string] => [["archetypes", i, "archetype"], a.archetype]),
    ...data.masteries.map((m, i): [CharacterPath, string] => [["masteries", i, "mastery"], m.mastery]),
    ...data.gear.map((id, i): [CharacterPath, string] => [["gear", i], id]),
    ...(data.masteryDomains ?? []).map((id, i): [CharacterPath, string] => [["masteryDomains", i], id]),
    ...CHOSEN_LISTS.flatMap((key) =>
      (data[key] ?? []).map((id, i): [CharacterPath, string] => [[key, i], id]),
    ),
  ];
  let broken = false;
  for (const [path, id] of refs) {
    const found = lookup(id);
    if (!found?.valid) {
      if (!found) problems.push({ path, messageId: "unknown-id", data: { id } });
      broken = true;
    }
  }
  const archetypes: Record<string, ArchetypeData> = {};
  for (const { archetype } of data.archetypes) {
    const found = lookup(archetype);
    if (found && isOfKind(found, "archetype")) archetypes[archetype] = found.data;
  }
  if (broken || data.archetypes.some((a) => !archetypes[a.archetype])) return { problems };
  // every id below exists and is valid (checked above), and an id's prefix is its kind: the guards only narrow
  const gear = data.gear.flatMap((id) => lookup(id) ?? []);
  const extra: StatBonus[] = [];
  for (const item of gear) {
    const guard = isOfKind(item, "armor") ? item.data.guardBonus : undefined;
    if (guard) extra.push({ stat: "maxGuard", amount: guard, source: item.name });
  }
  const derived = deriveStats(derivedStatsInputOf(data, archetypes, extra));
  const stated = data.statedDerivedStats;
  if (stated) {
    const compare = (
      key: string,
      label: string,
      statedValue: number | undefined,
      computed: { value: number; parts: readonly { label: string; amount: number }[] },
      path: CharacterPath,
    ) => {
      if (statedValue === undefined || statedValue === computed.value) return;
      problems.push({
        path,
        messageId: "stat-mismatch",
        data: {
          stat: label,
          stated: statedValue,
          computed: computed.value,
          calculation: computed.parts.map((part) => `${part.amount} ${part.label}`).join(" + "),
          key,
        },
      });
    };
    for (const [key, label, computedKey] of STAT_ROWS) {
      const row = stated[key] as { value: number } | undefined;
      compare(key, label, row?.value, derived[computedKey] as never, ["statedDerivedStats", key, "value"]);
    }
    const slots = stated.masterySlots;
    if (slots) {
      for (const board of BOARDS) {
        compare(
          `masterySlots.${board}`,
          `${board} mastery slots`,
          slots[board],
          derived.masterySlots[board],
          ["statedDerivedStats", "masterySlots", board],
        );
      }
      const total = BOARDS.reduce((sum, board) => sum + derived.masterySlots[board].value, 0);
      compare(
        "masterySlots.total",
        "total mastery slots",
        slots.total,
        { value: total, parts: [{ label: "body + mind + soul + wildcard", amount: total }] },
        ["statedDerivedStats", "masterySlots", "total"],
      );
    }
    const ancestry = (
      archetypes[data.ancestry] as { ancestryStats?: { spd?: number; sen?: number } } | undefined
    )?.ancestryStats;
    if (ancestry) {
      for (const [key, label] of [
        ["spd", "SPD"],
        ["sen", "SEN"],
      ] as const) {
        const value = ancestry[key];
        if (value !== undefined)
          compare(
            key,
            label,
            stated[key]?.value,
            { value, parts: [{ label: "from the ancestry", amount: value }] },
            ["statedDerivedStats", key, "value"],
          );
      }
    }
  }
  // masteries whose type or domain the source lost cannot be fitted: check the rest of the build
  const masteryEntries = data.masteries.flatMap((m) => {
    const found = lookup(m.mastery);
    return found && isOfKind(found, "mastery") ? [{ entry: found, board: m.board }] : [];
  });
  const masteriesKnown = masteryEntries.every(({ entry }) => entry.data.type && entry.data.domain);
  const input: BuildInput = {
    stage: data.characterRank <= 3 ? "creation" : "advanced",
    attributes: data.attributes,
    archetypes: buildArchetypesOf(data, archetypes),
    characterRank: data.characterRank,
    gear: gear.map((item): BuildGear => {
      const weapon = isOfKind(item, "weapon") ? item.data : undefined;
      const out: { -readonly [K in keyof BuildGear]: BuildGear[K] } = {
        name: item.id,
        kind: item.kind as BuildGear["kind"],
      };
      if (weapon?.weightClass) out.weightClass = weapon.weightClass;
      if (isOfKind(item, "armor")) out.armorCategory = item.data.category;
      if (weapon?.alwaysEquipped) out.free = true;
      return out;
    }),
    alwaysAvailableDomains: ALWAYS_AVAILABLE_DOMAINS,
    resonances: data.resonances ?? [],
    limitBreaks: (data.limitBreaks ?? []).map((id) => {
      const found = lookup(id);
      const prerequisite = found && isOfKind(found, "limit-break") ? found.data.prerequisite : undefined;
      return {
        name: id,
        prerequisites:
          prerequisite && "core" in prerequisite
            ? [{ core: prerequisite.core, min: prerequisite.minimum }]
            : prerequisite && "archetype" in prerequisite
              ? [{ realized: prerequisite.archetype }]
              : [],
        ...(prerequisite && "mutualBond" in prerequisite ? { mutualBond: prerequisite.mutualBond } : {}),
      };
    }),
    consumables: (data.consumables ?? []).map((id) => {
      const found = lookup(id);
      return { name: id, rarity: found && isOfKind(found, "consumable") ? found.data.rarity : undefined };
    }),
    bonds: data.bonds.map(({ target, intensity }) => ({ target, intensity })),
    ...(masteriesKnown
      ? {
          masteries: masteryEntries.map(({ entry: m, board }): BuildMastery => {
            return {
              name: m.id,
              type: m.data.type as BuildMastery["type"],
              domain: m.data.domain as string,
              slots: m.data.slotCost ?? 1,
              ...(m.data.resonance ? { category: "Resonance" } : {}),
              ...(board && board !== "bonus" ? { board } : {}),
            };
          }),
        }
      : {}),
  };
  for (const violation of checkBuild(input)) {
    if (violation.severity !== "error") continue;
    const [head] = violation.path;
    const path: CharacterPath =
      head === "attributes" ||
      head === "gear" ||
      head === "masteries" ||
      head === "archetypes" ||
      (CHOSEN_LISTS as readonly unknown[]).includes(head)
        ? violation.path.slice(0, 2)
        : head === "characterRank"
          ? ["characterRank"]
          : ["name"];
    problems.push({
      path,
      messageId: "build-violation",
      data: {
        message: violation.message.replace(/\.$/, ""),
        // a chapter by number ("ch. 08"), a catalog by name ("Spellcasting Catalog")
        where: /^(?:\d\d|[AB])$/.test(violation.chapter) ? `ch. ${violation.chapter}` : violation.chapter,
      },
    });
  }
  return { problems, derived, build: input };
}
