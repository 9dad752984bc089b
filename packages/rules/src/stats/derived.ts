// Derived stats (ch. 05, 08, 12, 13, 18): every stat with the parts it is summed from, like ch. 12's table
import { maxVigorAt, wildcardSlotsAt } from "./advancement.ts";
import { type Attributes, coresOf, half } from "./attributes.ts";

/** Stats that archetype ranks, armor, masteries or items can raise. */
export type BonusStat =
  | "maxVitality"
  | "maxStrain"
  | "maxGuard"
  | "resolve"
  | "maxVigor"
  | "woundSlots"
  | "burdenSlots"
  | "gearSlots"
  | "wondrousSlots"
  | "consumablePoints"
  | "maxBonds"
  | "wildcardSlots";

/** One bonus and where it comes from, e.g. { stat: "maxGuard", amount: 2, source: "Chain Shirt" }. */
export interface StatBonus {
  readonly stat: BonusStat;
  readonly amount: number;
  readonly source: string;
}

/** An archetype as far as stats care: its rank and the Bonuses line of each rank (Archetypes catalog). */
export interface ArchetypeRanks {
  readonly name: string;
  readonly rank: number;
  /** bonusesByRank[0] is the RANK 1 Bonuses line, e.g. Warrior: { maxVitality: 1, maxGuard: 1 }. */
  readonly bonusesByRank: readonly Partial<Record<BonusStat, number>>[];
}

/** Every bonus the held ranks grant, labelled "R1 Half-Elf", "R2 Warrior" as ch. 12 writes them. */
export function archetypeBonuses(archetypes: readonly ArchetypeRanks[]): StatBonus[] {
  const out: StatBonus[] = [];
  for (const a of archetypes) {
    for (let r = 1; r <= a.rank; r++) {
      const line = a.bonusesByRank[r - 1] ?? {};
      for (const [stat, amount] of Object.entries(line) as [BonusStat, number][]) {
        if (amount) out.push({ stat, amount, source: `R${r} ${a.name}` });
      }
    }
  }
  return out;
}

/** ch. 07: "your character rank (CR) is the sum of all of your archetype ranks (R)." */
export function characterRankOf(archetypes: readonly { readonly rank: number }[]): number {
  return archetypes.reduce((total, a) => total + a.rank, 0);
}

export interface StatPart {
  readonly label: string;
  readonly amount: number;
}

/** A derived stat's value and the parts that sum to it (the "Calculation" column of ch. 12). */
export interface StatLine {
  readonly value: number;
  readonly parts: readonly StatPart[];
}

export interface DerivedStatsInput {
  readonly attributes: Attributes;
  readonly characterRank: number;
  readonly bonuses?: readonly StatBonus[];
}

export interface DerivedStats {
  readonly cores: { readonly BODY: number; readonly MIND: number; readonly SOUL: number };
  readonly maxVitality: StatLine;
  readonly maxStrain: StatLine;
  readonly woundSlots: StatLine;
  readonly burdenSlots: StatLine;
  readonly resolve: StatLine;
  readonly maxVigor: StatLine;
  readonly vigorRegain: StatLine;
  readonly maxGuard: StatLine;
  readonly gearSlots: StatLine;
  readonly wondrousSlots: StatLine;
  readonly consumablePoints: StatLine;
  readonly maxBonds: StatLine;
  readonly masterySlots: {
    readonly body: StatLine;
    readonly mind: StatLine;
    readonly soul: StatLine;
    readonly wildcard: StatLine;
  };
}

function line(base: StatPart, stat: BonusStat | null, bonuses: readonly StatBonus[]): StatLine {
  const parts: StatPart[] = [base];
  if (stat) for (const b of bonuses) if (b.stat === stat) parts.push({ label: b.source, amount: b.amount });
  return { value: parts.reduce((total, p) => total + p.amount, 0), parts };
}

/** ch. 05 "Wound Slots = 3", "Burden Slots = 3", "Gear Slots = 3", "Consumable Points = 2". */
export const DEFAULT_WOUND_SLOTS = 3;
export const DEFAULT_BURDEN_SLOTS = 3;
export const DEFAULT_GEAR_SLOTS = 3;
export const DEFAULT_CONSUMABLE_POINTS = 2;

/**
 * Every derived stat of a character (ch. 05 formulas, ch. 08 mastery slots, ch. 13 rank advancement, ch. 18
 * Vigor regain). Attribute values already include any increases taken at even ranks.
 */
export function deriveStats(input: DerivedStatsInput): DerivedStats {
  const bonuses = input.bonuses ?? [];
  const cores = coresOf(input.attributes);
  const { BODY, MIND, SOUL } = cores;
  const cr = input.characterRank;
  return {
    cores,
    // ch. 05: "Max Vitality = (BODY + 3) × 3"
    maxVitality: line({ label: "(BODY + 3) × 3", amount: (BODY + 3) * 3 }, "maxVitality", bonuses),
    // ch. 05: "Max Strain = MIND + SOUL + 3"
    maxStrain: line({ label: "MIND + SOUL + 3", amount: MIND + SOUL + 3 }, "maxStrain", bonuses),
    woundSlots: line({ label: "Default starting value", amount: DEFAULT_WOUND_SLOTS }, "woundSlots", bonuses),
    burdenSlots: line(
      { label: "Default starting value", amount: DEFAULT_BURDEN_SLOTS },
      "burdenSlots",
      bonuses,
    ),
    // ch. 05: "Resolve = SOUL + 8"
    resolve: line({ label: "SOUL + 8", amount: SOUL + 8 }, "resolve", bonuses),
    // ch. 05 "Max Vigor = 7", ch. 13 "+1 Vigor cap" per multiple of 7 ranks
    maxVigor: line({ label: `Max Vigor at CR${cr}`, amount: maxVigorAt(cr) }, "maxVigor", bonuses),
    // ch. 18: "Regains Vigor equal to 3 + (BODY / 2)"
    vigorRegain: line({ label: "3 + (BODY / 2)", amount: 3 + half(BODY) }, null, bonuses),
    // ch. 05: "Max Guard = 0"; armor and abilities add to it
    maxGuard: line({ label: "Base Max Guard", amount: 0 }, "maxGuard", bonuses),
    gearSlots: line({ label: "Default starting value", amount: DEFAULT_GEAR_SLOTS }, "gearSlots", bonuses),
    // ch. 05: "Wondrous Item Slots = MIND"
    wondrousSlots: line({ label: "MIND", amount: MIND }, "wondrousSlots", bonuses),
    consumablePoints: line(
      { label: "Default starting value", amount: DEFAULT_CONSUMABLE_POINTS },
      "consumablePoints",
      bonuses,
    ),
    // ch. 05: "Max Bonds = SOUL + 3"
    maxBonds: line({ label: "SOUL + 3", amount: SOUL + 3 }, "maxBonds", bonuses),
    // ch. 08: "Body mastery slots = BODY", "Mind … = MIND", "Soul … = SOUL", wildcard 1 + 1 per full 5 CR
    masterySlots: {
      body: line({ label: "BODY", amount: BODY }, null, bonuses),
      mind: line({ label: "MIND", amount: MIND }, null, bonuses),
      soul: line({ label: "SOUL", amount: SOUL }, null, bonuses),
      wildcard: line(
        { label: `1 + 1 per full 5 CR (CR${cr})`, amount: wildcardSlotsAt(cr) },
        "wildcardSlots",
        bonuses,
      ),
    },
  };
}
