// The registry of content kinds, sorted by kind name; shared code iterates it instead of naming kinds
import type { z } from "zod";
import type { KindDefinition } from "./kind.ts";
import { archetypeKind } from "./kinds/archetype.ts";
import { armorKind } from "./kinds/armor.ts";
import { artKind } from "./kinds/art.ts";
import { characterKind } from "./kinds/character.ts";
import { conditionKind } from "./kinds/condition.ts";
import { consumableKind } from "./kinds/consumable.ts";
import { damageTypeKind } from "./kinds/damage-type.ts";
import { downtimeActionKind } from "./kinds/downtime-action.ts";
import { enemyKind } from "./kinds/enemy.ts";
import { focusKind } from "./kinds/focus.ts";
import { glossaryTermKind } from "./kinds/glossary.ts";
import { interludeSceneKind } from "./kinds/interlude-scene.ts";
import { limitBreakKind } from "./kinds/limit-break.ts";
import { maneuverKind } from "./kinds/maneuver.ts";
import { masteryKind } from "./kinds/mastery.ts";
import { masteryDomainKind } from "./kinds/mastery-domain.ts";
import { masterySetKind } from "./kinds/mastery-set.ts";
import { patternKind } from "./kinds/pattern.ts";
import { reactionKind } from "./kinds/reaction.ts";
import { resonanceKind } from "./kinds/resonance.ts";
import { stateKind } from "./kinds/state.ts";
import { tagKind } from "./kinds/tag.ts";
import { weaponKind } from "./kinds/weapon.ts";
import { wondrousKind } from "./kinds/wondrous.ts";

const DEFINITIONS = [
  archetypeKind,
  armorKind,
  artKind,
  characterKind,
  conditionKind,
  consumableKind,
  damageTypeKind,
  downtimeActionKind,
  enemyKind,
  focusKind,
  glossaryTermKind,
  interludeSceneKind,
  limitBreakKind,
  maneuverKind,
  masteryDomainKind,
  masterySetKind,
  masteryKind,
  patternKind,
  reactionKind,
  resonanceKind,
  stateKind,
  tagKind,
  weaponKind,
  wondrousKind,
] as const;

/** A kind's name as the registry declares it: `"weapon"`, `"limit-break"` … */
export type KindName = (typeof DEFINITIONS)[number]["kind"];

/** Each kind's schema, by kind name. */
export type KindSchemas = { [D in (typeof DEFINITIONS)[number] as D["kind"]]: D["schema"] };

/** What a valid entry of kind `K` holds once its schema parsed it: `KindData<"weapon">` is `Weapon`. */
export type KindData<K extends KindName> = z.output<KindSchemas[K]>;

export const KINDS: readonly KindDefinition[] = [...DEFINITIONS].sort((a, b) => a.kind.localeCompare(b.kind));

const byName = new Map(KINDS.map((definition) => [definition.kind, definition]));
const byFolder = new Map(KINDS.map((definition) => [definition.folder, definition]));

/** Whether `kind` names a kind of the registry. */
export function isKindName(kind: string): kind is KindName {
  return byName.has(kind);
}

/** The kind declared under `kind` (`weapon`), or undefined. */
export function kindByName(kind: string): KindDefinition | undefined {
  return byName.get(kind);
}

/** The kind whose entries live in `content/<folder>/`, or undefined. */
export function kindByFolder(folder: string): KindDefinition | undefined {
  return byFolder.get(folder);
}
