// The dice-pool calculator's math, shared by the page (server-rendered first result) and its island script
import {
  actionRollPool,
  bandProbabilitiesOf,
  formatPercent,
  opposedDistribution,
  patternProbabilities,
  successDistribution,
} from "@momenta/rules";

export interface DiceInput {
  /** Attribute dice. */
  pool: number;
  /** Net modifier dice (bonuses minus penalties). */
  modifier: number;
  /** Dice of the opposition roll; 0 for an unopposed roll. */
  opposition: number;
}

export interface DiceRow {
  key: string;
  label: string;
  probability: number;
  display: string;
}

export interface DiceResult {
  /** Dice actually rolled after modifiers; 0 or less uses the zero-dice rule. */
  rolled: number;
  bands: DiceRow[];
  patterns: DiceRow[];
}

/** Largest pool the page offers: pattern odds enumerate every face count, which grows fast. */
export const MAX_POOL = 30;

const row = (key: string, label: string, probability: number): DiceRow => ({
  key,
  label,
  probability,
  display: formatPercent(probability),
});

export function clampDice(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.max(-MAX_POOL, Math.min(MAX_POOL, Math.trunc(value)));
}

export function calculate(input: DiceInput): DiceResult {
  const rolled = Math.min(MAX_POOL, actionRollPool(clampDice(input.pool), [clampDice(input.modifier)]));
  const opposition = Math.max(0, clampDice(input.opposition));
  const distribution =
    opposition > 0 ? opposedDistribution(rolled, opposition) : [...successDistribution(rolled)];
  const bands = bandProbabilitiesOf(distribution);
  const patterns = patternProbabilities(rolled);
  return {
    rolled,
    bands: [
      row("0s", opposition > 0 ? "0s (graze)" : "0s", bands["0s"]),
      row("1s", "1s", bands["1s"]),
      row("2s", "2s", bands["2s"]),
      row("3+", "3+", bands["3+"]),
      row("overflow", "Overflow (4+)", bands.overflow),
    ],
    patterns: [
      row("double", "At least one Double", patterns.double),
      row("twoDoubles", "Two Doubles", patterns.twoDoubles),
      row("triple", "At least one Triple", patterns.triple),
      row("quad", "At least one Quad", patterns.quad),
      row("doubleOfGivenValue", "A Double of a given value N", patterns.doubleOfGivenValue),
    ],
  };
}
