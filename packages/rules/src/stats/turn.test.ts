// Turn start (ch. 18, 22) and movement (ch. 19)
import { describe, expect, it } from "vitest";
import { movementSquares, startOfTurn, verticalJumpSquares } from "./turn.ts";

describe("start of turn (ch. 18)", () => {
  it("regains Vigor up to the cap and restores Guard", () => {
    expect(startOfTurn({ vigor: 1, maxVigor: 7, regain: 4, guard: 0, maxGuard: 4 })).toEqual({
      vigor: 5,
      guard: 4,
    });
    expect(startOfTurn({ vigor: 6, maxVigor: 7, regain: 4, guard: 1, maxGuard: 4 }).vigor).toBe(7);
  });

  it("keeps Over-Guard, and Exhausted halves the regain (minimum 1)", () => {
    expect(startOfTurn({ vigor: 0, maxVigor: 7, regain: 4, guard: 6, maxGuard: 4 }).guard).toBe(6);
    expect(
      startOfTurn({ vigor: 0, maxVigor: 7, regain: 4, guard: 0, maxGuard: 0, exhausted: true }).vigor,
    ).toBe(2);
    expect(
      startOfTurn({ vigor: 0, maxVigor: 7, regain: 1, guard: 0, maxGuard: 0, exhausted: true }).vigor,
    ).toBe(1);
  });
});

describe("movement (ch. 19)", () => {
  it("Move covers SPD, Shift half; Hindered halves Move (minimum 1) and forbids Shift", () => {
    expect(movementSquares(5, "Move")).toBe(5);
    expect(movementSquares(5, "Shift")).toBe(2);
    expect(movementSquares(5, "Move", { hindered: true })).toBe(2);
    expect(movementSquares(1, "Move", { hindered: true })).toBe(1);
    expect(movementSquares(5, "Shift", { hindered: true })).toBe(0);
  });

  it("climbing moves 1 square and never Shifts; a vertical jump is 1 + POW / 2", () => {
    expect(movementSquares(6, "Move", { climbing: true })).toBe(1);
    expect(movementSquares(6, "Shift", { swimming: true })).toBe(0);
    expect([0, 1, 2, 5].map(verticalJumpSquares)).toEqual([1, 1, 2, 3]);
  });
});
