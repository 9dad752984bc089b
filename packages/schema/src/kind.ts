// How a content kind declares itself: id prefix, folder, schema, and the properties shared code reads
import type { z } from "zod";

export interface KindDefinition<S extends z.ZodTypeAny = z.ZodTypeAny, K extends string = string> {
  /** Id prefix and reference qualifier: `condition` in `condition/hindered` and `[[condition:Hindered]]`. */
  kind: K;
  /** Folder under `content/` holding one JSON file per entry. */
  folder: string;
  /** Human label, singular ("Limit Break"). */
  label: string;
  /** Human label, plural ("Limit Breaks"). */
  plural: string;
  /** One line on what the kind is, shown on index pages and in `--list-kinds`. */
  description: string;
  /**
   * How an unqualified `[[Name]]` finds entries of this kind: `primary` kinds win;
   * `fallback` kinds (the glossary) match only when no primary entry has the name.
   */
  nameResolution: "primary" | "fallback";
  /**
   * Where the kind's pages come among search results of the same exact name, lower first: rules a player looks up
   * mid-scene, then character options, then gear, then vocabulary. Chapters follow every `primary` kind, and
   * `fallback` kinds (the glossary's one-line definitions) follow chapters. Unique across the registry.
   */
  searchRank: number;
  /**
   * The kind's entries define the book's vocabulary (glossary terms, tags): full-text search weighs the text of
   * their stat block above other pages' text.
   */
  definesTerm?: boolean;
  /**
   * The field whose closed vocabulary groups the kind's catalog as the book does (weapons by weight class, enemies
   * by challenge class); the vocabulary's order in the schema is the groups' order.
   */
  catalogGroup?: string;
  /**
   * What a number after the name means in a reference, for the kinds whose references take one (and a
   * `(parameter)`): a condition's stacks in `[[Wracked 2 (Fire)]]`, a tag's N in `[[Melee 1]]`.
   */
  referenceCount?: string;
  schema: S;
}

/** A kind's definition, its name kept as a literal type (`"weapon"`) so the registry can map names to data types. */
export function defineKind<S extends z.ZodTypeAny, const K extends string>(
  definition: KindDefinition<S, K>,
): KindDefinition<S, K> {
  return definition;
}
