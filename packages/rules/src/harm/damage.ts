// Damage (ch. 05, 19, 20, 21): Guard first, resistance/weakness on what passes, Wounds with carry-over, Defeated

/** What a creature's harm tracks look like at one moment (ch. 05, 21). */
export interface HarmState {
  readonly vitality: number;
  readonly maxVitality: number;
  readonly guard: number;
  readonly strain: number;
  readonly maxStrain: number;
  readonly wounds: number;
  readonly woundSlots: number;
  readonly burdens: number;
  readonly burdenSlots: number;
  readonly faltering: number;
  readonly unraveling: number;
  readonly defeated: boolean;
  readonly lost: boolean;
}

/** An unhurt creature: full Vitality and Guard, no Strain, no Wounds or Burdens. */
export function freshHarmState(stats: {
  readonly maxVitality: number;
  readonly maxStrain: number;
  readonly maxGuard?: number;
  readonly woundSlots?: number;
  readonly burdenSlots?: number;
}): HarmState {
  return {
    vitality: stats.maxVitality,
    maxVitality: stats.maxVitality,
    guard: stats.maxGuard ?? 0,
    strain: 0,
    maxStrain: stats.maxStrain,
    wounds: 0,
    woundSlots: stats.woundSlots ?? 3,
    burdens: 0,
    burdenSlots: stats.burdenSlots ?? 3,
    faltering: 0,
    unraveling: 0,
    defeated: false,
    lost: false,
  };
}

/** Damage as it arrives. */
export interface Damage {
  readonly amount: number;
  /** Damage type tags; empty for untyped damage (falling, drowning). */
  readonly types: readonly string[];
  /** From an attack (default true). Non-attack damage never touches Guard and ignores attack-only effects. */
  readonly fromAttack?: boolean;
  /** ch. 05: "attacks or effects with the Penetrating tag (including all damage from Wracked conditions)". */
  readonly penetrating?: boolean;
  /** ch. 30 Scene Actions: "Guard, resistances, and weaknesses do not apply" to non-attack Scene damage. */
  readonly ignoresMitigation?: boolean;
}

/** A defender's resistances and weaknesses by damage type, plus any "against the attack" ones (Brace, Mark). */
export interface Defenses {
  readonly resistances?: readonly string[];
  readonly weaknesses?: readonly string[];
  /** ch. 20: abilities that "gain resistance/weakness to the attack … regardless of damage type". */
  readonly resistanceToThisAttack?: boolean;
  readonly weaknessToThisAttack?: boolean;
}

/** ch. 20: "Resistance (Physical) shorthand … Resistance (Slashing), Resistance (Piercing), and Resistance (Crushing)". */
export const PHYSICAL_TYPES = ["Slashing", "Piercing", "Crushing"] as const;

/** ch. 22: "Wracked (Bleeding) … is treated as a combination of both the Piercing and Slashing damage types." */
export const BLEEDING_TYPES = ["Piercing", "Slashing"] as const;

function expand(types: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const t of types) {
    if (t === "Physical") for (const p of PHYSICAL_TYPES) out.add(p);
    else if (t === "Bleeding") for (const p of BLEEDING_TYPES) out.add(p);
    else out.add(t);
  }
  return out;
}

export type Modifier = "resistance" | "weakness" | "none";

/**
 * ch. 20 Resistance and Weakness, including multiple damage types: resistance to at least one listed type and
 * no weakness → resistance; weakness and no resistance → weakness; "at least one resistance and one weakness …
 * treats the attack normally". Resistance or weakness "to the attack" (Brace, the Mark hit location) "follows the
 * same rules for stacking and canceling out"; a second resistance does not halve again, as the text only ever
 * says "damage is halved".
 */
export function resistanceModifier(damage: Damage, defenses: Defenses): Modifier {
  if (damage.ignoresMitigation) return "none";
  const attack = damage.fromAttack ?? true;
  const types = expand(damage.types);
  const resisted = expand(defenses.resistances ?? []);
  const weak = expand(defenses.weaknesses ?? []);
  const hasResistance =
    [...types].some((t) => resisted.has(t)) || (attack && !!defenses.resistanceToThisAttack);
  const hasWeakness = [...types].some((t) => weak.has(t)) || (attack && !!defenses.weaknessToThisAttack);
  if (hasResistance && hasWeakness) return "none";
  if (hasResistance) return "resistance";
  if (hasWeakness) return "weakness";
  return "none";
}

