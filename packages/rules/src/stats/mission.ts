// The mission clock (ch. 28): beats spent on objectives and downtime, merits paid, halved past the clock

/** One thing the party spends beats on, in the order they do it. */
export type MissionStep =
  | { readonly kind: "objective"; readonly name: string; readonly beats: number; readonly merits: number }
  | { readonly kind: "downtime" };

export interface MissionStepResult {
  readonly step: MissionStep;
  /** Beats spent once this step is done. */
  readonly beatsSpentAfter: number;
  /** Merits the step paid (0 for downtime). */
  readonly meritsPaid: number;
  /** True when an objective paid half because the clock had run out. */
  readonly halved: boolean;
}

export interface MissionClockResult {
  readonly clock: number | null;
  readonly beatsSpent: number;
  /** Beats still on the clock (never below 0); null without a clock. */
  readonly beatsLeft: number | null;
  readonly merits: number;
  readonly clockRanOut: boolean;
  readonly steps: readonly MissionStepResult[];
}

/** ch. 28: "Voluntarily taking downtime also costs one beat." */
export const DOWNTIME_BEATS = 1;

/** ch. 28: "pursuing each objective will cost a certain number of beats as determined by the GM (minimum 1)." */
export const MIN_OBJECTIVE_BEATS = 1;

/**
 * Runs a mission arc's steps against its clock (ch. 28). "Any objective completed after the clock runs out only
 * pays half its merit reward": an objective whose beats take the total past the clock completes after it ran
 * out; one that spends exactly the last beat still completes in time. Halves round down (ch. 03).
 * "A mission arc with no mission clock simply applies no time pressure": pass clock = null.
 */
export function runMissionClock(clock: number | null, steps: readonly MissionStep[]): MissionClockResult {
  let spent = 0;
  let merits = 0;
  const results: MissionStepResult[] = [];
  for (const step of steps) {
    if (step.kind === "downtime") {
      spent += DOWNTIME_BEATS;
      results.push({ step, beatsSpentAfter: spent, meritsPaid: 0, halved: false });
      continue;
    }
    spent += Math.max(MIN_OBJECTIVE_BEATS, step.beats);
    const halved = clock !== null && spent > clock;
    const paid = halved ? Math.floor(step.merits / 2) : step.merits;
    merits += paid;
    results.push({ step, beatsSpentAfter: spent, meritsPaid: paid, halved });
  }
  return {
    clock,
    beatsSpent: spent,
    beatsLeft: clock === null ? null : Math.max(0, clock - spent),
    merits,
    clockRanOut: clock !== null && spent >= clock,
    steps: results,
  };
}
