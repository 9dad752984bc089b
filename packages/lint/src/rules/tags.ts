// Rule `tags`: tags and damage types come from the vocabulary (tag / damage-type entries) with the right parameter
import type { ContentGraph, Entry, JsonPath } from "@momenta/content";
import {
  CLOSED_SET_ITEMS,
  defineRule,
  docsUrl,
  entryOfKind,
  listOf,
  type RuleContext,
  suggest,
} from "@momenta/content";
import { parseReferenceBody } from "@momenta/schema";
import { checkedOfKind, KNOCK_ON, reportKnockOn, unloadedTarget } from "./util.ts";

export const tagsRule = defineRule({
  meta: {
    id: "tags",
    description: "Tags and damage types name entries of the vocabulary and carry the parameter the tag takes",
    defaultSeverity: "error",
    stage: "graph",
    // every tag use is checked against the vocabulary
    incremental: { wholeWhen: ["tag", "damage-type"] },
    docs: docsUrl("tags"),
    messages: {
      "unknown-tag": "`{text}`: there is no tag named `{name}`",
      "unknown-damage-type": "`{text}`: there is no damage type named `{name}`",
      "number-required": "`{text}`: the {name} tag takes a number, as in `{name} N`",
      "number-unexpected": "`{text}`: the {name} tag takes no number",
      "parameter-required": "`{text}`: the {name} tag takes a damage type, as in `{name} ({example})`",
      "parameter-unexpected": "`{text}`: the {name} tag takes no parameter in parentheses",
      "unknown-tag-id": "`{id}` is not a tag entry",
      "not-a-tag": "`{text}` names a {kind}, not a tag or damage type",
      "knock-on": KNOCK_ON.message,
    },
    // the vocabulary is the content's: a help lists it, never invites a new entry (that would be an invented rule)
    help: {
      "unknown-tag": "the tags are {choices}",
      "unknown-tag.closest": "did you mean `{closest}`",
      // an enemy attack's tags hold its damage types too, so either is a valid fix
      "unknown-tag.attack": "the tags are {choices}; the damage types are {damageTypes}",
      "unknown-damage-type": "the damage types are {choices}",
      "unknown-damage-type.closest": "did you mean `{closest}`",
      "unknown-tag-id": "tag ids are {choices}",
      "unknown-tag-id.closest": "did you mean `{closest}`",
      "number-required": "write `{name} 1`",
      "number-unexpected": "write `{name}`",
      "parameter-required": "write `{name} ({example})`; the damage types are {choices}",
      "parameter-unexpected": "write `{fixed}`",
      "not-a-tag": "attack tags are tag or damage-type entries; qualify it as `[[tag:…]]` if both exist",
      "knock-on": KNOCK_ON.help,
    },
  },
  check(context) {
    const { graph } = context;
    const tags = byName(graph, "tag");
    const damageTypes = byName(graph, "damage-type");
    const checkTag = (entry: Entry, path: JsonPath, text: string) =>
      checkTagUse(context, tags, damageTypes, entry, path, text);
    const checkDamageTypes = (entry: Entry, path: JsonPath, choices: unknown) => {
      if (!Array.isArray(choices)) return;
      choices.forEach((choice, index) => {
        if (typeof choice !== "string") return;
        for (const name of choice.split("/")) {
          if (damageTypes.has(name.toLowerCase())) continue;
          const target = { entry, path: [...path, index] };
          const unloaded = unloadedTarget(graph, undefined, { kind: "damage-type", target: name });
          if (unloaded) {
            reportKnockOn(context, target, unloaded, choice);
            continue;
          }
          const [closest] = suggest(name, namesOf(damageTypes), 1);
          context.report({
            ...target,
            messageId: "unknown-damage-type",
            data: {
              text: choice,
              name,
              choices: choicesOf(damageTypes, CLOSED_SET_ITEMS),
              closest: closest ?? "",
            },
            ...(closest && { helpId: "unknown-damage-type.closest" }),
            ...(closest && {
              fix: {
                text: choice
                  .split("/")
                  .map((part) => (part === name ? closest : part))
                  .join("/"),
              },
            }),
          });
        }
      });
    };
    const checkProfile = (entry: Entry, path: JsonPath, profile: unknown) => {
      if (!profile || typeof profile !== "object") return;
      const { tags: used, damageTypes: types } = profile as { tags?: unknown; damageTypes?: unknown };
      checkDamageTypes(entry, [...path, "damageTypes"], types);
      if (Array.isArray(used)) {
        used.forEach((text, index) => {
          if (typeof text === "string") checkTag(entry, [...path, "tags", index], text);
        });
      }
    };
    for (const entry of checkedOfKind(context, "weapon"))
      if (entry.valid) checkProfile(entry, [], entry.data);
    for (const entry of checkedOfKind(context, "consumable"))
      if (entry.valid) checkProfile(entry, ["attack"], entry.data.attack);
    for (const entry of checkedOfKind(context, "enemy")) {
      const enemy = entryOfKind(entry, "enemy");
      if (!enemy) continue;
      const { attacks, enemyTags } = enemy.data;
      attacks?.forEach((attack, a) => {
        attack.tags?.forEach((text, t) => {
          // enemy attacks list damage types among their tags
          if (!damageTypes.has(text.toLowerCase()))
            checkTagUse(context, tags, damageTypes, entry, ["attacks", a, "tags", t], text, true);
        });
      });
      enemyTags?.forEach((id, index) => {
        const found = graph.get(id);
        if (found?.kind === "tag") return;
        const target = { entry, path: ["enemyTags", index] };
        const unloaded = found ? undefined : unloadedTarget(graph, id);
        if (unloaded) {
          reportKnockOn(context, target, unloaded, id);
          return;
        }
        const ids = graph.byKind("tag").map((tag) => tag.id);
        const [closest] = suggest(id, ids, 1);
        context.report({
          ...target,
          messageId: "unknown-tag-id",
          data: { id, choices: listOf(ids.map((tagId) => `\`${tagId}\``)), closest: closest ?? "" },
          ...(closest && { helpId: "unknown-tag-id.closest", fix: { text: closest } }),
        });
      });
    }
    for (const entry of checkedOfKind(context, "resonance")) {
      if (!entry.valid) continue;
      for (const resolved of entry.references) {
        if (resolved.path[0] !== "entries" || resolved.path[2] !== "attackTags") continue;
        const { resolution, reference } = resolved;
        if (!resolution.ok) continue; // the references rule reports it
        const kind = resolution.target.kind;
        if (kind !== "tag" && kind !== "damage-type")
          context.report({
            entry,
            path: resolved.path,
            span: { start: resolved.start, end: resolved.end },
            messageId: "not-a-tag",
            data: { text: reference.raw, kind },
          });
      }
    }
  },
});

