// Plain-data inputs of the build checks and the violation they report (ch. 07, 08, 11, 12, 13, 26)
import type { Core, WeightClass } from "@momenta/schema";
import type { Attributes } from "../stats/attributes.ts";
import type { StatBonus } from "../stats/derived.ts";

export type ArmorCategory = "Standard" | "Martial";
export type ArchetypeType = "ancestry" | "basic-path" | "specialist-path";
export type MasteryType = "body" | "mind" | "soul";
export type TypeBoard = MasteryType | "wildcard";

/** Bonus mastery slots an ability grants, with what they may hold (ch. 08 "Bonus Mastery Slots"). */
export interface BonusSlotGroup {
  readonly id: string;
  /** Who grants them, e.g. "R1 Scholar: Starting Repertoire". */
  readonly source: string;
  readonly count: number;
  /** Mastery categories allowed, e.g. ["Resonance", "Art"]. */
  readonly accepts: readonly string[];
  /** Minimums inside the group, e.g. Scholar R1 "at least 1 Resonance and 1 Art in those 3 slots". */
  readonly requires?: readonly { readonly category: string; readonly min: number }[];
}

/** An archetype the character holds, with what its held ranks grant (only ranks up to `rank`). */
export interface BuildArchetype {
  readonly name: string;
  readonly rank: number;
  readonly type: ArchetypeType;
  /** Ranks at which the archetype is realized (ch. 07 "at its maximum rank"; glossary "its third rank"). */
  readonly maxRank?: number;
  /** Mastery domains the archetype opens (ch. 12: Half-Elf → Human, Elf; Warrior → Martial, Warrior). */
  readonly masteryDomains?: readonly string[];
  readonly weaponWeightClasses?: readonly WeightClass[];
  readonly armorCategories?: readonly ArmorCategory[];
  readonly spellFoci?: boolean;
  /** An ability of a held rank grants spellcasting (a spellcasting attribute). */
  readonly spellcasting?: boolean;
  /**
   * An ancestry's innate spellcasting that caps Resonances unless a path archetype grants spellcasting (Archetypes
   * catalog, Elf R3: "You may not take additional Resonances unless you have a path archetype that grants
   * spellcasting"): the ability's name and the Resonances its bonus slots allow.
   */
  readonly resonanceLimit?: { readonly source: string; readonly count: number };
  /** Extra wildcard slots from its abilities (Human R1 Versatile). */
  readonly wildcardSlots?: number;
  readonly bonusSlots?: readonly BonusSlotGroup[];
}

/** An equipped mastery (ch. 08). `board` is where the build puts it; left out, the checker finds a fit. */
export interface BuildMastery {
  readonly name: string;
  readonly type: MasteryType;
  readonly domain: string;
  /** Slot cost; "Some particularly powerful masteries cost more than 1 slot". Default 1. */
  readonly slots?: number;
  /** Category for bonus-slot restrictions, e.g. "Resonance" (a Resonance's access mastery), "Art". */
  readonly category?: string;
  /** A type board, "wildcard", or `bonus:<group id>`. */
  readonly board?: TypeBoard | `bonus:${string}`;
}

/** An item in gear slots (ch. 11). */
export interface BuildGear {
  readonly name: string;
  readonly kind: "weapon" | "armor" | "focus" | "wondrous";
  readonly weightClass?: WeightClass;
  readonly armorCategory?: ArmorCategory;
  /** Parts of one combination weapon share a group name (ch. 11 "share the Combo tag"). */
  readonly combination?: string;
  /** Always-equipped and slot-free, like the Unarmed Attack (ch. 11). */
  readonly free?: boolean;
  /** ch. 11 Improvised weapons: no gear slot, at most one, never Superheavy. */
  readonly improvised?: boolean;
}

/** A Limit Break's prerequisite (ch. 26): a core minimum (e.g. BODY 2) or a realized archetype. */
export type LimitBreakPrerequisite =
  | { readonly core: Core; readonly min: number }
  | { readonly realized: string };

export interface BuildLimitBreak {
  readonly name: string;
  readonly prerequisites: readonly LimitBreakPrerequisite[];
  /** A Combo Limit Break's mutual Bond intensity (ch. 25 "mutual Bond 4+"; "Some … require mutual Bond 5"). */
  readonly mutualBond?: number;
}

/** A consumable the character lists (ch. 11): common ones every adventurer has, exotic ones are gained. */
export interface BuildConsumable {
  readonly name: string;
  readonly rarity?: "common" | "exotic";
}

export interface BuildInput {
  /** "creation" applies ch. 12's creation rules (cap 3, starting attribute points); "advanced" applies ch. 13. */
  readonly stage: "creation" | "advanced";
  readonly attributes: Attributes;
  readonly archetypes: readonly BuildArchetype[];
  /** Stated character rank; checked against the archetype ranks. Defaults to their sum. */
  readonly characterRank?: number;
  /** ch. 12 Step 0: "Most standard "Heroic" campaigns will start at Rank 3." */
  readonly startingRank?: number;
  /** ch. 12 Step 2: "A starting Rank 3 character will have 4 attribute points". Other ranks: give it. */
  readonly startingAttributePoints?: number;
  readonly masteries?: readonly BuildMastery[];
  readonly gear?: readonly BuildGear[];
  readonly limitBreaks?: readonly BuildLimitBreak[];
  /** Resonances the character has access to (ch. 24), by name or id. */
  readonly resonances?: readonly string[];
  /** Consumables listed on the character (ch. 11). */
  readonly consumables?: readonly BuildConsumable[];
  /** The character's side of its Bonds (ch. 10); a Bond's other side is another character's file. */
  readonly bonds?: readonly { readonly target: string; readonly intensity: number }[];
  /** Limit Break slots for the tier (ch. 26's table is lost): checked only when given. */
  readonly limitBreakSlots?: number;
  /** Bonuses to slots from items or masteries (gearSlots, wondrousSlots, wildcardSlots). */
  readonly bonuses?: readonly StatBonus[];
  /** Domains open to everyone; ch. 12 lists General for Mira though no archetype grants it. */
  readonly alwaysAvailableDomains?: readonly string[];
}

export type ViolationCode =
  | "rank-mismatch"
  | "starting-rank"
  | "archetype-rank"
  | "ancestry-required"
  | "attribute-negative"
  | "attribute-points"
  | "creation-cap"
  | "equilibrium"
  | "mastery-board-type"
  | "mastery-board-overfull"
  | "mastery-no-fit"
  | "mastery-bonus-restriction"
  | "mastery-bonus-requirement"
  | "mastery-domain"
  | "resonance-access-cost"
  | "gear-slots"
  | "armor-count"
  | "weapon-access"
  | "armor-access"
  | "focus-access"
  | "improvised"
  | "wondrous-slots"
  | "limit-break-prerequisite"
  | "limit-break-slots"
  | "resonance-limit"
  | "combo-bond"
  | "common-consumable";

/** One broken rule, as data: what, where in the input, which chapter says so. */
export interface Violation {
  readonly code: ViolationCode;
  readonly severity: "error" | "warning";
  readonly message: string;
  /** Path into the BuildInput, e.g. ["masteries", 2]. */
  readonly path: readonly (string | number)[];
  /** Chapter that states the rule, e.g. "12", or the catalog, e.g. "Spellcasting Catalog". */
  readonly chapter: string;
}
