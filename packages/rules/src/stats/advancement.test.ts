// Advancement by rank (ch. 13), tiers of play and merits (ch. 29), and the Grimland mission clock (ch. 28)
import { describe, expect, it } from "vitest";
import { seedText } from "../../test/book.ts";
import {
  advancementAt,
  attributeIncreasesAt,
  bonusVigorAt,
  maxVigorAt,
  ranksFromMerits,
  tierOfPlay,
  wildcardSlotsAt,
} from "./advancement.ts";
import { type MissionStep, runMissionClock } from "./mission.ts";

describe("advancement by rank (ch. 13)", () => {
  it("gives +1 attribute at every even rank from 4", () => {
    expect([3, 4, 5, 6, 8, 20].map(attributeIncreasesAt)).toEqual([0, 1, 1, 2, 3, 9]);
    const newAt = Array.from({ length: 20 }, (_, i) => i + 1).filter(
      (r) => advancementAt(r).newAtThisRank.attribute,
    );
    expect(newAt).toEqual([4, 6, 8, 10, 12, 14, 16, 18, 20]);
  });

  it("gives a wildcard slot at each multiple of 5 (1 to start)", () => {
    expect([3, 4, 5, 9, 10, 15, 20].map(wildcardSlotsAt)).toEqual([1, 1, 2, 2, 3, 4, 5]);
  });

  it("gives +1 Vigor cap at rank 7 and each multiple of 7", () => {
    expect([6, 7, 13, 14, 21].map(bonusVigorAt)).toEqual([0, 1, 1, 2, 3]);
    expect(maxVigorAt(3)).toBe(7);
    expect(maxVigorAt(14)).toBe(9);
  });
});

describe("tiers of play and merits (ch. 29)", () => {
  it("puts CR3–8, 9–14, 15–20 in three tiers of six ranks and CR21+ in Paragon", () => {
    expect([3, 8, 9, 14, 15, 20, 21, 40].map(tierOfPlay)).toEqual([
      "Novice",
      "Novice",
      "Seasoned",
      "Seasoned",
      "Veteran",
      "Veteran",
      "Paragon",
      "Paragon",
    ]);
    expect(tierOfPlay(2)).toBeUndefined();
  });

  it("buys one rank per 5 merits at Heroic", () => {
    expect(seedText()).toContain("it takes 5 merits / rank");
    expect(ranksFromMerits(12)).toEqual({ ranks: 2, leftover: 2 });
  });
});

describe("the Grimland mission clock (ch. 28)", () => {
  const grimland: MissionStep[] = [
    { kind: "objective", name: "Rescue the princess", beats: 2, merits: 3 },
    { kind: "objective", name: "Help find food for the city", beats: 1, merits: 1 },
    { kind: "objective", name: "Find out what has been destroying the city’s crops", beats: 1, merits: 1 },
  ];

  it("states the arc the test replays", () => {
    const text = seedText();
    expect(text).toContain("[Main] Rescue the princess (2 beats, +3 merits)");
    expect(text).toContain("[Side] Help find food for the city (1 beat, +1 merit)");
    expect(text).toContain("[Side] Find out what has been destroying the city’s crops (1 beat, +1 merit)");
    expect(text).toContain("Clock: 6 beats");
  });

  it("all three objectives fit the 6-beat clock: 4 beats, 5 merits, one Heroic rank", () => {
    const run = runMissionClock(6, grimland);
    expect(run.beatsSpent).toBe(4);
    expect(run.beatsLeft).toBe(2);
    expect(run.merits).toBe(5);
    expect(run.clockRanOut).toBe(false);
    expect(ranksFromMerits(run.merits).ranks).toBe(1);
  });

  it("downtime costs a beat, and objectives completed past the clock pay half (rounded down)", () => {
    const run = runMissionClock(6, [
      { kind: "downtime" },
      { kind: "downtime" },
      { kind: "downtime" },
      ...grimland.slice(1),
      grimland[0] as MissionStep,
    ]);
    expect(run.beatsSpent).toBe(7);
    expect(run.steps.map((s) => s.meritsPaid)).toEqual([0, 0, 0, 1, 1, 1]);
    expect(run.steps.at(-1)?.halved).toBe(true);
    expect(run.merits).toBe(3);
    expect(run.beatsLeft).toBe(0);
  });

  it("without a clock there is no time pressure", () => {
    const run = runMissionClock(null, [...grimland, ...grimland, ...grimland]);
    expect(run.merits).toBe(15);
    expect(run.beatsLeft).toBeNull();
  });
});
