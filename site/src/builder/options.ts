// The character builder's options, taken from the content graph at build time and serialized into its page as JSON
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { entryOfKind } from "@momenta/content";
import { ATTRIBUTES, CORES, MASTERY_BOARDS, SOURCE_BOOKS } from "@momenta/schema";
import { type ContentGraph, type Entry, isChapter, packOf, urlOf } from "../lib/content.ts";
import type { BuilderData, BuilderEntry, CharacterLimits } from "./model.ts";

/** Kinds the `characters` check reads when a character names them: shipped with their whole data. */
const CHECKED_KINDS = [
  "archetype",
  "mastery-domain",
  "mastery",
  "weapon",
  "armor",
  "focus",
  "wondrous",
  "limit-break",
  "consumable",
];
/** Kinds the check needs only the id and validity of (a character's Arts and Resonances): name and facts. */
const LISTED_KINDS = ["art", "resonance"];

type Json = Record<string, unknown>;

/** The bounds the character kind's JSON Schema states (generated from packages/schema), so inputs offer what it accepts. */
function characterLimits(): CharacterLimits {
  const require = createRequire(import.meta.url);
  const file = require.resolve("@momenta/schema/json-schema/character.schema.json");
  const schema = JSON.parse(readFileSync(file, "utf8")) as { definitions: { character: Json } };
  const props = schema.definitions.character.properties as Record<string, Json>;
  const at = (object: Json | undefined, ...keys: string[]): Json => {
    let value: unknown = object;
    for (const key of keys) value = (value as Json | undefined)?.[key];
    if (typeof value !== "object" || value === null)
      throw new Error(`character.schema.json has no ${keys.join(".")}`);
    return value as Json;
  };
  const rank = at(props.archetypes, "items", "properties", "rank");
  const intensity = at(props.bonds, "items", "properties", "intensity");
  const attribute = at(props.attributes, "properties", "POW");
  const id = String(at(props, "id").pattern);
  return {
    rank: { min: Number(rank.minimum), max: Number(rank.maximum) },
    intensity: { min: Number(intensity.minimum), max: Number(intensity.maximum) },
    attributeMin: Number(attribute.minimum),
    // the id pattern without its `character/` prefix: what the file name may be
    slugPattern: id.replace(/^\^character\\\//, "^"),
  };
}

function listedFacts(entry: Entry, graph: ContentGraph): string | undefined {
  const limitBreak = entryOfKind(entry, "limit-break");
  if (limitBreak) {
    const { category, prerequisite } = limitBreak.data;
    const parts: string[] = [];
    if (category) parts.push(`${category} Limit Break`);
    if (prerequisite && "core" in prerequisite)
      parts.push(`needs ${prerequisite.core} ${prerequisite.minimum}`);
    if (prerequisite && "archetype" in prerequisite) {
      const archetype = graph.get(prerequisite.archetype);
      const name = archetype && !isChapter(archetype) ? archetype.name : undefined;
      parts.push(`needs ${name ?? prerequisite.archetype} realized`);
    }
    if (prerequisite && "mutualBond" in prerequisite)
      parts.push(`needs a mutual Bond ${prerequisite.mutualBond}`);
    return parts.join(", ") || undefined;
  }
  return entryOfKind(entry, "consumable")?.data.rarity;
}

function builderEntry(entry: Entry, withData: boolean, graph: ContentGraph): BuilderEntry {
  const out: BuilderEntry = {
    id: entry.id,
    kind: entry.kind,
    name: entry.name,
    valid: entry.valid,
    missing: entry.missing,
  };
  if (withData) out.data = entry.data;
  const facts = listedFacts(entry, graph);
  if (facts) out.facts = facts;
  const pack = packOf(entry.id);
  if (pack) out.pack = pack.name;
  return out;
}

export function builderData(graph: ContentGraph): BuilderData {
  const entries: BuilderEntry[] = [];
  for (const kind of CHECKED_KINDS)
    for (const entry of graph.byKind(kind)) entries.push(builderEntry(entry, true, graph));
  for (const kind of LISTED_KINDS)
    for (const entry of graph.byKind(kind)) entries.push(builderEntry(entry, false, graph));
  const lost: BuilderData["lost"] = [];
  for (const chapter of graph.chapters) {
    if (chapter.pack) continue;
    for (const use of chapter.components) {
      const name = use.attributes.name;
      if (use.name !== "MissingTable" || !name) continue;
      lost.push({
        name,
        ...(use.attributes.note ? { note: use.attributes.note } : {}),
        chapter: chapter.frontmatter.title,
        url: urlOf(chapter.id),
      });
    }
  }
  const characters = graph.byKind("character").filter((entry) => entry.valid && !packOf(entry.id));
  return {
    entries,
    attributes: [...ATTRIBUTES],
    cores: [...CORES],
    boards: [...MASTERY_BOARDS],
    sourceBooks: [...SOURCE_BOOKS],
    limits: characterLimits(),
    lost,
    characters: characters.map((entry) => ({ id: entry.id, name: entry.name })),
  };
}

/** The data as a JSON script's text: `<` escaped so no string in it (pack text is untrusted) can close the tag. */
export function builderDataScript(data: BuilderData): string {
  return JSON.stringify(data).replace(/</g, "\\u003c");
}
