// Success distributions of a d6 pool (ch. 03): exact rationals, fast doubles, result bands, opposed and luck rolls
import { type Fraction, fraction, ONE, sub, toNumber } from "./fraction.ts";

/** ch. 03: "Each die showing 5 or 6 is a success." */
export const SUCCESS_FACES = 2;
export const DIE_FACES = 6;

/** A result band of a roll's effect ladder (ch. 03). */
export type ResultBand = "0s" | "1s" | "2s" | "3+";
export const RESULT_BANDS: readonly ResultBand[] = ["0s", "1s", "2s", "3+"];

/**
 * ch. 03, Rolling with Zero Dice: "Roll 2d6 and take the lowest die. If the lowest die is a 5 or 6, it counts
 * as one success." Both dice must show 5 or 6: (2/6)² = 1/9, the book's "11% for 1 success, 89% for 0".
 */
export const ZERO_DICE_SUCCESS: Fraction = fraction(BigInt(SUCCESS_FACES ** 2), BigInt(DIE_FACES ** 2));

/** ch. 03: a pool of 0 dice "or fewer" uses the zero-dice rule. */
export function usesZeroDiceRule(pool: number): boolean {
  return pool <= 0;
}

function assertPool(pool: number): void {
  if (!Number.isInteger(pool)) throw new RangeError(`dice pool must be an integer, got ${pool}`);
}

function binomialRow(n: number): bigint[] {
  const row: bigint[] = [1n];
  for (let k = 1; k <= n; k++) row.push(((row[k - 1] as bigint) * BigInt(n - k + 1)) / BigInt(k));
  return row;
}

/**
 * ch. 03: exact P(k successes) for k = 0…pool, as reduced fractions. P(k) = C(n,k)·2^k·4^(n−k) / 6^n.
 * Pools of 0 or fewer follow the zero-dice rule: [8/9, 1/9].
 */
export function successDistributionExact(pool: number): Fraction[] {
  assertPool(pool);
  if (usesZeroDiceRule(pool)) return [sub(ONE, ZERO_DICE_SUCCESS), ZERO_DICE_SUCCESS];
  const hit = BigInt(SUCCESS_FACES);
  const miss = BigInt(DIE_FACES - SUCCESS_FACES);
  const den = BigInt(DIE_FACES) ** BigInt(pool);
  return binomialRow(pool).map((c, k) => fraction(c * hit ** BigInt(k) * miss ** BigInt(pool - k), den));
}

const P_HIT = SUCCESS_FACES / DIE_FACES;

/**
 * ch. 03: P(k successes) for k = 0…pool as doubles, built die by die (each added die shifts the row);
 * agrees with {@link successDistributionExact} within 1e-14 for pools up to 200. O(pool²), no caching.
 */
export function successDistribution(pool: number): readonly number[] {
  assertPool(pool);
  if (usesZeroDiceRule(pool)) return [1 - toNumber(ZERO_DICE_SUCCESS), toNumber(ZERO_DICE_SUCCESS)];
  let row = [1];
  for (let n = 1; n <= pool; n++) {
    const next = new Array<number>(n + 1).fill(0);
    for (let k = 0; k < row.length; k++) {
      const p = row[k] as number;
      next[k] = (next[k] as number) + p * (1 - P_HIT);
      next[k + 1] = (next[k + 1] as number) + p * P_HIT;
    }
    row = next;
  }
  return row;
}

/** P(at least k successes) for a distribution of (effective) successes. */
export function probabilityAtLeastOf(dist: readonly number[], k: number): number {
  let total = 0;
  for (let i = Math.max(0, k); i < dist.length; i++) total += dist[i] as number;
  return Math.min(1, total);
}

/** P(at least k successes) for a pool (ch. 03). */
export function probabilityAtLeast(pool: number, k: number): number {
  return probabilityAtLeastOf(successDistribution(pool), k);
}

/** P(at least k) for k = 1 … the most successes a distribution allows (index 0 is k = 1). */
export function atLeastDistributionOf(dist: readonly number[]): number[] {
  const out: number[] = [];
  for (let k = 1; k < dist.length; k++) out.push(probabilityAtLeastOf(dist, k));
  return out;
}

