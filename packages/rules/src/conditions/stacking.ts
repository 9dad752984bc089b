// Condition stacking and end-of-turn clearing (ch. 22; enemies by challenge class: Pre-Generated Enemies, content/rules/catalog-pre-generated-enemies.mdx)
import type { Attribute, ChallengeClass, ClearType, Stackable } from "@momenta/schema";
import { probabilityAtLeast } from "../dice/successes.ts";

/**
 * The rules part of a condition entry (content/conditions/*.json): its name, stacking and clear type. Caps and
 * clear types are read from the entries, never restated here.
 */
export interface ConditionRules {
  readonly name: string;
  readonly stackable: Stackable;
  readonly clear: ClearType;
}

/** A condition on a creature: `Wracked (Fire) 2` is { name: "Wracked", parameter: "Fire", stacks: 2 }. */
export interface ConditionInstance {
  readonly name: string;
  readonly parameter?: string;
  readonly stacks: number;
}

/**
 * ch. 22: "Stacks of the same condition are cumulative, up to the max limit"; "a non-stackable condition counts
 * as having 1 stack". Unlimited conditions (Faltering, Unraveling) have no cap.
 */
export function stackCap(rules: Pick<ConditionRules, "stackable">): number {
  if (rules.stackable === false) return 1;
  if (rules.stackable === "unlimited") return Number.POSITIVE_INFINITY;
  return rules.stackable.max;
}

/** Stacks after gaining `added` more: "Impaired 1 and receives Impaired 2 … now … Impaired 3" (ch. 22). */
export function addStacks(current: number, added: number, rules: ConditionRules): number {
  return Math.min(stackCap(rules), Math.max(0, current) + Math.max(0, added));
}

function sameInstance(
  a: { name: string; parameter?: string },
  b: { name: string; parameter?: string },
): boolean {
  return a.name === b.name && (a.parameter ?? "") === (b.parameter ?? "");
}

/** Gains a condition: stacks add up to the cap; a new condition is added at min(stacks, cap). */
export function gainCondition(
  conditions: readonly ConditionInstance[],
  gained: ConditionInstance,
  rules: ConditionRules,
): ConditionInstance[] {
  const existing = conditions.find((c) => sameInstance(c, gained));
  const stacks = addStacks(existing?.stacks ?? 0, gained.stacks, rules);
  const next = { ...gained, stacks };
  return existing ? conditions.map((c) => (c === existing ? next : c)) : [...conditions, next];
}

/** Who is clearing: players roll for roll-to-clear conditions; enemies clear by challenge class. */
export type Clearer =
  | {
      readonly kind: "player";
      /** Successes of the end-of-turn roll with the condition's attribute (the player picks among several). */
      readonly rollToClear: (condition: ConditionInstance, attributes: readonly Attribute[]) => number;
    }
  | { readonly kind: "enemy"; readonly challengeClass: ChallengeClass };

export interface ClearingStep {
  readonly condition: ConditionInstance;
  readonly removed: number;
  readonly remaining: number;
  readonly reason: string;
}

export interface ClearingResult {
  readonly conditions: ConditionInstance[];
  readonly steps: ClearingStep[];
}

/**
 * Stacks an enemy sheds of one roll-to-clear condition at the end of its turn. Pre-Generated Enemies, "Conditions
 * by challenge class" (content/rules/catalog-pre-generated-enemies.mdx).
 */
function enemyRollToClearLoss(
  challengeClass: ChallengeClass,
  stacks: number,
): { removed: number; reason: string } {
  switch (challengeClass) {
    // "Elites and Champions do not roll to clear: at the end of each of their turns they shed 1 stack of each
    // roll-to-clear condition (and auto-clear conditions shed as normal)."
    case "Elite":
    case "Champion":
      return { removed: 1, reason: `${challengeClass}s shed 1 stack of each roll-to-clear condition` };
    // "A Nemesis removes all stacks of every auto-clear and roll-to-clear condition at the end of each of its turns."
    case "Nemesis":
      return { removed: stacks, reason: "a Nemesis removes all stacks" };
    // "Regulars never clear roll-to-clear conditions on their own." Grunts "never roll" (glossary), and the
    // rule's reason — "control is strongest against the many and weakest against the few" — covers them too.
    default:
      return { removed: 0, reason: `${challengeClass}s never clear roll-to-clear conditions on their own` };
  }
}

/**
 * End-of-turn clearing (ch. 18, 22). Auto-clear: lose 1 stack ("Auto-clear conditions behave normally for every
 * class"). Roll-to-clear: players remove one stack per success; enemies follow their challenge class. Persistent:
 * "Does not clear on its own" (ch. 22); "Persistent conditions — such as Vulnerable — are never shed this way; they
 * end only by their own rules." The caller resolves end-of-turn effects first: "End-of-turn effects (such as
 * Wracked damage) resolve before shedding." (Pre-Generated Enemies). Conditions with no rules given stay untouched.
 */
export function clearAtEndOfTurn(
  conditions: readonly ConditionInstance[],
  rulesByName: Readonly<Record<string, ConditionRules>>,
  clearer: Clearer,
): ClearingResult {
  const steps: ClearingStep[] = [];
  const next: ConditionInstance[] = [];
  for (const condition of conditions) {
    const rules = rulesByName[condition.name];
    // ch. 22: "for clearing purposes, a non-stackable condition counts as having 1 stack."
    const stacks = rules?.stackable === false ? Math.min(1, condition.stacks) : condition.stacks;
    let removed = 0;
    let reason = "";
    if (!rules || rules.clear.type === "persistent") {
      next.push(condition);
      continue;
    }
    if (rules.clear.type === "auto-clear") {
      const nemesis = clearer.kind === "enemy" && clearer.challengeClass === "Nemesis";
      removed = nemesis ? stacks : 1;
      reason = nemesis ? "a Nemesis removes all stacks" : "auto-clear: lose 1 stack";
    } else if (clearer.kind === "player") {
      removed = Math.max(0, clearer.rollToClear(condition, rules.clear.attributes));
      reason = `roll-to-clear (${rules.clear.attributes.join(" or ")}): ${removed} success(es)`;
    } else {
      ({ removed, reason } = enemyRollToClearLoss(clearer.challengeClass, stacks));
    }
    const remaining = Math.max(0, stacks - removed);
    steps.push({ condition, removed: stacks - remaining, remaining, reason });
    if (remaining > 0) next.push({ ...condition, stacks: remaining });
  }
  return { conditions: next, steps };
}

/** P(a player's roll-to-clear removes every stack this turn): P(successes ≥ stacks) for the pool (ch. 22). */
export function rollToClearProbability(stacks: number, pool: number): number {
  return probabilityAtLeast(pool, stacks);
}
