// Pattern probabilities (ch. 04): Doubles, Triples, Quads, honoring that each die serves one pattern
import { DIE_FACES, usesZeroDiceRule } from "./successes.ts";

/** How many dice show each face; index 0 is face 1, index 5 is face 6. */
export type FaceCounts = readonly number[];

const binomials: number[][] = [[1]];
function binomial(n: number, k: number): number {
  for (let m = binomials.length; m <= n; m++) {
    const prev = binomials[m - 1] as number[];
    const row = [1];
    for (let j = 1; j < m; j++) row.push((prev[j - 1] as number) + (prev[j] as number));
    row.push(1);
    binomials.push(row);
  }
  return (binomials[n] as number[])[k] as number;
}

/** 6^pool: how many equally likely rolls a pool has. */
export function outcomesOf(pool: number): number {
  return DIE_FACES ** pool;
}

/**
 * Visits every way `pool` d6 can split across the six faces, with how many of the 6^pool rolls show it (the
 * multinomial coefficient). Counts are exact integers for pools up to 20, so sums of them divided once by
 * {@link outcomesOf} are exact to the last bit; beyond 20 they are within 1e-14 relative.
 */
export function forEachFaceCounts(pool: number, visit: (counts: FaceCounts, ways: number) => void): void {
  if (!Number.isInteger(pool) || pool < 0)
    throw new RangeError(`pool must be a whole number ≥ 0, got ${pool}`);
  const counts = new Array<number>(DIE_FACES).fill(0);
  const walk = (face: number, remaining: number, ways: number): void => {
    if (face === DIE_FACES - 1) {
      counts[face] = remaining;
      visit(counts, ways);
      return;
    }
    for (let c = 0; c <= remaining; c++) {
      counts[face] = c;
      walk(face + 1, remaining - c, ways * binomial(remaining, c));
    }
  };
  walk(0, pool, 1);
}

/**
 * ch. 04: "Each d6 in the dice pool may only be allocated to a single pattern." A face shown c times can
 * therefore serve floor(c / size) patterns of that size at once (5,5,5,5 is two Double 5s; 5,5,5 only one).
 */
export function maxPatterns(counts: FaceCounts, size: 2 | 3 | 4): number {
  let total = 0;
  for (const c of counts) total += Math.floor(c / size);
  return total;
}

/**
 * ch. 04 Solid Hit (Double N): "Increase the damage of the attack by N." With one die per pattern the best
 * allocation takes every Double available: the sum of N × floor(count of N / 2).
 */
export function solidHitBonus(counts: FaceCounts): number {
  let bonus = 0;
  counts.forEach((c, i) => {
    bonus += (i + 1) * Math.floor(c / 2);
  });
  return bonus;
}

export interface PatternProbabilities {
  readonly pool: number;
  /** P(at least one Double can be allocated). */
  readonly double: number;
  /** P(two Doubles at once) — needs four dice on one face or two faces with two dice each. */
  readonly twoDoubles: number;
  readonly triple: number;
  readonly quad: number;
  /** P(a Double of one given value N), the same for every N. */
  readonly doubleOfGivenValue: number;
  /** P(a Double and at least 1 success): an unopposed roll whose Double triggers (ch. 04 default). */
  readonly doubleThatTriggers: number;
  /** Expected Solid Hit bonus damage of an unopposed attack (0 unless the roll has a success). */
  readonly expectedSolidHitBonus: number;
}

/**
 * ch. 04 pattern odds for an unopposed pool. ch. 03: with zero dice "Patterns do not apply", so every
 * probability is 0 for pools of 0 or fewer.
 */
export function patternProbabilities(pool: number): PatternProbabilities {
  // Accumulates counts of rolls, divided once at the end, so impossible and certain events come out exact.
  const result = {
    pool,
    double: 0,
    twoDoubles: 0,
    triple: 0,
    quad: 0,
    doubleOfGivenValue: 0,
    doubleThatTriggers: 0,
    expectedSolidHitBonus: 0,
  };
  if (usesZeroDiceRule(pool)) return result;
  forEachFaceCounts(pool, (counts, ways) => {
    // One plain pass per face-count vector: this loop is the whole cost of the pattern table.
    let max = 0;
    let doubles = 0;
    let bonus = 0;
    for (let face = 0; face < DIE_FACES; face++) {
      const c = counts[face] as number;
      if (c > max) max = c;
      const pairs = c >> 1;
      doubles += pairs;
      bonus += (face + 1) * pairs;
    }
    const successes = (counts[4] as number) + (counts[5] as number);
    if (max >= 2) result.double += ways;
    if (max >= 3) result.triple += ways;
    if (max >= 4) result.quad += ways;
    if (doubles >= 2) result.twoDoubles += ways;
    if ((counts[0] as number) >= 2) result.doubleOfGivenValue += ways;
    if (max >= 2 && successes >= 1) result.doubleThatTriggers += ways;
    if (successes >= 1) result.expectedSolidHitBonus += ways * bonus;
  });
  const total = outcomesOf(pool);
  return {
    pool,
    double: result.double / total,
    twoDoubles: result.twoDoubles / total,
    triple: result.triple / total,
    quad: result.quad / total,
    doubleOfGivenValue: result.doubleOfGivenValue / total,
    doubleThatTriggers: result.doubleThatTriggers / total,
    expectedSolidHitBonus: result.expectedSolidHitBonus / total,
  };
}

/** P(at least one Double N) for a given face value N (ch. 04: "Double N"). */
export function probabilityOfDoubleN(pool: number, face: number): number {
  if (!Number.isInteger(face) || face < 1 || face > DIE_FACES)
    throw new RangeError(`face must be 1–6, got ${face}`);
  if (usesZeroDiceRule(pool)) return 0;
  let ways = 0;
  forEachFaceCounts(pool, (counts, w) => {
    if ((counts[face - 1] as number) >= 2) ways += w;
  });
  return ways / outcomesOf(pool);
}

/**
 * Joint distribution of successes and of the most Doubles allocatable: `joint[s][d]` = P(s successes, d
 * Doubles). Narrative outcomes need both (ch. 14 Extra Success is a Double, and triggers only on 1+ success).
 */
export function successesAndDoubles(pool: number): number[][] {
  if (usesZeroDiceRule(pool)) return [[8 / 9], [1 / 9]];
  const joint = Array.from({ length: pool + 1 }, () => new Array<number>(Math.floor(pool / 2) + 1).fill(0));
  forEachFaceCounts(pool, (counts, ways) => {
    const s = (counts[4] as number) + (counts[5] as number);
    const row = joint[s] as number[];
    const d = maxPatterns(counts, 2);
    row[d] = (row[d] as number) + ways;
  });
  const total = outcomesOf(pool);
  return joint.map((row) => row.map((w) => w / total));
}

/** The face counts of a concrete roll, e.g. 1, 1, 4, 5, 5 → one 1-pair, one 5-pair (ch. 04 example). */
export function faceCountsOf(faces: readonly number[]): FaceCounts {
  const counts = new Array<number>(DIE_FACES).fill(0);
  for (const f of faces) {
    if (!Number.isInteger(f) || f < 1 || f > DIE_FACES) throw new RangeError(`not a d6 face: ${f}`);
    counts[f - 1] = (counts[f - 1] as number) + 1;
  }
  return counts;
}
