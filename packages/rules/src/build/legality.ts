// Build legality (ch. 07, 08, 11, 12, 13, 26): every broken rule of a character build, returned as data
import { attributeIncreasesAt } from "../stats/advancement.ts";
import { ATTRIBUTE_NAMES, coresOf } from "../stats/attributes.ts";
import { characterRankOf, deriveStats } from "../stats/derived.ts";
import type {
  BonusSlotGroup,
  BuildArchetype,
  BuildGear,
  BuildInput,
  BuildMastery,
  MasteryType,
  TypeBoard,
  Violation,
  ViolationCode,
} from "./types.ts";

/** ch. 12 Step 0: "Most standard "Heroic" campaigns will start at Rank 3." */
export const DEFAULT_STARTING_RANK = 3;
/** ch. 12 Step 2: "A starting Rank 3 character will have 4 attribute points". */
export const RANK_3_ATTRIBUTE_POINTS = 4;
/** ch. 12 Step 3: "No single attribute may exceed 3 at character creation." */
export const CREATION_ATTRIBUTE_CAP = 3;
/** ch. 12 Equilibrium Rule: "the difference between your highest and lowest core … cannot exceed 4." */
export const EQUILIBRIUM_MAX_SPREAD = 4;
/** ch. 07 / glossary "Realized — An archetype at its third rank." */
export const DEFAULT_MAX_ARCHETYPE_RANK = 3;
/**
 * Slots a Resonance's access mastery may cost. Spellcasting Catalog (content/rules/catalog-spellcasting.mdx):
 * "price access at 1 mastery slot (2 for rare and powerful ones), and ship each new Resonance with its access mastery".
 */
export const RESONANCE_ACCESS_SLOT_COSTS: readonly number[] = [1, 2];

function v(
  code: ViolationCode,
  chapter: string,
  message: string,
  path: (string | number)[] = [],
  severity: Violation["severity"] = "error",
): Violation {
  return { code, severity, message, path, chapter };
}

