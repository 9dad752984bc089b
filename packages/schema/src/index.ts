// Public API of @momenta/schema: every kind's schema and type, the kind registry, shared fields, reference syntax

export * from "./chapter.ts";
export * from "./config.ts";
export * from "./fields/entry.ts";
export * from "./fields/prose.ts";
export * from "./fields/vocabulary.ts";
export * from "./introspect.ts";
export * from "./kind.ts";
export * from "./kinds/archetype.ts";
export * from "./kinds/armor.ts";
export * from "./kinds/art.ts";
export * from "./kinds/character.ts";
export * from "./kinds/condition.ts";
export * from "./kinds/consumable.ts";
export * from "./kinds/damage-type.ts";
export * from "./kinds/downtime-action.ts";
export * from "./kinds/enemy.ts";
export * from "./kinds/focus.ts";
export * from "./kinds/glossary.ts";
export * from "./kinds/interlude-scene.ts";
export * from "./kinds/limit-break.ts";
export * from "./kinds/maneuver.ts";
export * from "./kinds/mastery.ts";
export * from "./kinds/mastery-domain.ts";
export * from "./kinds/mastery-set.ts";
export * from "./kinds/pattern.ts";
export * from "./kinds/reaction.ts";
export * from "./kinds/resonance.ts";
export * from "./kinds/state.ts";
export * from "./kinds/tag.ts";
export * from "./kinds/weapon.ts";
export * from "./kinds/wondrous.ts";
export * from "./pack.ts";
export * from "./reference.ts";
export {
  isKindName,
  KINDS,
  type KindData,
  type KindName,
  type KindSchemas,
  kindByFolder,
  kindByName,
} from "./registry.ts";
