// Narrative outcomes (ch. 14): the ladder cell by cell against seed 003, Extra Success, group rolls, odds
import { describe, expect, it } from "vitest";
import { monteCarloTolerance, NARRATIVE_SEED, rollDice, seededRandom, seedText } from "../../test/book.ts";
import { faceCountsOf, maxPatterns } from "../dice/patterns.ts";
import { successDistribution } from "../dice/successes.ts";
import {
  applyExtraSuccess,
  DIFFICULTIES,
  type Difficulty,
  narrativeOutcome,
  narrativeOutcomeDistribution,
  OUTCOMES,
  type Outcome,
  resolveGroupRoll,
  resolveNarrativeRoll,
} from "./narrative.ts";

/** The outcome ladder as seed 003 prints it: `| 0 | Success at a Cost | Failure | … |`. */
function ladderFromSeed(): Map<string, string[]> {
  const rows = new Map<string, string[]>();
  const lines = seedText(NARRATIVE_SEED).split("\n");
  const header = lines.findIndex((l) => l.startsWith("| Successes |"));
  expect(lines[header]).toBe("| Successes | Routine | Tricky | Daunting | Insurmountable |");
  for (const line of lines.slice(header + 2, header + 6)) {
    const cells = line
      .split("|")
      .map((c) => c.trim())
      .filter(Boolean);
    rows.set(cells[0] ?? "", cells.slice(1));
  }
  return rows;
}

describe("the outcome ladder (ch. 14)", () => {
  const ladder = ladderFromSeed();
  it.each([
    ["0", 0],
    ["1", 1],
    ["2", 2],
    ["3+", 3],
    ["3+", 6],
  ] as const)("row %s (%i successes) matches the book", (row, successes) => {
    expect(DIFFICULTIES.map((d) => narrativeOutcome(successes, d))).toEqual(ladder.get(row));
  });

  it("an Insurmountable task never yields a pure Success on successes alone", () => {
    for (let s = 0; s <= 10; s++) expect(narrativeOutcome(s, "Insurmountable")).not.toBe("Success");
    expect(resolveNarrativeRoll({ successes: 3, difficulty: "Insurmountable", extraSuccessDoubles: 1 })).toBe(
      "Success",
    );
  });
});

describe("Extra Success (ch. 04)", () => {
  it("raises Success at a Cost to Success and Success to Success with a Bonus, nothing else", () => {
    expect(applyExtraSuccess("Success at a Cost")).toBe("Success");
    expect(applyExtraSuccess("Success")).toBe("Success with a Bonus");
    expect(applyExtraSuccess("Failure")).toBe("Failure");
    expect(applyExtraSuccess("Success at a Cost", 2)).toBe("Success with a Bonus");
  });

  it("needs at least 1 success to trigger", () => {
    expect(resolveNarrativeRoll({ successes: 0, difficulty: "Routine", extraSuccessDoubles: 1 })).toBe(
      "Success at a Cost",
    );
    expect(resolveNarrativeRoll({ successes: 1, difficulty: "Routine", extraSuccessDoubles: 1 })).toBe(
      "Success with a Bonus",
    );
  });
});

describe("group rolls (ch. 14)", () => {
  it("succeed when at least half succeed", () => {
    const r = resolveGroupRoll(["Success", "Failure", "Success at a Cost", "Failure"]);
    expect(r.succeeded).toBe(true);
    expect(r.consequences).toEqual([2]);
    expect(resolveGroupRoll(["Success", "Failure", "Failure"]).succeeded).toBe(false);
  });

  it("fail for everyone when anyone rolls a Catastrophic Failure", () => {
    const r = resolveGroupRoll(["Success with a Bonus", "Success", "Catastrophic Failure"]);
    expect(r.succeeded).toBe(false);
    expect(r.consequences).toEqual([2]);
  });
});

describe("outcome odds by pool", () => {
  it.each(DIFFICULTIES.map((d) => [d] as [Difficulty]))(
    "%s: a distribution, and Extra Success only helps",
    (difficulty) => {
      for (const pool of [0, 2, 4, 7]) {
        const withPattern = narrativeOutcomeDistribution(pool, difficulty);
        const without = narrativeOutcomeDistribution(pool, difficulty, { extraSuccess: false });
        expect(Object.values(withPattern).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
        const atLeast = (d: Record<Outcome, number>, o: Outcome) =>
          OUTCOMES.slice(OUTCOMES.indexOf(o)).reduce((t, x) => t + d[x], 0);
        for (const o of OUTCOMES)
          expect(atLeast(withPattern, o)).toBeGreaterThanOrEqual(atLeast(without, o) - 1e-12);
      }
    },
  );

  it("without patterns it is the ladder applied to the success distribution", () => {
    const dist = successDistribution(3);
    const tricky = narrativeOutcomeDistribution(3, "Tricky", { extraSuccess: false });
    expect(tricky.Failure).toBeCloseTo(dist[0] ?? 0, 14);
    expect(tricky["Success at a Cost"]).toBeCloseTo(dist[1] ?? 0, 14);
  });
});

describe("seeded Monte Carlo cross-check of outcome odds", () => {
  it.each(DIFFICULTIES.map((d) => [d] as [Difficulty]))(
    "4 dice, %s, every Double spent on Extra Success",
    (difficulty) => {
      const trials = 60_000;
      const random = seededRandom(0x0dd5 + DIFFICULTIES.indexOf(difficulty));
      const seen = new Map<Outcome, number>();
      for (let t = 0; t < trials; t++) {
        const faces = rollDice(random, 4);
        const outcome = resolveNarrativeRoll({
          successes: faces.filter((f) => f >= 5).length,
          difficulty,
          extraSuccessDoubles: maxPatterns(faceCountsOf(faces), 2),
        });
        seen.set(outcome, (seen.get(outcome) ?? 0) + 1);
      }
      const exact = narrativeOutcomeDistribution(4, difficulty);
      for (const o of OUTCOMES) {
        expect(Math.abs((seen.get(o) ?? 0) / trials - exact[o])).toBeLessThan(
          monteCarloTolerance(exact[o], trials),
        );
      }
    },
  );
});
