// The builder's character through the `characters` lint rule's own check: rows not chosen yet left out, paths mapped back
import {
  type CharacterCheck,
  type CharacterProblem,
  checkCharacter,
  type NamedEntry,
} from "@momenta/lint/characters";
import type { BuilderEntry, CharacterFile } from "./model.ts";

/** Rows of each list the builder shows, by their place in the file once empty rows are left out. */
export interface Chosen {
  character: CharacterFile;
  /** For each list, the builder row of each file index. */
  rows: { archetypes: number[]; masteries: number[]; gear: number[] };
}

function keep<T>(list: readonly T[], chosen: (item: T) => boolean): { items: T[]; rows: number[] } {
  const items: T[] = [];
  const rows: number[] = [];
  list.forEach((item, row) => {
    if (!chosen(item)) return;
    items.push(item);
    rows.push(row);
  });
  return { items, rows };
}

/** The character as its file holds it: rows whose choice is still empty are not in it. */
export function chosenOf(character: CharacterFile): Chosen {
  const archetypes = keep(character.archetypes, (held) => held.archetype !== "");
  const masteries = keep(character.masteries, (slotted) => slotted.mastery !== "");
  const gear = keep(character.gear, (id) => id !== "");
  return {
    character: {
      ...character,
      archetypes: archetypes.items,
      characterRank: archetypes.items.reduce((sum, held) => sum + held.rank, 0),
      masteries: masteries.items,
      gear: gear.items,
      bonds: character.bonds.filter((bond) => bond.target !== "" || bond.descriptor !== ""),
      threads: character.threads.filter((thread) => thread.trim() !== ""),
    },
    rows: { archetypes: archetypes.rows, masteries: masteries.rows, gear: gear.rows },
  };
}

export interface BuilderCheck extends CharacterCheck {
  /** Each problem with the builder's place for it (`masteries.2` is the third mastery row). */
  placed: { problem: CharacterProblem; place: string }[];
}

/** Where a problem shows: the row or fieldset its path points into. */
function placeOf(path: readonly (string | number)[], rows: Chosen["rows"]): string {
  const [head, index] = path;
  if ((head === "archetypes" || head === "masteries" || head === "gear") && typeof index === "number")
    return `${head}.${rows[head][index] ?? index}`;
  if (head === "characterRank") return "archetypes";
  if (head === "ancestry" || head === "attributes" || head === "masteries" || head === "gear") return head;
  if (head === "archetypes") return "archetypes";
  if (head === "masteryDomains") return "masteryDomains";
  // chosen by checkbox: a problem shows under its list
  if (head === "arts" || head === "resonances" || head === "limitBreaks" || head === "consumables")
    return head;
  if (head === "statedDerivedStats") return "stats";
  return "character";
}

export function checkBuilder(
  character: CharacterFile,
  byId: ReadonlyMap<string, BuilderEntry>,
): BuilderCheck {
  const chosen = chosenOf(character);
  const lookup = (id: string): NamedEntry | undefined => byId.get(id) as NamedEntry | undefined;
  const check = checkCharacter(chosen.character, lookup);
  return {
    ...check,
    placed: check.problems.map((problem) => ({ problem, place: placeOf(problem.path, chosen.rows) })),
  };
}
