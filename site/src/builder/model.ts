// The character builder's data: the options the page ships, and a character as its content file, link and backup hold it
import { CHOSEN_LISTS } from "@momenta/lint/characters";
import type { Character } from "@momenta/schema";

/** An entry of the content graph as the builder ships it: whole data for the kinds the check reads. */
export interface BuilderEntry {
  id: string;
  kind: string;
  name: string;
  valid: boolean;
  /** What the source lost for it (the entry's `missing`), shown where it is chosen. */
  missing: string[];
  data?: unknown;
  /** A short line of facts for entries listed only (a Limit Break's prerequisite). */
  facts?: string;
  /** The homebrew pack it comes from, by display name. */
  pack?: string;
}

export interface CharacterLimits {
  rank: { min: number; max: number };
  intensity: { min: number; max: number };
  attributeMin: number;
  /** The file name (slug) a character id takes, as a RegExp source. */
  slugPattern: string;
}

export interface BuilderData {
  entries: BuilderEntry[];
  attributes: string[];
  cores: string[];
  boards: string[];
  sourceBooks: string[];
  limits: CharacterLimits;
  /** Tables the source lost (each chapter's MissingTable): shown where the choice they held would be. */
  lost: { name: string; note?: string; chapter: string; url: string }[];
  /** The content's own characters (Mira): each opens in the builder. */
  characters: { id: string; name: string }[];
}

export type CharacterFile = Character & { $schema?: string; missing?: string[] };

/** Where the file sits in the repository: content/characters/<slug>.json; its `$schema` is relative to there. */
export const CHARACTER_SCHEMA = "../../packages/schema/json-schema/character.schema.json";

export function slugOfId(id: string): string {
  return id.slice(id.indexOf("/") + 1);
}

/** The file's fields in the order the content's own characters write them; empty optional fields left out. */
export function characterFile(character: CharacterFile): CharacterFile {
  const out: Record<string, unknown> = { $schema: CHARACTER_SCHEMA, id: character.id, name: character.name };
  out.source = character.source;
  out.status = character.status;
  if (character.missing?.length) out.missing = character.missing;
  if (character.aliases?.length) out.aliases = character.aliases;
  if (character.summary) out.summary = character.summary;
  if (character.concept) out.concept = character.concept;
  out.characterRank = character.archetypes.reduce((sum, held) => sum + held.rank, 0);
  out.ancestry = character.ancestry;
  out.archetypes = character.archetypes.map(({ archetype, rank }) => ({ archetype, rank }));
  out.attributes = { ...character.attributes };
  if (character.masteryDomains?.length) out.masteryDomains = [...character.masteryDomains];
  out.masteries = character.masteries.map(({ mastery, board }) => (board ? { mastery, board } : { mastery }));
  out.gear = [...character.gear];
  for (const key of CHOSEN_LISTS) if (character[key]?.length) out[key] = [...(character[key] ?? [])];
  out.threads = character.threads.filter((thread) => thread.trim() !== "");
  out.bonds = character.bonds.map(({ target, intensity, strands, descriptor }) =>
    strands === undefined ? { target, intensity, descriptor } : { target, intensity, strands, descriptor },
  );
  if (character.statedDerivedStats) out.statedDerivedStats = character.statedDerivedStats;
  return out as CharacterFile;
}

/** The text of content/characters/<slug>.json. */
export function characterFileText(character: CharacterFile): string {
  return `${JSON.stringify(characterFile(character), null, 2)}\n`;
}

const LINK_KEY = "character";

