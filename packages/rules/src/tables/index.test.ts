// COMPUTED_TABLES: the ids chapters embed, labeled as computed, rows built by the rules functions
import { describe, expect, it } from "vitest";
import { seedText } from "../../test/book.ts";
import { patternProbabilities } from "../dice/patterns.ts";
import { probabilityAtLeast } from "../dice/successes.ts";
import { advancementAt, tierOfPlay } from "../stats/advancement.ts";
import { COMPUTED_TABLES, formatPercent } from "./index.ts";

const IDS = [
  "success-probabilities",
  "zero-dice-odds",
  "pattern-probabilities",
  "advancement-by-rank",
  "tiers-of-play",
];

const table = (id: string) => {
  const t = COMPUTED_TABLES[id];
  if (!t) throw new Error(`no computed table ${id}`);
  return t;
};

describe("COMPUTED_TABLES", () => {
  it("has exactly the ids the chapters reference, each captioned as computed", () => {
    expect(Object.keys(COMPUTED_TABLES).sort()).toEqual([...IDS].sort());
    for (const id of IDS) {
      const t = table(id);
      expect(t.id).toBe(id);
      expect(t.caption).toBe("computed from the rules");
      for (const row of t.rows) expect(row).toHaveLength(t.columns.length);
    }
  });

  it("belongs to the chapters whose tables the export lost", () => {
    expect(Object.fromEntries(IDS.map((id) => [id, table(id).chapter]))).toEqual({
      "success-probabilities": "03",
      "zero-dice-odds": "03",
      "pattern-probabilities": "04",
      "advancement-by-rank": "13",
      "tiers-of-play": "29",
    });
  });

  it("success-probabilities covers pools 0–40 with P(≥ k) from the dice functions", () => {
    const t = table("success-probabilities");
    expect(t.rows).toHaveLength(41);
    const col = t.columns.findIndex((c) => c.key === "atLeast2");
    t.rows.forEach((row, pool) => {
      expect(row[col]?.value).toBe(probabilityAtLeast(pool, 2));
    });
  });

  it("zero-dice-odds shows the book's 11% / 89% exactly as 1/9 and 8/9", () => {
    const rows = table("zero-dice-odds").rows.map((r) => r.map((c) => c.display));
    expect(rows).toEqual([
      ["0 successes", "88.9%", "8/9"],
      ["1 success", "11.1%", "1/9"],
    ]);
    expect(seedText()).toContain("11% for 1 success, 89% for 0 success");
  });

  it("pattern-probabilities covers pools 0–12", () => {
    const t = table("pattern-probabilities");
    expect(t.rows).toHaveLength(13);
    const col = t.columns.findIndex((c) => c.key === "triple");
    expect(t.rows[5]?.[col]?.value).toBe(patternProbabilities(5).triple);
  });

  it("advancement-by-rank marks what is new at each rank", () => {
    const t = table("advancement-by-rank");
    const rankCol = t.columns.findIndex((c) => c.key === "rank");
    const vigorCol = t.columns.findIndex((c) => c.key === "maxVigor");
    for (const row of t.rows) {
      const rank = Number(row[rankCol]?.value);
      expect(row[vigorCol]?.value).toBe(advancementAt(rank).maxVigor);
      expect(Boolean(row[vigorCol]?.emphasis)).toBe(rank % 7 === 0);
    }
  });

  it("tiers-of-play has Novice, Seasoned, Veteran of six ranks and open-ended Paragon", () => {
    const rows = table("tiers-of-play").rows.map((r) => r.map((c) => c.display));
    expect(rows).toEqual([
      ["Novice", "CR3–CR8", "6"],
      ["Seasoned", "CR9–CR14", "6"],
      ["Veteran", "CR15–CR20", "6"],
      ["Paragon", "CR21+", "open-ended"],
    ]);
    expect(tierOfPlay(21)).toBe("Paragon");
  });

  it("formats percentages without claiming certainty that is not there", () => {
    expect([0, 1, 0.0001, 0.99999, 1 / 9].map(formatPercent)).toEqual([
      "0%",
      "100%",
      "<0.1%",
      ">99.9%",
      "11.1%",
    ]);
  });
});