/** Each entry once (a map by name holds it under its aliases too), by name. */
function namesOf(map: ReadonlyMap<string, Entry>): string[] {
  return [...new Set(map.values())].map((entry) => entry.name).sort((a, b) => a.localeCompare(b));
}

/** The vocabulary for a help: `Cold`, `Fire` … and 3 more (damage types: all of a closed set's, as the conditions list). */
function choicesOf(map: ReadonlyMap<string, Entry>, max?: number): string {
  return listOf(
    namesOf(map).map((name) => `\`${name}\``),
    max ? { max } : {},
  );
}

function byName(graph: ContentGraph, kind: string): Map<string, Entry> {
  const map = new Map<string, Entry>();
  for (const entry of graph.byKind(kind)) {
    for (const name of [entry.name, ...entry.aliases]) map.set(name.toLowerCase(), entry);
  }
  return map;
}

function checkTagUse(
  context: RuleContext,
  tags: Map<string, Entry>,
  damageTypes: Map<string, Entry>,
  entry: Entry,
  path: JsonPath,
  text: string,
  /** An enemy attack's tags list its damage types too, so a damage type's broken file is a cause as well. */
  orDamageType = false,
): void {
  const use = parseReferenceBody(text);
  // a tag whose own name ends in a number ("Tier 2") is looked up whole first
  const whole = tags.get(use.target.toLowerCase());
  const tag = whole ?? tags.get(use.name.toLowerCase());
  const count = whole ? undefined : use.count;
  const name = tag?.name ?? use.name;
  if (!tag) {
    const unloaded =
      unloadedTarget(context.graph, undefined, { kind: "tag", target: use.target }) ??
      unloadedTarget(context.graph, undefined, { kind: "tag", target: use.name }) ??
      (orDamageType
        ? unloadedTarget(context.graph, undefined, { kind: "damage-type", target: use.target })
        : undefined);
    if (unloaded) {
      reportKnockOn(context, { entry, path }, unloaded, text);
      return;
    }
    // an attack's tags hold its damage types too: a typo of one is offered the damage type (without a tag's count)
    const typeNames = orDamageType ? namesOf(damageTypes) : [];
    const [closest] = suggest(use.name, [...namesOf(tags), ...typeNames], 1);
    context.report({
      entry,
      path,
      messageId: "unknown-tag",
      data: {
        text,
        name: use.name,
        choices: choicesOf(tags),
        damageTypes: choicesOf(damageTypes, CLOSED_SET_ITEMS),
        closest: closest ?? "",
      },
      ...(closest
        ? {
            helpId: "unknown-tag.closest",
            fix: { text: typeNames.includes(closest) ? closest : written(closest, use.count, use.parameter) },
          }
        : orDamageType && { helpId: "unknown-tag.attack" }),
    });
    return;
  }
  const typedTag = entryOfKind(tag, "tag");
  if (!typedTag) return;
  const parameter = typedTag.data.parameter ?? "none";
  if (parameter === "number" && count === undefined)
    context.report({
      entry,
      path,
      messageId: "number-required",
      data: { text, name },
    });
  if (parameter !== "number" && count !== undefined)
    context.report({
      entry,
      path,
      messageId: "number-unexpected",
      data: { text, name },
      fix: { text: written(name, undefined, use.parameter), suggestion: true },
    });
  if (parameter === "damage-type") {
    if (use.parameter === undefined)
      context.report({
        entry,
        path,
        messageId: "parameter-required",
        // the example is a damage type that loaded (the Fire file may be the broken one)
        data: {
          text,
          name,
          example: namesOf(damageTypes).find((type) => type === "Fire") ?? namesOf(damageTypes)[0] ?? "Fire",
          choices: choicesOf(damageTypes, CLOSED_SET_ITEMS),
        },
      });
    else if (!damageTypes.has(use.parameter.toLowerCase())) {
      const parameter = use.parameter;
      const unloaded = unloadedTarget(context.graph, undefined, { kind: "damage-type", target: parameter });
      if (unloaded) {
        reportKnockOn(context, { entry, path }, unloaded, text);
        return;
      }
      const [closest] = suggest(parameter, namesOf(damageTypes), 1);
      context.report({
        entry,
        path,
        messageId: "unknown-damage-type",
        data: {
          text,
          name: parameter,
          choices: choicesOf(damageTypes, CLOSED_SET_ITEMS),
          closest: closest ?? "",
        },
        ...(closest && {
          helpId: "unknown-damage-type.closest",
          fix: { text: written(name, count, closest) },
        }),
      });
    }
  } else if (use.parameter !== undefined) {
    const fixed = count === undefined ? name : `${name} ${count}`;
    context.report({
      entry,
      path,
      messageId: "parameter-unexpected",
      data: { text, name, fixed },
      fix: { text: fixed, suggestion: true },
    });
  }
}

/** A tag use written back: `Name N (parameter)`. */
function written(name: string, count: number | undefined, parameter: string | undefined): string {
  return `${name}${count !== undefined ? ` ${count}` : ""}${parameter !== undefined ? ` (${parameter})` : ""}`;
}