/** ch. 03: the result band a number of (effective) successes falls in. */
export function resultBand(successes: number): ResultBand {
  if (successes <= 0) return "0s";
  if (successes === 1) return "1s";
  if (successes === 2) return "2s";
  return "3+";
}

/** ch. 24 Art template: "OF: Overflow - any additional effects per additional success above 3." */
export function overflowSuccesses(successes: number): number {
  return Math.max(0, successes - 3);
}

export interface BandProbabilities {
  readonly "0s": number;
  readonly "1s": number;
  readonly "2s": number;
  readonly "3+": number;
  /** P(at least one overflow success), i.e. 4+ successes. */
  readonly overflow: number;
  /** Expected number of overflow successes (each pays the OF line once). */
  readonly expectedOverflow: number;
}

/** Probability of each result band, and of overflow, for a distribution of successes (ch. 03). */
export function bandProbabilitiesOf(dist: readonly number[]): BandProbabilities {
  let three = 0;
  let overflow = 0;
  let expectedOverflow = 0;
  for (let k = 3; k < dist.length; k++) {
    const p = dist[k] as number;
    three += p;
    if (k > 3) {
      overflow += p;
      expectedOverflow += p * (k - 3);
    }
  }
  return {
    "0s": dist[0] ?? 0,
    "1s": dist[1] ?? 0,
    "2s": dist[2] ?? 0,
    "3+": three,
    overflow,
    expectedOverflow,
  };
}

/** Probability of each result band for a pool (ch. 03). */
export function bandProbabilities(pool: number): BandProbabilities {
  return bandProbabilitiesOf(successDistribution(pool));
}

/**
 * ch. 03 Modifiers: "add them all together (with bonuses netting out penalties), then roll." The result may be
 * 0 or negative; rolling it then uses the zero-dice rule.
 */
export function actionRollPool(attribute: number, modifiers: readonly number[] = []): number {
  return modifiers.reduce((total, m) => total + m, attribute);
}

/**
 * ch. 03 Luck roll: "a straight roll that does not apply any modifiers". The modifiers are accepted only to be
 * ignored, so callers can pass a situation's modifiers without special-casing luck.
 */
export function luckRollPool(luck: number, _ignoredModifiers: readonly number[] = []): number {
  return luck;
}

/**
 * ch. 03 luck roll distribution. ch. 22 Cursed: "When you test your luck, it always results in 0 successes."
 */
export function luckRollDistribution(luck: number, options: { cursed?: boolean } = {}): readonly number[] {
  if (options.cursed) return [1];
  return successDistribution(luckRollPool(luck));
}

/**
 * ch. 03 Opposition roll: "Subtract the opposition roll's successes from the opposed roll's successes; the
 * result (minimum 0 successes) is the roll's effective successes." Index k = P(k effective successes).
 */
export function opposedDistributionOf(attack: readonly number[], opposition: readonly number[]): number[] {
  const out = new Array<number>(attack.length).fill(0);
  for (let a = 0; a < attack.length; a++) {
    const pa = attack[a] as number;
    if (pa === 0) continue;
    for (let b = 0; b < opposition.length; b++) {
      const k = Math.max(0, a - b);
      out[k] = (out[k] as number) + pa * (opposition[b] as number);
    }
  }
  return out;
}

/** Effective successes of an attack pool against an opposition pool (ch. 03, ch. 20 step 2). */
export function opposedDistribution(attackPool: number, oppositionPool: number): number[] {
  return opposedDistributionOf(successDistribution(attackPool), successDistribution(oppositionPool));
}

/** ch. 03: effective successes of one opposed roll; 0 means the attack is a graze. */
export function effectiveSuccesses(rolled: number, opposition: number): number {
  return Math.max(0, rolled - opposition);
}

/** ch. 03: "an attack reduced to 0 effective successes becomes a graze." */
export function isGraze(effective: number): boolean {
  return effective <= 0;
}

/** Successes a set of face values shows (ch. 03: 5 and 6 succeed). Zero-dice pools pass both dice. */
export function countSuccesses(faces: readonly number[], options: { zeroDice?: boolean } = {}): number {
  if (options.zeroDice) return Math.min(...faces) >= 5 ? 1 : 0;
  return faces.filter((f) => f >= 5).length;
}
