// Adapters from content entries (character, archetypes) to the plain inputs of stats and build checks
import type { WeightClass } from "@momenta/schema";
import type { Attributes } from "../stats/attributes.ts";
import {
  type ArchetypeRanks,
  archetypeBonuses,
  type DerivedStatsInput,
  type StatBonus,
} from "../stats/derived.ts";
import type { ArchetypeType, ArmorCategory, BonusSlotGroup, BuildArchetype } from "./types.ts";

/**
 * The fields of a character entry (schema `Character`, content/characters/) these adapters read. Stated
 * structurally so the rules stay independent of the file shape and type-check even where the schema's inferred
 * type is loose.
 */
export interface CharacterData {
  readonly characterRank: number;
  readonly attributes: Attributes;
  readonly archetypes: readonly { readonly archetype: string; readonly rank: number }[];
}

/** The fields of an archetype entry (schema `Archetype`, content/archetypes/) these adapters read. */
export interface ArchetypeData {
  readonly id: string;
  readonly name: string;
  readonly type: ArchetypeType;
  readonly masteryDomains?: readonly string[];
  readonly ranks?: readonly {
    readonly rank: number;
    readonly bonuses: Partial<Record<"maxVitality" | "maxStrain" | "maxGuard" | "resolve", number>>;
    readonly abilities: readonly {
      readonly name: string;
      readonly grants?: {
        readonly wildcardMasterySlots?: number;
        readonly bonusMasterySlots?: {
          readonly count: number;
          readonly restriction: "resonance" | "resonance-or-art";
        };
        readonly masteryDomains?: readonly string[];
        readonly weaponWeightClasses?: readonly WeightClass[];
        readonly armorCategories?: readonly ArmorCategory[];
        readonly spellFoci?: boolean;
        readonly spellcastingAttribute?: string;
      };
    }[];
  }[];
}

type ArchetypesById = Readonly<Record<string, ArchetypeData>>;
type Character = CharacterData;

function archetypeOf(id: string, archetypes: ArchetypesById): ArchetypeData {
  const found = archetypes[id];
  if (!found) throw new Error(`archetype ${id} is not among the archetype entries given`);
  return found;
}

/** The Bonuses line of every rank of each archetype a character holds (Archetypes catalog). */
export function archetypeRanksOf(character: Character, archetypes: ArchetypesById): ArchetypeRanks[] {
  return character.archetypes.map(({ archetype, rank }) => {
    const entry = archetypeOf(archetype, archetypes);
    return { name: entry.name, rank, bonusesByRank: (entry.ranks ?? []).map((r) => ({ ...r.bonuses })) };
  });
}

/**
 * What each archetype's held ranks grant, read from the abilities' `grants` (ranks above the one held are
 * ignored). Restrictions the schema keeps only in prose (e.g. Scholar's "at least 1 Resonance and 1 Art") are not
 * known here; add them to the BonusSlotGroup by hand where needed.
 */
export function buildArchetypesOf(character: Character, archetypes: ArchetypesById): BuildArchetype[] {
  return character.archetypes.map(({ archetype, rank }) => {
    const entry = archetypeOf(archetype, archetypes);
    const held = (entry.ranks ?? []).filter((r) => r.rank <= rank);
    const grants = held.flatMap((r) =>
      r.abilities.map((a) => ({ rank: r.rank, name: a.name, grants: a.grants })),
    );
    const bonusSlots: BonusSlotGroup[] = [];
    let wildcardSlots = 0;
    const domains = [...(entry.masteryDomains ?? [])];
    const weaponWeightClasses: WeightClass[] = [];
    const armorCategories: ArmorCategory[] = [];
    let spellFoci = false;
    let spellcasting = false;
    let resonanceLimit: BuildArchetype["resonanceLimit"];
    for (const g of grants) {
      if (!g.grants) continue;
      wildcardSlots += g.grants.wildcardMasterySlots ?? 0;
      domains.push(...(g.grants.masteryDomains ?? []));
      weaponWeightClasses.push(...(g.grants.weaponWeightClasses ?? []));
      armorCategories.push(...(g.grants.armorCategories ?? []));
      spellFoci ||= g.grants.spellFoci ?? false;
      spellcasting ||= g.grants.spellcastingAttribute !== undefined;
      const bonus = g.grants.bonusMasterySlots;
      // an ancestry's spellcasting with Resonance-only bonus slots is innate (Elf R3): "You may not take additional
      // Resonances unless you have a path archetype that grants spellcasting"
      if (entry.type === "ancestry" && g.grants.spellcastingAttribute && bonus?.restriction === "resonance")
        resonanceLimit = { source: `R${g.rank} ${entry.name}: ${g.name}`, count: bonus.count };
      if (bonus) {
        bonusSlots.push({
          id: `${entry.id}/r${g.rank}`,
          source: `R${g.rank} ${entry.name}: ${g.name}`,
          count: bonus.count,
          accepts: bonus.restriction === "resonance" ? ["Resonance"] : ["Resonance", "Art"],
        });
      }
    }
    return {
      name: entry.name,
      rank,
      type: entry.type,
      masteryDomains: domains,
      weaponWeightClasses,
      armorCategories,
      spellFoci,
      spellcasting,
      ...(resonanceLimit ? { resonanceLimit } : {}),
      wildcardSlots,
      bonusSlots,
    };
  });
}

/**
 * Derived-stat input for a character entry: its attributes and rank, its archetype rank bonuses, plus any
 * extra bonuses (armor Guard, items) the caller resolves from gear.
 */
export function derivedStatsInputOf(
  character: Character,
  archetypes: ArchetypesById,
  extraBonuses: readonly StatBonus[] = [],
): DerivedStatsInput {
  const wildcard = buildArchetypesOf(character, archetypes).flatMap((a): StatBonus[] =>
    a.wildcardSlots ? [{ stat: "wildcardSlots", amount: a.wildcardSlots, source: a.name }] : [],
  );
  return {
    attributes: character.attributes,
    characterRank: character.characterRank,
    bonuses: [...archetypeBonuses(archetypeRanksOf(character, archetypes)), ...wildcard, ...extraBonuses],
  };
}
