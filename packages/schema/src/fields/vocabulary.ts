// Closed vocabularies the rules fix (ch. 05, 11, 30): attributes, cores, weight and challenge classes
import { z } from "zod";

/** The six attributes (ch. 05). Order is the book's. */
export const ATTRIBUTES = ["POW", "AGI", "REA", "INS", "PRE", "LUCK"] as const;
export const attribute = z
  .enum(ATTRIBUTES)
  .describe("An attribute: POW, AGI, REA, INS, PRE or LUCK (ch. 05)");
export type Attribute = z.infer<typeof attribute>;

/** The three cores, each the sum of two attributes (ch. 05). */
export const CORES = ["BODY", "MIND", "SOUL"] as const;
export const core = z.enum(CORES).describe("A core: BODY (POW + AGI), MIND (REA + INS) or SOUL (PRE + LUCK)");
export type Core = z.infer<typeof core>;

/** Which attributes make up each core (ch. 05). */
export const CORE_ATTRIBUTES: Readonly<Record<Core, readonly [Attribute, Attribute]>> = {
  BODY: ["POW", "AGI"],
  MIND: ["REA", "INS"],
  SOUL: ["PRE", "LUCK"],
};

/** Weapon weight classes (ch. 11). */
export const WEIGHT_CLASSES = ["Light", "Medium", "Heavy", "Superheavy"] as const;
export const weightClass = z
  .enum(WEIGHT_CLASSES)
  .describe("Weapon weight class: Light, Medium, Heavy or Superheavy");
export type WeightClass = z.infer<typeof weightClass>;

/** Armor categories (ch. 11). */
export const ARMOR_CATEGORIES = ["Standard", "Martial"] as const;
export const armorCategory = z
  .enum(ARMOR_CATEGORIES)
  .describe("Standard armor is open to everyone; Martial armor needs an archetype that grants it");

/** Enemy challenge classes (ch. 30 and the enemy catalog). */
export const CHALLENGE_CLASSES = ["Grunt", "Regular", "Elite", "Champion", "Nemesis"] as const;
export const challengeClass = z
  .enum(CHALLENGE_CLASSES)
  .describe("Challenge class of an enemy: Grunt, Regular, Elite, Champion or Nemesis");
export type ChallengeClass = z.infer<typeof challengeClass>;

/** Mastery board types (ch. 08). */
export const MASTERY_TYPES = ["body", "mind", "soul"] as const;
export const masteryType = z
  .enum(MASTERY_TYPES)
  .describe("Which mastery board the mastery slots into: body, mind or soul");

/** The four result bands of a roll's effect ladder (ch. 03). */
export const LADDER_BANDS = ["0s", "1s", "2s", "3+"] as const;
