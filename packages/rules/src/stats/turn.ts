// Turn start and movement (ch. 18, 19, 22): Vigor regain, Guard refresh, Move / Shift distances

/**
 * ch. 18 Taking a Turn: "Regains Vigor equal to 3 + (BODY / 2); their Vigor cannot exceed their Max Vigor" and
 * "Restore Guard back to Max Guard", except that "characters with Over-Guard … do not restore their Guard".
 * ch. 22 Exhausted: "Refresh only half your Vigor at the beginning of each turn (minimum 1)".
 */
export function startOfTurn(input: {
  readonly vigor: number;
  readonly maxVigor: number;
  readonly regain: number;
  readonly guard: number;
  readonly maxGuard: number;
  readonly exhausted?: boolean;
}): { vigor: number; guard: number } {
  const regain = input.exhausted ? Math.max(1, Math.floor(input.regain / 2)) : input.regain;
  return {
    vigor: Math.min(input.maxVigor, input.vigor + regain),
    guard: Math.max(input.guard, input.maxGuard),
  };
}

/**
 * Squares one Move or Shift covers (ch. 19): Move up to SPD, Shift half SPD. Hindered: "can only Move up to half
 * SPD (minimum 1), and they cannot Shift". Climbing: "you cannot Shift while climbing … you may not move more
 * than 1 square". Swimming: "you cannot Shift while swimming". Returns 0 when the maneuver is not allowed.
 */
export function movementSquares(
  spd: number,
  maneuver: "Move" | "Shift",
  options: { readonly hindered?: boolean; readonly climbing?: boolean; readonly swimming?: boolean } = {},
): number {
  if (maneuver === "Shift") {
    if (options.hindered || options.climbing || options.swimming) return 0;
    return Math.floor(spd / 2);
  }
  if (options.climbing) return Math.min(1, spd);
  return options.hindered ? Math.max(1, Math.floor(spd / 2)) : spd;
}

/** ch. 19 Vertical Jump: "The number of squares they can jump equals 1 + (POW / 2)." */
export function verticalJumpSquares(pow: number): number {
  return 1 + Math.floor(pow / 2);
}
