// Strain (ch. 05, 21, 22): Burdens with carry-over, Lost, and the Faltering / Unraveling end-of-turn checks
import { luckRollDistribution } from "../dice/successes.ts";
import type { HarmState } from "./damage.ts";

export interface StrainResult {
  readonly state: HarmState;
  readonly newBurdens: number;
  readonly becameLost: boolean;
  /** ch. 21: true when this Strain filled the last Burden slot (the creature gains Unraveling 1). */
  readonly gainedUnraveling: boolean;
}

/**
 * Gains Strain (ch. 21). Guard, resistance and weakness never apply to Strain (ch. 20). "Whenever a character's
 * Strain reaches or exceeds Max Strain" a Burden fills a slot and Strain resets, excess carried over; with no
 * Burden slot left the creature is Lost: Strain 0 and Unraveling cleared (ch. 22). "While you are Lost, you
 * cannot gain Strain from any source".
 */
export function applyStrain(state: HarmState, amount: number): StrainResult {
  const gained = Math.max(0, Math.floor(amount));
  if (state.lost || gained === 0) return { state, newBurdens: 0, becameLost: false, gainedUnraveling: false };
  let { strain, burdens, unraveling } = state;
  let newBurdens = 0;
  let gainedUnraveling = false;
  strain += gained;
  while (strain >= state.maxStrain) {
    if (burdens >= state.burdenSlots) {
      return {
        state: { ...state, strain: 0, burdens, unraveling: 0, lost: true },
        newBurdens,
        becameLost: true,
        gainedUnraveling,
      };
    }
    burdens += 1;
    newBurdens += 1;
    // "Strain resets, and if there is excess Strain, the character will have to take it."
    strain -= state.maxStrain;
    if (burdens === state.burdenSlots) {
      unraveling += 1;
      gainedUnraveling = true;
    }
  }
  return {
    state: { ...state, strain, burdens, unraveling },
    newBurdens,
    becameLost: false,
    gainedUnraveling,
  };
}

export type TrackCheckOutcome = "safe" | "survived" | "fell";

/**
 * ch. 22 Faltering / Unraveling end-of-turn check: "roll a single 1d6. If you roll above the number of … stacks,
 * you are safe and add 1 to your … stack. Otherwise … Make a luck roll, and if you get 0 successes, immediately
 * gain the Defeated [Lost] condition. Otherwise, add 1". `luckSuccesses` is only read when the d6 fails.
 */
export function trackCheck(
  stacks: number,
  d6: number,
  luckSuccesses: number,
): { outcome: TrackCheckOutcome; stacks: number } {
  if (d6 > stacks) return { outcome: "safe", stacks: stacks + 1 };
  if (luckSuccesses <= 0) return { outcome: "fell", stacks };
  return { outcome: "survived", stacks: stacks + 1 };
}

/**
 * P(falling — Defeated for Faltering, Lost for Unraveling — at one check): P(d6 ≤ stacks) × P(luck roll of 0
 * successes). Cursed luck rolls always give 0 successes (ch. 22).
 */
export function trackCheckFallProbability(
  stacks: number,
  luck: number,
  options: { cursed?: boolean } = {},
): number {
  const pAtRisk = Math.min(6, Math.max(0, stacks)) / 6;
  return pAtRisk * (luckRollDistribution(luck, options)[0] ?? 0);
}
