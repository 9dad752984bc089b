// Party Momentum (ch. 06) and the Stressed / Crisis states (ch. 22)

/**
 * ch. 06: "Max Momentum = Sum of every party member's SOUL + number of party members", counting only
 * "party members that belong to players … NPC allies are not." Pass the SOUL of each player character.
 */
export function maxMomentum(playerSouls: readonly number[]): number {
  return playerSouls.reduce((total, soul) => total + soul, 0) + playerSouls.length;
}

/** ch. 06: "Momentum can never rise above the maximum value, or be reduced below 0." */
export function clampMomentum(momentum: number, max: number): number {
  return Math.min(max, Math.max(0, momentum));
}

/**
 * ch. 22 Stressed: "Strain is at least half of their Max Strain. Example, if a character has a Max Strain of
 * 7, they are considered Stressed if they have 3 or more Strain" — half rounds down (ch. 03).
 */
export function isStressed(strain: number, maxStrain: number): boolean {
  return strain >= Math.floor(maxStrain / 2);
}

/**
 * ch. 22 Crisis: "if they have either the Faltering or Unraveling conditions, or if they have no Wound slots
 * or no Burden slots remaining."
 */
export function isInCrisis(state: {
  readonly faltering: number;
  readonly unraveling: number;
  readonly wounds: number;
  readonly woundSlots: number;
  readonly burdens: number;
  readonly burdenSlots: number;
}): boolean {
  return (
    state.faltering > 0 ||
    state.unraveling > 0 ||
    state.wounds >= state.woundSlots ||
    state.burdens >= state.burdenSlots
  );
}
