// A character entry's sheet on the site: its bonuses and ancestry read from the graph, drawn by render/sheet.ts
import { type Entry, entryOfKind, type TypedEntry } from "@momenta/content";
import {
  type ArchetypeRanks,
  archetypeBonuses,
  type BonusStat,
  deriveStats,
  type StatBonus,
} from "@momenta/rules";
import type { Archetype } from "@momenta/schema";
import type { HtmlNode } from "../html.ts";
import type { PageLinks } from "../references.ts";
import { characterSheet, sheetRows } from "../sheet.ts";

/** The Bonuses line of each rank, as the archetype entry states it (keys are the rules' stat names). */
function bonusesByRank(archetype: Archetype): Partial<Record<BonusStat, number>>[] {
  return (archetype.ranks ?? []).map((rank) => {
    const out: Partial<Record<BonusStat, number>> = {};
    for (const [stat, amount] of Object.entries(rank.bonuses ?? {}))
      if (typeof amount === "number") out[stat as BonusStat] = amount;
    return out;
  });
}

/** Bonuses from held archetype ranks and equipped armor, read from their catalog entries. */
export function characterBonuses(character: TypedEntry<"character">, links: PageLinks): StatBonus[] {
  const ranks: ArchetypeRanks[] = character.data.archetypes.flatMap(({ archetype, rank }) => {
    const entry = entryOfKind(links.graph.get(archetype), "archetype");
    return entry ? [{ name: entry.name, rank, bonusesByRank: bonusesByRank(entry.data) }] : [];
  });
  const bonuses = archetypeBonuses(ranks);
  for (const id of character.data.gear) {
    const armor = entryOfKind(links.graph.get(id), "armor");
    if (armor?.data.guardBonus !== undefined)
      bonuses.push({ stat: "maxGuard", amount: armor.data.guardBonus, source: armor.name });
  }
  return bonuses;
}

/** The character's sheet with links to what it holds, the book's table folded under it. */
export function characterSheetOf(entry: Entry, links: PageLinks): HtmlNode[] {
  const character = entryOfKind(entry, "character");
  if (!character) return [];
  const data = character.data;
  const derived = deriveStats({
    attributes: data.attributes,
    characterRank: data.characterRank,
    bonuses: characterBonuses(character, links),
  });
  const ancestry = entryOfKind(links.graph.get(data.ancestry), "archetype");
  const rows = sheetRows(derived, data.statedDerivedStats, {
    name: ancestry?.name,
    stats: ancestry?.data.ancestryStats,
  });
  return characterSheet(data, rows, {
    ref: (id) => links.link(id),
    prose: (text) => links.inline(text),
    headingLevel: links.sectionLevel,
  });
}
