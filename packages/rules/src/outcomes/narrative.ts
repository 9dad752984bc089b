// Narrative outcomes (ch. 14): the difficulty ladder, Extra Success, group rolls, outcome odds by pool
import { successesAndDoubles } from "../dice/patterns.ts";

export type Difficulty = "Routine" | "Tricky" | "Daunting" | "Insurmountable";
export const DIFFICULTIES: readonly Difficulty[] = ["Routine", "Tricky", "Daunting", "Insurmountable"];

/** The five outcomes, worst to best (glossary: "The five outcomes of a narrative action roll"). */
export type Outcome =
  | "Catastrophic Failure"
  | "Failure"
  | "Success at a Cost"
  | "Success"
  | "Success with a Bonus";
export const OUTCOMES: readonly Outcome[] = [
  "Catastrophic Failure",
  "Failure",
  "Success at a Cost",
  "Success",
  "Success with a Bonus",
];

const CF = "Catastrophic Failure";
const F = "Failure";
const SC = "Success at a Cost";
const S = "Success";

/** ch. 14 outcome ladder (seed 003), rows 0, 1, 2, 3+ successes. */
export const OUTCOME_LADDER: Readonly<Record<Difficulty, readonly [Outcome, Outcome, Outcome, Outcome]>> = {
  Routine: [SC, S, S, S],
  Tricky: [F, SC, S, S],
  Daunting: [CF, F, SC, S],
  Insurmountable: [CF, CF, F, SC],
};

/** ch. 14: the outcome a number of successes gives at a difficulty. */
export function narrativeOutcome(successes: number, difficulty: Difficulty): Outcome {
  const row = Math.min(3, Math.max(0, Math.floor(successes)));
  return OUTCOME_LADDER[difficulty][row] as Outcome;
}

/**
 * ch. 04 Extra Success (Double N): "If the result of the roll is "Success", then it turns into "Success with a
 * Bonus" instead. If the result of the roll is "Success at a Cost", then it turns into "Success" instead." Other
 * outcomes are unchanged. ch. 04: "Every pattern that is allocated will trigger, including repeated patterns",
 * so each allocated Double applies the step again.
 */
export function applyExtraSuccess(outcome: Outcome, doubles = 1): Outcome {
  let current = outcome;
  for (let i = 0; i < doubles; i++) {
    if (current === SC) current = S;
    else if (current === S) current = "Success with a Bonus";
  }
  return current;
}

/**
 * A narrative roll read end to end (ch. 04, 14): the ladder, then any Extra Success Doubles the roller allocates.
 * ch. 04: "a pattern will only trigger if the action roll achieves at least 1 effective success".
 */
export function resolveNarrativeRoll(input: {
  readonly successes: number;
  readonly difficulty: Difficulty;
  readonly extraSuccessDoubles?: number;
}): Outcome {
  const base = narrativeOutcome(input.successes, input.difficulty);
  if (input.successes < 1) return base;
  return applyExtraSuccess(base, input.extraSuccessDoubles ?? 0);
}

/** ch. 14 group roll participants who "score at a "Success at a Cost", "Success", or "Success with a Bonus"". */
export function isSuccess(outcome: Outcome): boolean {
  return outcome === SC || outcome === S || outcome === "Success with a Bonus";
}

export interface GroupRollResult {
  readonly succeeded: boolean;
  /** Indexes of participants who "still suffer a consequence" (Success at a Cost or Catastrophic Failure). */
  readonly consequences: readonly number[];
  readonly reason: string;
}

/**
 * ch. 14 Group Rolls: "The group succeeds if at least half the participants score at a "Success at a Cost",
 * "Success", or "Success with a Bonus". However, if anyone rolls a "Catastrophic Failure", everyone fails."
 */
export function resolveGroupRoll(outcomes: readonly Outcome[]): GroupRollResult {
  const consequences = outcomes.flatMap((o, i) => (o === SC || o === CF ? [i] : []));
  if (outcomes.includes(CF)) {
    return { succeeded: false, consequences, reason: "a participant rolled a Catastrophic Failure" };
  }
  const successes = outcomes.filter(isSuccess).length;
  const succeeded = outcomes.length > 0 && successes * 2 >= outcomes.length;
  return {
    succeeded,
    consequences,
    reason: `${successes} of ${outcomes.length} participants succeeded (at least half needed)`,
  };
}

/**
 * P(each outcome) for an unopposed narrative action roll of `pool` dice at a difficulty, with the roller
 * allocating every Double to Extra Success (ch. 04: the roller chooses; Extra Success never hurts).
 * Luck rolls use the same ladder (ch. 04: Extra Success applies to "Action rolls and luck rolls").
 */
export function narrativeOutcomeDistribution(
  pool: number,
  difficulty: Difficulty,
  options: { readonly extraSuccess?: boolean } = {},
): Readonly<Record<Outcome, number>> {
  const out: Record<Outcome, number> = {
    "Catastrophic Failure": 0,
    Failure: 0,
    "Success at a Cost": 0,
    Success: 0,
    "Success with a Bonus": 0,
  };
  const joint = successesAndDoubles(pool);
  joint.forEach((row, successes) => {
    row.forEach((p, doubles) => {
      const outcome = resolveNarrativeRoll({
        successes,
        difficulty,
        extraSuccessDoubles: options.extraSuccess === false ? 0 : doubles,
      });
      out[outcome] += p;
    });
  });
  return out;
}
