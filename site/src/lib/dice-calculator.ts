// The dice-pool calculator's math, shared by the page (server-rendered first result) and its island script
import {
  actionRollPool,
  atLeastDistributionOf,
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
  /** The four result bands: they cover every roll, so they add up to `total`. */
  bands: DiceRow[];
  /** Sum of the four bands (computed, shown so a reader sees the rows add up). */
  total: DiceRow;
  /** Overflow (4+): part of the 3+ band, shown beneath it. */
  overflow: DiceRow;
  /** At least N (effective) successes, N = 1 … the most the roll allows. */
  atLeast: DiceRow[];
  patterns: DiceRow[];
  /** What the calculator changed to stay within MAX_POOL, for the reader; empty when it computed what was asked. */
  limits: string[];
}

export const DEFAULT_INPUT: DiceInput = { pool: 3, modifier: 0, opposition: 0 };
const FIELDS = ["pool", "modifier", "opposition"] as const;

/** Settings from a query string (`?pool=5&modifier=-1&opposition=2`); missing or bad values take the default. */
export function inputFromQuery(search: string): DiceInput {
  const params = new URLSearchParams(search);
  const input = { ...DEFAULT_INPUT };
  for (const field of FIELDS) {
    const raw = params.get(field);
    if (raw === null || raw.trim() === "" || !Number.isFinite(Number(raw))) continue;
    // not clamped here: calculate() says what it limits, so the field keeps what the reader asked for
    const value = Math.trunc(Number(raw));
    input[field] = field === "modifier" ? value : Math.max(0, value);
  }
  return input;
}

/** The query string that restores these settings (empty for the defaults). */
export function queryOf(input: DiceInput): string {
  const params = new URLSearchParams();
  for (const field of FIELDS)
    if (input[field] !== DEFAULT_INPUT[field]) params.set(field, String(input[field]));
  const text = params.toString();
  return text ? `?${text}` : "";
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

const signed = (value: number) => (value > 0 ? `+${value}` : String(value));

/** The sentences that tell a reader which of their numbers the calculator limited to MAX_POOL, and to what. */
function limitsOf(input: DiceInput, pool: number, modifier: number, rolled: number): string[] {
  // an empty field reads as 0, as clampDice reads it
  const asked = (value: number) => (Number.isFinite(value) ? Math.trunc(value) : 0);
  const limits: string[] = [];
  if (pool !== asked(input.pool)) limits.push(`a pool of ${asked(input.pool)} dice is computed as ${pool}`);
  if (modifier !== asked(input.modifier))
    limits.push(`modifiers of ${signed(asked(input.modifier))} dice are computed as ${signed(modifier)}`);
  const total = actionRollPool(pool, [modifier]);
  if (rolled !== total)
    limits.push(`${pool} dice with ${signed(modifier)} make ${total}, computed as ${rolled}`);
  const opposition = asked(input.opposition);
  if (clampDice(opposition) !== opposition)
    limits.push(`an opposition pool of ${opposition} dice is computed as ${clampDice(opposition)}`);
  return limits.length ? [`This calculator rolls at most ${MAX_POOL} dice: ${limits.join("; ")}.`] : [];
}

export function calculate(input: DiceInput): DiceResult {
  const pool = clampDice(input.pool);
  const modifier = clampDice(input.modifier);
  const rolled = Math.min(MAX_POOL, actionRollPool(pool, [modifier]));
  const opposition = Math.max(0, clampDice(input.opposition));
  const distribution =
    opposition > 0 ? opposedDistribution(rolled, opposition) : [...successDistribution(rolled)];
  const bands = bandProbabilitiesOf(distribution);
  const patterns = patternProbabilities(rolled);
  const bandRows = [
    row("0s", opposition > 0 ? "0s (graze)" : "0s", bands["0s"]),
    row("1s", "1s", bands["1s"]),
    row("2s", "2s", bands["2s"]),
    row("3+", "3+", bands["3+"]),
  ];
  return {
    rolled,
    bands: bandRows,
    // floating-point sums of exact probabilities: 12 places keep a whole roll at "100%", not ">99.9%"
    total: row(
      "total",
      "All four bands",
      Math.round(bandRows.reduce((sum, band) => sum + band.probability, 0) * 1e12) / 1e12,
    ),
    overflow: row("overflow", "of which Overflow (4+)", bands.overflow),
    atLeast: atLeastDistributionOf(distribution).map((p, index) =>
      row(`atLeast${index + 1}`, `${index + 1}+`, p),
    ),
    patterns: [
      row("double", "At least one Double", patterns.double),
      row("twoDoubles", "Two Doubles", patterns.twoDoubles),
      row("triple", "At least one Triple", patterns.triple),
      row("quad", "At least one Quad", patterns.quad),
      row("doubleOfGivenValue", "A Double of a given value N", patterns.doubleOfGivenValue),
    ],
    limits: limitsOf(input, pool, modifier, rolled),
  };
}
