// Advancement by rank (ch. 13), tiers of play and merits (ch. 29)

/**
 * ch. 13: "At every even rank from character rank 4, the character can choose to gain +1 to an attribute".
 * Returns how many such increases a character of this rank has had in total.
 */
export function attributeIncreasesAt(characterRank: number): number {
  return characterRank < 4 ? 0 : Math.floor(characterRank / 2) - 1;
}

/** ch. 13: true when this rank itself grants the attribute increase. */
export function grantsAttributeIncrease(characterRank: number): boolean {
  return characterRank >= 4 && characterRank % 2 === 0;
}

/** ch. 08: "Wildcard mastery slots = 1, +1 per full 5 character ranks" (ch. 13: "At each multiple of 5"). */
export function wildcardSlotsAt(characterRank: number): number {
  return 1 + Math.floor(Math.max(0, characterRank) / 5);
}

/** ch. 13: "Starting from character rank 7, and for each multiple of 7 character ranks, gain +1 Vigor cap." */
export function bonusVigorAt(characterRank: number): number {
  return Math.floor(Math.max(0, characterRank) / 7);
}

/** ch. 05: "Max Vigor = 7. As characters rank up, their Max Vigor will increase." */
export const BASE_MAX_VIGOR = 7;

export function maxVigorAt(characterRank: number): number {
  return BASE_MAX_VIGOR + bonusVigorAt(characterRank);
}

export interface RankAdvancement {
  readonly characterRank: number;
  /** Attribute increases gained so far (ch. 13). */
  readonly attributeIncreases: number;
  readonly wildcardSlots: number;
  readonly maxVigor: number;
  /** Which of the three advance at exactly this rank ("new at this rank"). */
  readonly newAtThisRank: {
    readonly attribute: boolean;
    readonly wildcard: boolean;
    readonly vigor: boolean;
  };
}

/** One row of ch. 13's advancement table. */
export function advancementAt(characterRank: number): RankAdvancement {
  return {
    characterRank,
    attributeIncreases: attributeIncreasesAt(characterRank),
    wildcardSlots: wildcardSlotsAt(characterRank),
    maxVigor: maxVigorAt(characterRank),
    newAtThisRank: {
      attribute: grantsAttributeIncrease(characterRank),
      wildcard: characterRank > 0 && characterRank % 5 === 0,
      vigor: characterRank > 0 && characterRank % 7 === 0,
    },
  };
}

export type TierOfPlay = "Novice" | "Seasoned" | "Veteran" | "Paragon";

export interface TierRange {
  readonly tier: TierOfPlay;
  readonly from: number;
  /** Last rank of the tier; null for open-ended Paragon play. */
  readonly to: number | null;
}

/**
 * ch. 29: "Momenta organizes 18 ranks of play (CR3 to CR20) plus open-ended Paragon play (CR21+) into four
 * tiers of play"; ch. 28: "one tier of play (six character ranks)"; glossary: "Novice, Seasoned, Veteran,
 * Paragon" in that order.
 */
export const TIERS_OF_PLAY: readonly TierRange[] = [
  { tier: "Novice", from: 3, to: 8 },
  { tier: "Seasoned", from: 9, to: 14 },
  { tier: "Veteran", from: 15, to: 20 },
  { tier: "Paragon", from: 21, to: null },
];

/** The tier of play for a character rank; undefined below CR3, where the book defines no tier. */
export function tierOfPlay(characterRank: number): TierOfPlay | undefined {
  return TIERS_OF_PLAY.find((t) => characterRank >= t.from && (t.to === null || characterRank <= t.to))?.tier;
}

/** ch. 29: "For a standard "Heroic" campaign, it takes 5 merits / rank." Other difficulties are not given. */
export const HEROIC_MERITS_PER_RANK = 5;

/** Ranks bought with banked merits, and the merits left over (ch. 29). */
export function ranksFromMerits(
  merits: number,
  meritsPerRank: number = HEROIC_MERITS_PER_RANK,
): { ranks: number; leftover: number } {
  return { ranks: Math.floor(merits / meritsPerRank), leftover: merits % meritsPerRank };
}
