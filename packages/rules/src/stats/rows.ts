// The ch. 12 derived-stats table as the book writes it: its rows, and a stat's calculation as one line of text
import type { StatedDerivedStats } from "@momenta/schema";
import type { DerivedStats, StatLine } from "./derived.ts";

/** A stat of the table (the mastery slots and cores have tables of their own). */
export type DerivedStatKey = Exclude<keyof DerivedStats, "cores" | "masterySlots">;

/** A row of a character file's stated derived stats that holds one number and its calculation. */
export type StatedRowKey = Exclude<keyof StatedDerivedStats, "spd" | "sen" | "size" | "masterySlots">;

/** Labels as the ch. 12 table writes them, with the key of the stated row in a character file. */
export const DERIVED_STAT_ROWS: readonly [label: string, key: DerivedStatKey, stated: StatedRowKey][] = [
  ["Max Vitality", "maxVitality", "maxVitality"],
  ["Max Strain", "maxStrain", "maxStrain"],
  ["Wound Slots", "woundSlots", "woundSlots"],
  ["Burden Slots", "burdenSlots", "burdenSlots"],
  ["Resolve", "resolve", "resolve"],
  ["Max Vigor", "maxVigor", "maxVigor"],
  ["Vigor regain (per turn)", "vigorRegain", "vigorRegain"],
  ["Max Guard", "maxGuard", "maxGuard"],
  ["Gear Slots", "gearSlots", "gearSlots"],
  ["Wondrous Item Slots", "wondrousSlots", "wondrousItemSlots"],
  ["Consumable Points", "consumablePoints", "consumablePoints"],
  ["Max Bonds", "maxBonds", "maxBonds"],
];

const signed = (amount: number) => (amount < 0 ? `−${-amount}` : `+${amount}`);

/** "(BODY + 3) × 3 +1 from R1 Half-Elf …": the first part is the formula, the rest the bonuses added to it. */
export function calculationText(line: StatLine): string {
  return line.parts
    .map((part, index) => (index === 0 ? part.label : `${signed(part.amount)} from ${part.label}`))
    .join(" ");
}
