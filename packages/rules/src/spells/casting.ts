// Spell costs and grazes (ch. 24): base cost plus shaping steps, area capped at step 4, graze Strain 1 or 2

/** The three spell dimensions an Art may let the caster shape (ch. 24). */
export type SpellDimension = "range" | "duration" | "area";
export const SPELL_DIMENSIONS: readonly SpellDimension[] = ["range", "duration", "area"];

/** One dimension of an Art's Basic Shape: its step and whether it is "Shapeable" or "Fixed". */
export interface BasicDimension {
  readonly step: number;
  readonly shapeable: boolean;
}

/** What a cast needs from its Art: "Base Cost: X Vigor" and the Basic Shape. */
export interface ArtShape {
  readonly baseCost: number;
  readonly range: BasicDimension;
  readonly duration: BasicDimension;
  readonly area: BasicDimension;
}

/** The steps the caster chooses; an omitted dimension stays at its basic step. */
export type ChosenShape = Partial<Record<SpellDimension, number>>;

/** ch. 24: "Unlike range and duration shaping, area shaping is capped at step 4." */
export const MAX_AREA_STEP = 4;

export interface ShapingViolation {
  readonly code: "fixed-dimension" | "area-above-cap" | "invalid-step";
  readonly dimension: SpellDimension;
  readonly message: string;
}

export interface SpellCost {
  /** "The Art's base cost plus all spell-shaping upgrades." */
  readonly vigor: number;
  /** Steps paid per dimension (0 when cast at or below the basic shape). */
  readonly steps: Readonly<Record<SpellDimension, number>>;
  /** True when any dimension is shaped beyond the basic shape (graze Strain becomes 2). */
  readonly shaped: boolean;
  readonly violations: readonly ShapingViolation[];
}

/**
 * ch. 24 Casting a Spell, step 3: "Pays the total Vigor cost - The Art's base cost plus all spell-shaping
 * upgrades." "Every step up adds +1 to the Vigor cost"; "A caster may always deliver a spell at any range step
 * below its basic shape at no change in Vigor cost. Casting below the basic shape grants no Vigor discount."
 * Shaping a Fixed dimension up, or area beyond step 4, is returned as a violation (and not charged).
 */
export function spellCost(art: ArtShape, chosen: ChosenShape = {}): SpellCost {
  const steps: Record<SpellDimension, number> = { range: 0, duration: 0, area: 0 };
  const violations: ShapingViolation[] = [];
  for (const dimension of SPELL_DIMENSIONS) {
    const basic = art[dimension];
    const step = chosen[dimension] ?? basic.step;
    if (!Number.isInteger(step) || step < 0) {
      violations.push({
        code: "invalid-step",
        dimension,
        message: `${dimension} step must be a whole number ≥ 0`,
      });
      continue;
    }
    if (dimension === "area" && step > MAX_AREA_STEP) {
      violations.push({
        code: "area-above-cap",
        dimension,
        message: `area step ${step} is above the cap: "area shaping is capped at step ${MAX_AREA_STEP}"`,
      });
      continue;
    }
    const up = Math.max(0, step - basic.step);
    if (up > 0 && !basic.shapeable) {
      violations.push({
        code: "fixed-dimension",
        dimension,
        message: `${dimension} is Fixed for this Art; only dimensions "the Art lists as Shapeable" can be upgraded`,
      });
      continue;
    }
    steps[dimension] = up;
  }
  const paid = steps.range + steps.duration + steps.area;
  return { vigor: art.baseCost + paid, steps, shaped: paid > 0, violations };
}

/**
 * ch. 24 Grazing with a Spell: "When a spellcasting roll produces 0 successes, the caster takes 1 Strain. If the
 * caster has performed spell-shaping on the spell beyond the spell's basic shape, they take 2 Strain instead."
 */
export function grazeStrain(successes: number, shaped: boolean): number {
  if (successes > 0) return 0;
  return shaped ? 2 : 1;
}

/**
 * Channeler R2 Patron's Will: "Every success costs 2 Strain"; with R3 Patron's Gift "1 success costs 1 Strain; 2
 * successes costs 2 Strain; beyond that, every extra success costs 2 Strain as per normal" (Archetypes catalog).
 */
export function patronsWillStrain(successes: number, patronsGift = false): number {
  const n = Math.max(0, Math.floor(successes));
  if (!patronsGift) return 2 * n;
  return Math.min(n, 2) + 2 * Math.max(0, n - 2);
}

/**
 * Scholar R3 Long Casting: "half on the current turn, and half at the start of your next turn (if the Vigor cost
 * is odd, the one extra Vigor is spent on this turn)".
 */
export function longCastingSplit(vigor: number): { thisTurn: number; nextTurn: number } {
  const nextTurn = Math.floor(vigor / 2);
  return { thisTurn: vigor - nextTurn, nextTurn };
}