/**
 * ch. 05: Guard absorbs Vitality damage from attacks, but not "untyped damage (falling, drowning …)", not
 * Penetrating damage, and not "any damage that is not from an attack".
 */
export function guardApplies(damage: Damage): boolean {
  return (
    (damage.fromAttack ?? true) && !damage.penetrating && !damage.ignoresMitigation && damage.types.length > 0
  );
}

export interface DamageResult {
  readonly state: HarmState;
  readonly absorbedByGuard: number;
  readonly modifier: Modifier;
  /** Damage that reached Vitality after resistance/weakness. */
  readonly toVitality: number;
  readonly newWounds: number;
  readonly becameDefeated: boolean;
  /** ch. 21: true when this damage filled the last Wound slot (the creature gains Faltering 1). */
  readonly gainedFaltering: boolean;
}

/**
 * Applies damage (ch. 20 step 4, ch. 21). Guard first; resistance halves (rounding down, minimum 0) and weakness
 * doubles "only … the portion of the damage that hits Vitality"; then Vitality, where each drop to 0 or below
 * fills a Wound slot and refills Vitality with the excess carried over ("Max Vitality of 10 … takes 15 damage …
 * 1 Wound and only 5 Vitality"). With no Wound slot left the creature is Defeated: Vitality 0, Faltering cleared.
 */
export function applyDamage(state: HarmState, damage: Damage, defenses: Defenses = {}): DamageResult {
  const amount = Math.max(0, Math.floor(damage.amount));
  const absorbed = guardApplies(damage) ? Math.min(Math.max(0, state.guard), amount) : 0;
  const passing = amount - absorbed;
  const modifier = resistanceModifier(damage, defenses);
  const toVitality =
    modifier === "resistance" ? Math.floor(passing / 2) : modifier === "weakness" ? passing * 2 : passing;
  const afterGuard: HarmState = { ...state, guard: state.guard - absorbed };
  const wounded = takeVitalityLoss(afterGuard, toVitality);
  return { ...wounded, absorbedByGuard: absorbed, modifier, toVitality };
}

function takeVitalityLoss(
  state: HarmState,
  loss: number,
): Pick<DamageResult, "state" | "newWounds" | "becameDefeated" | "gainedFaltering"> {
  if (state.defeated || loss <= 0)
    return { state, newWounds: 0, becameDefeated: false, gainedFaltering: false };
  let { vitality, wounds, faltering } = state;
  let newWounds = 0;
  let gainedFaltering = false;
  vitality -= loss;
  while (vitality <= 0) {
    if (wounds >= state.woundSlots) {
      // ch. 21: "If you have no Wound slot remaining, you immediately gain the Defeated condition";
      // ch. 22 Defeated: "your Vitality is set to 0, and any stacks of the Faltering condition are cleared."
      return {
        state: { ...state, vitality: 0, wounds, faltering: 0, defeated: true },
        newWounds,
        becameDefeated: true,
        gainedFaltering,
      };
    }
    wounds += 1;
    newWounds += 1;
    // "If there is any excess damage after reducing Vitality to 0, it carries over onto the refilled Vitality bar."
    vitality += state.maxVitality;
    if (wounds === state.woundSlots) {
      // "Once the character has filled up their last remaining Wound slot, they also gain the Faltering 1 condition."
      faltering += 1;
      gainedFaltering = true;
    }
  }
  return {
    state: { ...state, vitality, wounds, faltering },
    newWounds,
    becameDefeated: false,
    gainedFaltering,
  };
}

/**
 * ch. 19 Falling: "2 untyped damage per square of distance fallen. The distance can be mitigated by the
 * character's AGI value" — Mira (AGI 3) falling 5 squares treats it as 2 and takes 4.
 */
export function fallDamage(squares: number, agi: number): Damage {
  return { amount: 2 * Math.max(0, squares - Math.max(0, agi)), types: [], fromAttack: false };
}

/**
 * ch. 22 Wracked: "take 2 damage per stack of the specified damage type. This damage is considered Penetrating
 * (bypasses Guard), and it is taken before the stack is reduced by 1 from auto-clear."
 */
export function wrackedDamage(stacks: number, damageType: string): Damage {
  return { amount: 2 * Math.max(0, stacks), types: [damageType], fromAttack: false, penetrating: true };
}

/** ch. 11 Improvised weapons: "the weapon will deal half damage (minimum 1)". */
export function improvisedDamage(amount: number): number {
  return Math.max(1, Math.floor(amount / 2));
}
