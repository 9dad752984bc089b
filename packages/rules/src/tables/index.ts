// COMPUTED_TABLES: the tables the book's export lost that follow from the rules, built by this package

import { formatFraction, toNumber } from "../dice/fraction.ts";
import { patternProbabilities } from "../dice/patterns.ts";
import { bandProbabilities, probabilityAtLeast, successDistributionExact } from "../dice/successes.ts";
import { advancementAt, TIERS_OF_PLAY, tierOfPlay } from "../stats/advancement.ts";
import { type ComputedColumn, type ComputedTable, makeRow } from "./computed-table.ts";

export * from "./computed-table.ts";

const CAPTION = "computed from the rules" as const;

/** Pools in the success table: ch. 03's range of play (2–7+ dice) and well beyond, as issue 3 asks (0–40). */
export const SUCCESS_TABLE_POOLS = { from: 0, to: 40 } as const;
/** Pools in the pattern table (ch. 04). */
export const PATTERN_TABLE_POOLS = { from: 0, to: 12 } as const;
/** Ranks in the advancement table: the 18 ranks of play and the first Paragon rank (ch. 13, 29). */
export const ADVANCEMENT_TABLE_RANKS = { from: 3, to: 21 } as const;

function poolLabel(pool: number): string {
  return pool === 0 ? "0 (zero-dice rule)" : String(pool);
}

/** ch. 03 "Reference probabilities:" — P(each result band) and P(at least k successes) by pool size. */
export function successProbabilitiesTable(
  from: number = SUCCESS_TABLE_POOLS.from,
  to: number = SUCCESS_TABLE_POOLS.to,
): ComputedTable {
  const columns: ComputedColumn[] = [
    { key: "pool", label: "Dice", format: "text" },
    { key: "0s", label: "0s", format: "percent" },
    { key: "1s", label: "1s", format: "percent" },
    { key: "2s", label: "2s", format: "percent" },
    { key: "3+", label: "3+", format: "percent" },
    { key: "atLeast1", label: "≥ 1", format: "percent" },
    { key: "atLeast2", label: "≥ 2", format: "percent" },
    { key: "atLeast4", label: "≥ 4 (overflow)", format: "percent" },
    { key: "atLeast5", label: "≥ 5", format: "percent" },
  ];
  const rows = [];
  for (let pool = from; pool <= to; pool++) {
    const bands = bandProbabilities(pool);
    rows.push(
      makeRow(columns, [
        poolLabel(pool),
        bands["0s"],
        bands["1s"],
        bands["2s"],
        bands["3+"],
        probabilityAtLeast(pool, 1),
        probabilityAtLeast(pool, 2),
        probabilityAtLeast(pool, 4),
        probabilityAtLeast(pool, 5),
      ]),
    );
  }
  return {
    id: "success-probabilities",
    title: "Reference probabilities: successes by pool size",
    chapter: "03",
    caption: CAPTION,
    note: "Each d6 succeeds on 5 or 6; a pool of 0 dice rolls 2d6 and keeps the lowest.",
    columns,
    rows,
  };
}

/** ch. 03 "Reference probabilities: 11% for 1 success, 89% for 0 success", exactly. */
export function zeroDiceOddsTable(): ComputedTable {
  const columns: ComputedColumn[] = [
    { key: "result", label: "Result", format: "text" },
    { key: "probability", label: "Probability", format: "percent" },
    { key: "exact", label: "Exact", format: "fraction" },
  ];
  const [none, one] = successDistributionExact(0);
  if (!none || !one) throw new Error("zero-dice distribution has two outcomes");
  return {
    id: "zero-dice-odds",
    title: "Rolling with zero dice",
    chapter: "03",
    caption: CAPTION,
    note: "Roll 2d6 and keep the lowest: one success only if both dice show 5 or 6. Patterns do not apply.",
    columns,
    rows: [
      makeRow(columns, ["0 successes", toNumber(none), formatFraction(none)]),
      makeRow(columns, ["1 success", toNumber(one), formatFraction(one)]),
    ],
  };
}

