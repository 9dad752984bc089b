// Wound and Burden consequence rolls (ch. 21 tables) and the enemy Impaired N default (Pre-Generated Enemies)

/** ch. 21 Wound table, by 1d6. Roll 1 is "Impaired N, where N = number of Wounds you have". */
export const WOUND_TABLE = ["Impaired", "Hindered", "Exhausted", "Slowed", "Shrouded", "Broken"] as const;
export type WoundCondition = (typeof WOUND_TABLE)[number];

/** ch. 21 Affliction table, by 1d6. */
export const AFFLICTION_TABLE = [
  "Paranoid",
  "Reckless",
  "Obsessed",
  "Terrified",
  "Withdrawn",
  "Bloodthirsty",
] as const;
export type AfflictionName = (typeof AFFLICTION_TABLE)[number];

function faceOf(d6: number): number {
  if (!Number.isInteger(d6) || d6 < 1 || d6 > 6) throw new RangeError(`not a d6 result: ${d6}`);
  return d6 - 1;
}

export type WoundRollResult =
  /** The character now has `stacks` of the condition: Impaired is reset to N, not added to. */
  | { readonly kind: "gain"; readonly condition: WoundCondition; readonly stacks: number }
  | { readonly kind: "unchanged"; readonly condition: "Impaired" }
  | { readonly kind: "reroll"; readonly condition: WoundCondition };

/**
 * Reads one Wound-table roll (ch. 21). "If the character rolls a condition that they currently have: For
 * Impaired N, if N is greater than the current Impaired stacks, then the number of stacks gets reset to N. For
 * other conditions, the character rerolls." An Impaired N not above the current stacks changes nothing.
 * `current` maps condition name → stacks the character has now; `wounds` includes the Wound just taken.
 */
export function woundConsequence(
  d6: number,
  wounds: number,
  current: Readonly<Record<string, number>>,
): WoundRollResult {
  const condition = WOUND_TABLE[faceOf(d6)] as WoundCondition;
  const have = current[condition] ?? 0;
  if (condition === "Impaired") {
    if (have === 0 || wounds > have) return { kind: "gain", condition, stacks: wounds };
    return { kind: "unchanged", condition };
  }
  if (have > 0) return { kind: "reroll", condition };
  return { kind: "gain", condition, stacks: 1 };
}

/** ch. 21: "If the character rolls an Affliction that they already possess, then they have to reroll again." */
export function afflictionRoll(
  d6: number,
  possessed: readonly string[],
): { readonly kind: "gain" | "reroll"; readonly affliction: AfflictionName } {
  const affliction = AFFLICTION_TABLE[faceOf(d6)] as AfflictionName;
  return { kind: possessed.includes(affliction) ? "reroll" : "gain", affliction };
}

/**
 * Pre-Generated Enemies: "if there is no special Wound Effect listed, then the creature gains the Impaired N
 * condition, where N = number of Wound slots now filled"; Burdens likewise give "Impaired N, where N = number of
 * Burden slots now filled". Enemies "never roll on the Wound or Burden consequence tables".
 */
export function enemyDefaultImpaired(slotsFilled: number): { condition: "Impaired"; stacks: number } {
  return { condition: "Impaired", stacks: slotsFilled };
}
