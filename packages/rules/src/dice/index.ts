// Dice (ch. 03–04): success distributions, result bands, opposed and luck rolls, patterns, exact rationals

export type { Fraction } from "./fraction.ts";
export * as fractions from "./fraction.ts";
export * from "./patterns.ts";
export * from "./successes.ts";