function toBase64Url(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text: string): string {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** The URL fragment that holds a character (`#character=…`, base64url of its file's JSON). */
export function linkFragment(character: CharacterFile): string {
  const { $schema: _schema, ...file } = characterFile(character);
  return `#${LINK_KEY}=${toBase64Url(JSON.stringify(file))}`;
}

export type Read = { character: CharacterFile } | { error: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * A character from a file's text or a shared link. Only the shape the builder edits is checked here; what the file
 * says is checked by the `characters` rule, like any character entry.
 */
export function readCharacter(text: string, attributes: readonly string[]): Read {
  const trimmed = text.trim();
  const fragment = /[#&]character=([A-Za-z0-9_-]+)/.exec(trimmed);
  let value: unknown;
  try {
    value = JSON.parse(fragment?.[1] ? fromBase64Url(fragment[1]) : trimmed);
  } catch {
    return {
      error: fragment
        ? "the link's character could not be read: it may have been cut short"
        : "this is neither a character file (JSON) nor a builder link",
    };
  }
  if (!isRecord(value)) return { error: "a character file holds one JSON object" };
  const strings = (list: unknown) =>
    Array.isArray(list) ? list.filter((item) => typeof item === "string") : [];
  const records = (list: unknown) => (Array.isArray(list) ? list.filter(isRecord) : []);
  const id = typeof value.id === "string" && value.id.startsWith("character/") ? value.id : "character/";
  const attributeValues = isRecord(value.attributes) ? value.attributes : {};
  const character: CharacterFile = {
    id,
    name: typeof value.name === "string" ? value.name : "",
    aliases: strings(value.aliases),
    source: (isRecord(value.source) ? value.source : { book: "core-rules" }) as CharacterFile["source"],
    status: value.status === "incomplete" ? "incomplete" : "complete",
    characterRank: 0,
    ancestry: typeof value.ancestry === "string" ? value.ancestry : "",
    archetypes: records(value.archetypes).map((held) => ({
      archetype: String(held.archetype ?? ""),
      rank: Number(held.rank) || 1,
    })),
    attributes: Object.fromEntries(
      attributes.map((name) => [name, Number(attributeValues[name]) || 0]),
    ) as CharacterFile["attributes"],
    masteries: records(value.masteries).map((slotted) => {
      const board = typeof slotted.board === "string" ? slotted.board : undefined;
      return (board ? { mastery: String(slotted.mastery), board } : { mastery: String(slotted.mastery) }) as {
        mastery: string;
        board?: "body";
      };
    }),
    gear: strings(value.gear),
    threads: strings(value.threads),
    bonds: records(value.bonds).map((bond) => {
      const out = {
        target: String(bond.target ?? ""),
        intensity: Number(bond.intensity) || 1,
        descriptor: String(bond.descriptor ?? ""),
      };
      return typeof bond.strands === "number" ? { ...out, strands: bond.strands } : out;
    }),
  };
  if (typeof value.summary === "string") character.summary = value.summary;
  if (typeof value.concept === "string") character.concept = value.concept;
  if (Array.isArray(value.masteryDomains)) character.masteryDomains = strings(value.masteryDomains);
  if (Array.isArray(value.missing)) character.missing = strings(value.missing);
  for (const key of CHOSEN_LISTS)
    if (Array.isArray(value[key])) (character as Record<string, unknown>)[key] = strings(value[key]);
  if (isRecord(value.statedDerivedStats))
    character.statedDerivedStats = value.statedDerivedStats as CharacterFile["statedDerivedStats"];
  character.characterRank = character.archetypes.reduce((sum, held) => sum + held.rank, 0);
  return { character };
}

/** A new character: nothing chosen, attributes at the schema's minimum. */
export function emptyCharacter(data: BuilderData): CharacterFile {
  return {
    id: "character/",
    name: "",
    aliases: [],
    source: { book: "core-rules", chapter: "12" } as CharacterFile["source"],
    status: "complete",
    characterRank: 0,
    ancestry: "",
    archetypes: [],
    attributes: Object.fromEntries(
      data.attributes.map((name) => [name, data.limits.attributeMin]),
    ) as CharacterFile["attributes"],
    masteries: [],
    gear: [],
    threads: [],
    bonds: [],
  };
}
