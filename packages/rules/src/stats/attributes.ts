// Attributes and cores (ch. 05): plain data in, cores out
import type { Attribute, Core } from "@momenta/schema";

/** A character's six attributes (ch. 05), e.g. Mira's POW 0, AGI 3, REA 0, INS 1, PRE 0, LUCK 0. */
export type Attributes = Readonly<Record<Attribute, number>>;
export type Cores = Readonly<Record<Core, number>>;

/**
 * ch. 05: BODY = POW + AGI, MIND = REA + INS, SOUL = PRE + LUCK. Restated here (type-checked against the
 * schema's vocabulary) so the rules engine carries no runtime dependency.
 */
export const CORE_ATTRIBUTES = {
  BODY: ["POW", "AGI"],
  MIND: ["REA", "INS"],
  SOUL: ["PRE", "LUCK"],
} as const satisfies Record<Core, readonly [Attribute, Attribute]>;

export const ATTRIBUTE_NAMES = [
  "POW",
  "AGI",
  "REA",
  "INS",
  "PRE",
  "LUCK",
] as const satisfies readonly Attribute[];
export const CORE_NAMES = ["BODY", "MIND", "SOUL"] as const satisfies readonly Core[];

/** ch. 05: "The values of each core is derived from their corresponding attributes". */
export function coresOf(attributes: Attributes): Cores {
  return {
    BODY: attributes.POW + attributes.AGI,
    MIND: attributes.REA + attributes.INS,
    SOUL: attributes.PRE + attributes.LUCK,
  };
}

/** ch. 03: "Any division or fractional value in the game rounds down by default". */
export function half(value: number): number {
  return Math.floor(value / 2);
}
