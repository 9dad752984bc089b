// The rule registry, sorted by id: load rules (applied while reading files) and graph rules
import type { Rule } from "@momenta/content";
import { encodingRule, parseRule, schemaRule, unknownFileRule, unsafeInputRule } from "@momenta/content";
import { archetypesRule } from "./archetypes.ts";
import { charactersRule } from "./characters.ts";
import { componentsRule } from "./components.ts";
import { conditionStacksRule } from "./condition-stacks.ts";
import { enemiesRule } from "./enemies.ts";
import { glossaryRule } from "./glossary.ts";
import { glossaryMentionRule } from "./glossary-mention.ts";
import { idsRule } from "./ids.ts";
import { incompleteRule } from "./incomplete.ts";
import { limitBreaksRule } from "./limit-breaks.ts";
import { masteriesRule } from "./masteries.ts";
import { mdxCodeRule } from "./mdx-code.ts";
import { proseLinksRule } from "./prose-links.ts";
import { referencesRule } from "./references.ts";
import { seePointersRule } from "./see-pointers.ts";
import { shadowedTermsRule } from "./shadowed-terms.ts";
import { spellcastingRule } from "./spellcasting.ts";
import { tagsRule } from "./tags.ts";
import { weaponsRule } from "./weapons.ts";

export const RULES: readonly Rule[] = [
  archetypesRule,
  charactersRule,
  componentsRule,
  conditionStacksRule,
  encodingRule,
  enemiesRule,
  glossaryRule,
  glossaryMentionRule,
  idsRule,
  incompleteRule,
  limitBreaksRule,
  masteriesRule,
  mdxCodeRule,
  parseRule,
  proseLinksRule,
  referencesRule,
  schemaRule,
  seePointersRule,
  shadowedTermsRule,
  spellcastingRule,
  tagsRule,
  unknownFileRule,
  unsafeInputRule,
  weaponsRule,
].sort((a, b) => (a.meta.id < b.meta.id ? -1 : a.meta.id > b.meta.id ? 1 : 0));

const byId = new Map(RULES.map((rule) => [rule.meta.id, rule]));

export function ruleById(id: string): Rule | undefined {
  return byId.get(id);
}