/** Names and ids compare alike: "Martial" ≡ "mastery-domain/martial", "Warrior" ≡ "archetype/warrior". */
export function normalizeKey(nameOrId: string): string {
  return nameOrId
    .replace(/^[a-z-]+\//, "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "-");
}

/** ch. 11: "Light, Medium and Heavy weapons - Takes 1 gear slot to equip. Superheavy weapons - Takes 2". */
export function weaponGearSlots(weightClass: string | undefined): number {
  return weightClass === "Superheavy" ? 2 : 1;
}

/**
 * Gear slots a loadout occupies (ch. 11). Combination weapons: "The assembled combination weapon occupies one
 * fewer gear slot than the sum of its parts (minimum 1)". Free (Unarmed Attack) and improvised weapons take
 * none; wondrous items have their own slots.
 */
export function gearSlotsUsed(gear: readonly BuildGear[]): number {
  let used = 0;
  const combos = new Map<string, number>();
  for (const item of gear) {
    if (item.free || item.improvised || item.kind === "wondrous") continue;
    const cost = item.kind === "weapon" ? weaponGearSlots(item.weightClass) : 1;
    if (item.kind === "weapon" && item.combination) {
      combos.set(item.combination, (combos.get(item.combination) ?? 0) + cost);
    } else used += cost;
  }
  for (const parts of combos.values()) used += Math.max(1, parts - 1);
  return used;
}

function checkRanksAndAttributes(input: BuildInput, out: Violation[]): void {
  const sum = characterRankOf(input.archetypes);
  const cr = input.characterRank ?? sum;
  if (cr !== sum) {
    out.push(
      v("rank-mismatch", "07", `character rank ${cr} is not the sum of archetype ranks (${sum})`, [
        "characterRank",
      ]),
    );
  }
  input.archetypes.forEach((a, i) => {
    const max = a.maxRank ?? DEFAULT_MAX_ARCHETYPE_RANK;
    if (!Number.isInteger(a.rank) || a.rank < 1 || a.rank > max) {
      out.push(
        v("archetype-rank", "07", `${a.name} R${a.rank} is outside R1–R${max}`, ["archetypes", i, "rank"]),
      );
    }
  });
  const ancestries = input.archetypes.filter((a) => a.type === "ancestry");
  if (ancestries.length === 0) {
    out.push(
      v("ancestry-required", "12", "every character must choose an ancestry archetype (ch. 12 Step 4)", [
        "archetypes",
      ]),
    );
  }
  const startingRank = input.startingRank ?? DEFAULT_STARTING_RANK;
  if (input.stage === "creation" && sum !== startingRank) {
    out.push(
      v(
        "starting-rank",
        "12",
        `starting archetype ranks add up to ${sum}, not the starting rank ${startingRank}`,
        ["archetypes"],
      ),
    );
  }

  for (const name of ATTRIBUTE_NAMES) {
    const value = input.attributes[name];
    if (value < 0) {
      out.push(
        v("attribute-negative", "05", `${name} is ${value}; "Attributes cannot be lower than 0"`, [
          "attributes",
          name,
        ]),
      );
    }
    if (input.stage === "creation" && value > CREATION_ATTRIBUTE_CAP) {
      out.push(
        v(
          "creation-cap",
          "12",
          `${name} is ${value}; "No single attribute may exceed ${CREATION_ATTRIBUTE_CAP} at character creation"`,
          ["attributes", name],
        ),
      );
    }
  }

  const points = input.startingAttributePoints ?? (startingRank === 3 ? RANK_3_ATTRIBUTE_POINTS : undefined);
  if (points !== undefined) {
    // ch. 13: one more point "at every even rank from character rank 4" above the starting rank.
    const expected =
      input.stage === "creation"
        ? points
        : points + attributeIncreasesAt(cr) - attributeIncreasesAt(startingRank);
    const total = ATTRIBUTE_NAMES.reduce((t, name) => t + input.attributes[name], 0);
    if (total > expected) {
      out.push(
        v(
          "attribute-points",
          input.stage === "creation" ? "12" : "13",
          `attributes total ${total}; at most ${expected} points are available`,
          ["attributes"],
        ),
      );
    } else if (total < expected) {
      out.push(
        v(
          "attribute-points",
          input.stage === "creation" ? "12" : "13",
          `attributes total ${total}; ${expected - total} of ${expected} points are unspent`,
          ["attributes"],
          "warning",
        ),
      );
    }
  }

  const cores = coresOf(input.attributes);
  const values = [cores.BODY, cores.MIND, cores.SOUL];
  const spread = Math.max(...values) - Math.min(...values);
  if (spread > EQUILIBRIUM_MAX_SPREAD) {
    out.push(
      v(
        "equilibrium",
        "12",
        `BODY ${cores.BODY}, MIND ${cores.MIND}, SOUL ${cores.SOUL}: highest and lowest core differ by ${spread}, more than ${EQUILIBRIUM_MAX_SPREAD}`,
        ["attributes"],
      ),
    );
  }
}

interface Board {
  readonly key: string;
  readonly capacity: number;
  readonly accepts: (m: BuildMastery) => boolean;
  readonly group?: BonusSlotGroup;
}

function boardsOf(input: BuildInput, slots: Record<MasteryType | "wildcard", number>): Board[] {
  const typeBoard = (t: MasteryType): Board => ({ key: t, capacity: slots[t], accepts: (m) => m.type === t });
  const boards: Board[] = [
    typeBoard("body"),
    typeBoard("mind"),
    typeBoard("soul"),
    // ch. 08: "Wildcard mastery slots can contain masteries of any type."
    { key: "wildcard", capacity: slots.wildcard, accepts: () => true },
  ];
  for (const a of input.archetypes) {
    for (const group of a.bonusSlots ?? []) {
      boards.push({
        key: `bonus:${group.id}`,
        capacity: group.count,
        accepts: (m) => m.category !== undefined && group.accepts.includes(m.category),
        group,
      });
    }
  }
  return boards;
}

/** Places masteries without a stated board, most expensive first; null when nothing fits (ch. 08). */
function fitMasteries(
  pending: readonly BuildMastery[],
  boards: readonly Board[],
  free: Map<string, number>,
): boolean {
  const order = [...pending].sort((a, b) => (b.slots ?? 1) - (a.slots ?? 1));
  const place = (i: number): boolean => {
    const m = order[i];
    if (!m) return true;
    const cost = m.slots ?? 1;
    for (const board of boards) {
      const left = free.get(board.key) ?? 0;
      // ch. 08: "The slot cost must be paid entirely within a single type board".
      if (left >= cost && board.accepts(m)) {
        free.set(board.key, left - cost);
        if (place(i + 1)) return true;
        free.set(board.key, left);
      }
    }
    return false;
  };
  return place(0);
}

function checkMasteries(input: BuildInput, out: Violation[]): void {
  const masteries = input.masteries ?? [];
  const cr = input.characterRank ?? characterRankOf(input.archetypes);
  const wildcardBonus = input.archetypes.reduce((t, a) => t + (a.wildcardSlots ?? 0), 0);
  const stats = deriveStats({
    attributes: input.attributes,
    characterRank: cr,
    bonuses: [
      ...(input.bonuses ?? []),
      ...(wildcardBonus
        ? [{ stat: "wildcardSlots" as const, amount: wildcardBonus, source: "archetype abilities" }]
        : []),
    ],
  });
  const boards = boardsOf(input, {
    body: stats.masterySlots.body.value,
    mind: stats.masterySlots.mind.value,
    soul: stats.masterySlots.soul.value,
    wildcard: stats.masterySlots.wildcard.value,
  });
  const byKey = new Map(boards.map((b) => [b.key, b]));
  const used = new Map<string, number>();
  const pending: BuildMastery[] = [];

  const domains = new Set(
    [
      ...(input.alwaysAvailableDomains ?? ["General"]),
      ...input.archetypes.flatMap((a) => a.masteryDomains ?? []),
    ].map(normalizeKey),
  );

  masteries.forEach((m, i) => {
    // ch. 08: "Access to masteries in different domains are granted by the character's archetypes."
    const inBonus = m.board?.startsWith("bonus:") ?? false;
    if (!inBonus && !domains.has(normalizeKey(m.domain))) {
      out.push(
        v(
          "mastery-domain",
          "08",
          `${m.name} is in the ${m.domain} domain, which none of the archetypes grants`,
          ["masteries", i, "domain"],
        ),
      );
    }
    if (m.category === "Resonance" && !RESONANCE_ACCESS_SLOT_COSTS.includes(m.slots ?? 1)) {
      out.push(
        v(
          "resonance-access-cost",
          "Spellcasting Catalog",
          `${m.name} gives access to a Resonance for ${m.slots} slots; access costs 1 mastery slot (2 for rare and powerful ones)`,
          ["masteries", i, "slots"],
        ),
      );
    }
    if (!m.board) {
      pending.push(m);
      return;
    }
    const board = byKey.get(m.board);
    if (!board) {
      out.push(
        v(
          "mastery-board-type",
          "08",
          `${m.name} is slotted into ${m.board}, which this build does not have`,
          ["masteries", i, "board"],
        ),
      );
      return;
    }
    if (!board.accepts(m)) {
      const code = board.group ? "mastery-bonus-restriction" : "mastery-board-type";
      const what = board.group
        ? `bonus slots from ${board.group.source} only hold ${board.group.accepts.join(" or ")}`
        : `${board.key} mastery slots "can only contain masteries of the corresponding type" (${m.name} is ${m.type})`;
      out.push(v(code, "08", `${m.name}: ${what}`, ["masteries", i, "board"]));
    }
    used.set(board.key, (used.get(board.key) ?? 0) + (m.slots ?? 1));
  });

  const free = new Map<string, number>();
  for (const board of boards) {
    const u = used.get(board.key) ?? 0;
    if (u > board.capacity) {
      out.push(
        v(
          "mastery-board-overfull",
          "08",
          `${u} slots used on the ${board.key} board, which has ${board.capacity}`,
          ["masteries"],
        ),
      );
    }
    free.set(board.key, Math.max(0, board.capacity - u));
  }
  if (pending.length > 0 && !fitMasteries(pending, boards, free)) {
    out.push(
      v(
        "mastery-no-fit",
        "08",
        `no way to slot ${pending.map((m) => m.name).join(", ")}: each mastery's full cost must fit on one board`,
        ["masteries"],
      ),
    );
  }

  for (const board of boards) {
    for (const need of board.group?.requires ?? []) {
      const have = masteries.filter((m) => m.board === board.key && m.category === need.category).length;
      if (have < need.min) {
        out.push(
          v(
            "mastery-bonus-requirement",
            "08",
            `bonus slots from ${board.group?.source} need at least ${need.min} ${need.category} (have ${have})`,
            ["masteries"],
          ),
        );
      }
    }
  }
}

function checkGear(input: BuildInput, out: Violation[]): void {
  const gear = input.gear ?? [];
  const cr = input.characterRank ?? characterRankOf(input.archetypes);
  const stats = deriveStats({
    attributes: input.attributes,
    characterRank: cr,
    bonuses: input.bonuses ?? [],
  });
  const used = gearSlotsUsed(gear);
  if (used > stats.gearSlots.value) {
    out.push(
      v("gear-slots", "11", `gear takes ${used} gear slots; the character has ${stats.gearSlots.value}`, [
        "gear",
      ]),
    );
  }
  const armors = gear.filter((g) => g.kind === "armor");
  if (armors.length > 1) {
    out.push(
      v("armor-count", "11", `${armors.length} armors equipped; "they can only equip one armor at a time"`, [
        "gear",
      ]),
    );
  }
  // ch. 11: "By default, characters only have access to Light weapons, and Standard armor."
  const weightClasses = new Set<string>([
    "Light",
    ...input.archetypes.flatMap((a) => a.weaponWeightClasses ?? []),
  ]);
  const armorCategories = new Set<string>([
    "Standard",
    ...input.archetypes.flatMap((a) => a.armorCategories ?? []),
  ]);
  const foci = input.archetypes.some((a) => a.spellFoci);
  const improvised = gear.filter((g) => g.improvised);
  if (improvised.length > 1) {
    out.push(
      v("improvised", "11", `"Every character can at most only have one improvised weapon at a time"`, [
        "gear",
      ]),
    );
  }
  // ch. 05 "Wondrous Item Slots = MIND"; Equipment Catalog (content/rules/catalog-equipment.mdx): "A character has
  // a number of wondrous item slots equal to their MIND value."
  const wondrous = gear.filter((g) => g.kind === "wondrous").length;
  if (wondrous > stats.wondrousSlots.value) {
    out.push(
      v(
        "wondrous-slots",
        "05",
        `${wondrous} wondrous items; wondrous item slots = MIND = ${stats.wondrousSlots.value}`,
        ["gear"],
      ),
    );
  }
  gear.forEach((g, i) => {
    if (g.improvised && g.weightClass === "Superheavy") {
      out.push(
        v("improvised", "11", `"Superheavy weapons profiles cannot be used for improvised weapons"`, [
          "gear",
          i,
        ]),
      );
    }
    if (
      g.kind === "weapon" &&
      !g.free &&
      !g.improvised &&
      g.weightClass &&
      !weightClasses.has(g.weightClass)
    ) {
      out.push(
        v(
          "weapon-access",
          "11",
          `${g.name} is a ${g.weightClass} weapon; no archetype grants ${g.weightClass} weapons`,
          ["gear", i],
        ),
      );
    }
    if (g.kind === "armor" && g.armorCategory && !armorCategories.has(g.armorCategory)) {
      out.push(
        v("armor-access", "11", `${g.name} is ${g.armorCategory} armor; no archetype grants it`, ["gear", i]),
      );
    }
    if (g.kind === "focus" && !foci) {
      out.push(
        v("focus-access", "11", `${g.name} is a spell focus; only spellcasting archetypes may equip foci`, [
          "gear",
          i,
        ]),
      );
    }
  });
}

function isRealized(a: BuildArchetype): boolean {
  return a.rank >= (a.maxRank ?? DEFAULT_MAX_ARCHETYPE_RANK);
}

function checkLimitBreaks(input: BuildInput, out: Violation[]): void {
  const lbs = input.limitBreaks ?? [];
  const cores = coresOf(input.attributes);
  lbs.forEach((lb, i) => {
    for (const pre of lb.prerequisites) {
      if ("core" in pre) {
        if (cores[pre.core] < pre.min) {
          out.push(
            v(
              "limit-break-prerequisite",
              "26",
              `${lb.name} needs ${pre.core} ${pre.min}; the character has ${cores[pre.core]}`,
              ["limitBreaks", i],
            ),
          );
        }
      } else {
        const a = input.archetypes.find((x) => normalizeKey(x.name) === normalizeKey(pre.realized));
        if (!a || !isRealized(a)) {
          out.push(
            v(
              "limit-break-prerequisite",
              "26",
              `${lb.name} needs ${pre.realized} realized (at its maximum rank)`,
              ["limitBreaks", i],
            ),
          );
        }
      }
    }
  });
  // ch. 25: "Two characters who hold mutual Bond 4+ toward each other may perform Combo Limit Breaks"; one file
  // holds only its own side of a Bond, so the check is that this character holds a Bond that strong
  const strongest = Math.max(0, ...(input.bonds ?? []).map((b) => b.intensity));
  lbs.forEach((lb, i) => {
    if (lb.mutualBond !== undefined && strongest < lb.mutualBond) {
      out.push(
        v(
          "combo-bond",
          "25",
          `${lb.name} is a Combo Limit Break; "Two characters who hold mutual Bond ${lb.mutualBond}+ toward each other may perform Combo Limit Breaks", and no Bond here is ${lb.mutualBond} or higher`,
          ["limitBreaks", i],
        ),
      );
    }
  });
  if (input.limitBreakSlots !== undefined && lbs.length > input.limitBreakSlots) {
    out.push(
      v("limit-break-slots", "26", `${lbs.length} Limit Breaks equipped; ${input.limitBreakSlots} slots`, [
        "limitBreaks",
      ]),
    );
  }
}

function checkResonances(input: BuildInput, out: Violation[]): void {
  const resonances = input.resonances ?? [];
  // path archetypes that grant spellcasting lift the cap (Elf R3 Innate Spellcasting)
  const pathCaster = input.archetypes.some((a) => a.type !== "ancestry" && a.spellcasting);
  if (pathCaster) return;
  for (const a of input.archetypes) {
    const limit = a.resonanceLimit;
    if (!limit || resonances.length <= limit.count) continue;
    out.push(
      v(
        "resonance-limit",
        "Archetypes Catalog",
        `${resonances.length} Resonances; ${limit.source} gives ${limit.count}: "You may not take additional Resonances unless you have a path archetype that grants spellcasting"`,
        ["resonances", limit.count],
      ),
    );
  }
}

function checkConsumables(input: BuildInput, out: Violation[]): void {
  (input.consumables ?? []).forEach((c, i) => {
    if (c.rarity !== "common") return;
    out.push(
      v(
        "common-consumable",
        "11",
        `${c.name} is a common consumable; "It is assumed that adventurers will have access to all of the common consumables"`,
        ["consumables", i],
      ),
    );
  });
}

/**
 * Every rule the build breaks, as data (empty when legal): ranks and attributes (ch. 05, 07, 12, 13), mastery
 * slots, boards and domains (ch. 08), gear and consumables (ch. 11), Limit Break prerequisites (ch. 25, 26), the
 * Resonances an innate spellcaster may take (Archetypes Catalog).
 */
export function checkBuild(input: BuildInput): Violation[] {
  const out: Violation[] = [];
  checkRanksAndAttributes(input, out);
  checkMasteries(input, out);
  checkGear(input, out);
  checkLimitBreaks(input, out);
  checkResonances(input, out);
  checkConsumables(input, out);
  return out;
}

export type { TypeBoard };