/** ch. 04 "Reference probabilities:" — pattern odds by pool size, one die per pattern. */
export function patternProbabilitiesTable(
  from: number = PATTERN_TABLE_POOLS.from,
  to: number = PATTERN_TABLE_POOLS.to,
): ComputedTable {
  const columns: ComputedColumn[] = [
    { key: "pool", label: "Dice", format: "text" },
    { key: "double", label: "Any Double", format: "percent" },
    { key: "twoDoubles", label: "Two Doubles", format: "percent" },
    { key: "triple", label: "Any Triple", format: "percent" },
    { key: "quad", label: "Any Quad", format: "percent" },
    { key: "doubleOfGivenValue", label: "Double N (one given N)", format: "percent" },
    { key: "doubleThatTriggers", label: "Double with 1+ success", format: "percent" },
    { key: "expectedSolidHitBonus", label: "Average Solid Hit bonus", format: "decimal" },
  ];
  const rows = [];
  for (let pool = from; pool <= to; pool++) {
    const p = patternProbabilities(pool);
    rows.push(
      makeRow(columns, [
        poolLabel(pool),
        p.double,
        p.twoDoubles,
        p.triple,
        p.quad,
        p.doubleOfGivenValue,
        p.doubleThatTriggers,
        p.expectedSolidHitBonus,
      ]),
    );
  }
  return {
    id: "pattern-probabilities",
    title: "Reference probabilities: patterns by pool size",
    chapter: "04",
    caption: CAPTION,
    note:
      "Each die serves one pattern, so two Doubles need four matching dice or two pairs. A pattern triggers only " +
      "with 1+ effective success; the last two columns assume an unopposed roll. Zero dice: patterns do not apply.",
    columns,
    rows,
  };
}

/** ch. 13 "This table summarizes all the different advancements at each character rank." */
export function advancementByRankTable(
  from: number = ADVANCEMENT_TABLE_RANKS.from,
  to: number = ADVANCEMENT_TABLE_RANKS.to,
): ComputedTable {
  const columns: ComputedColumn[] = [
    { key: "rank", label: "Character rank", format: "integer" },
    { key: "tier", label: "Tier of play", format: "text" },
    { key: "attributeIncreases", label: "Attribute increases", format: "integer" },
    { key: "wildcardSlots", label: "Wildcard mastery slots", format: "integer" },
    { key: "maxVigor", label: "Max Vigor", format: "integer" },
  ];
  const rows = [];
  for (let rank = from; rank <= to; rank++) {
    const a = advancementAt(rank);
    rows.push(
      makeRow(
        columns,
        [rank, tierOfPlay(rank) ?? "", a.attributeIncreases, a.wildcardSlots, a.maxVigor],
        [false, false, a.newAtThisRank.attribute, a.newAtThisRank.wildcard, a.newAtThisRank.vigor],
      ),
    );
  }
  return {
    id: "advancement-by-rank",
    title: "Advancement by character rank",
    chapter: "13",
    caption: CAPTION,
    note:
      "+1 attribute at every even rank from 4; +1 wildcard mastery slot at each multiple of 5; +1 Vigor cap at " +
      "each multiple of 7. Emphasized cells are new at that rank.",
    columns,
    rows,
  };
}

/** ch. 29 "into four tiers of play:" — the rank bands only; the lost columns are not restated. */
export function tiersOfPlayTable(): ComputedTable {
  const columns: ComputedColumn[] = [
    { key: "tier", label: "Tier of play", format: "text" },
    { key: "ranks", label: "Character ranks", format: "text" },
    { key: "count", label: "Ranks in tier", format: "text" },
  ];
  return {
    id: "tiers-of-play",
    title: "Tiers of play",
    chapter: "29",
    caption: CAPTION,
    note: "18 ranks of play (CR3 to CR20) in three tiers of six ranks, plus open-ended Paragon play (CR21+).",
    columns,
    rows: TIERS_OF_PLAY.map((t) =>
      makeRow(columns, [
        t.tier,
        t.to === null ? `CR${t.from}+` : `CR${t.from}–CR${t.to}`,
        t.to === null ? "open-ended" : String(t.to - t.from + 1),
      ]),
    ),
  };
}

/** Each computed table's builder, by the id chapters and the site embed (the id each table carries). */
const BUILDERS: readonly (readonly [ComputedTableId, () => ComputedTable])[] = [
  ["success-probabilities", () => successProbabilitiesTable()],
  ["zero-dice-odds", zeroDiceOddsTable],
  ["pattern-probabilities", () => patternProbabilitiesTable()],
  ["advancement-by-rank", advancementByRankTable],
  ["tiers-of-play", tiersOfPlayTable],
];

/**
 * Every computed table, by the id chapters and the site embed. Each is built the first time it is read: the lint
 * only asks which ids exist, and building them all (the dice distributions) cost every process 35 ms at start-up.
 */
export const COMPUTED_TABLES: Readonly<Record<string, ComputedTable>> = Object.freeze(
  Object.defineProperties(
    {},
    Object.fromEntries(
      BUILDERS.map(([id, build]) => {
        let table: ComputedTable | undefined;
        return [id, { enumerable: true, get: () => (table ??= build()) }];
      }),
    ),
  ),
);

export type ComputedTableId =
  | "success-probabilities"
  | "zero-dice-odds"
  | "pattern-probabilities"
  | "advancement-by-rank"
  | "tiers-of-play";
