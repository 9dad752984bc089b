// Rule `tags`: tags and damage types come from the vocabulary (tag / damage-type entries) with the right parameter
import type { ContentGraph, Entry, JsonPath } from "@momenta/content";
import { defineRule, docsUrl, type RuleContext, suggest } from "@momenta/content";
import { parseReferenceBody, type Tag } from "@momenta/schema";
import { checkedOfKind } from "./util.ts";

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
      "parameter-required": "`{text}`: the {name} tag takes a damage type, as in `{name} (Fire)`",
      "parameter-unexpected": "`{text}`: the {name} tag takes no parameter in parentheses",
      "unknown-tag-id": "`{id}` is not a tag entry",
      "not-a-tag": "`{text}` names a {kind}, not a tag or damage type",
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
          const [closest] = suggest(
            name,
            [...damageTypes.values()].map((type) => type.name),
            1,
          );
          context.report({
            entry,
            path: [...path, index],
            messageId: "unknown-damage-type",
            data: { text: choice, name },
            help: closest ? `did you mean \`${closest}\`` : "add a damage-type entry for it first",
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
      if (!entry.valid) continue;
      const { attacks, enemyTags } = entry.data as { attacks?: { tags?: string[] }[]; enemyTags?: string[] };
      attacks?.forEach((attack, a) => {
        attack.tags?.forEach((text, t) => {
          // enemy attacks list damage types among their tags
          if (!damageTypes.has(text.toLowerCase())) checkTag(entry, ["attacks", a, "tags", t], text);
        });
      });
      enemyTags?.forEach((id, index) => {
        const found = graph.get(id);
        if (found?.kind !== "tag")
          context.report({
            entry,
            path: ["enemyTags", index],
            messageId: "unknown-tag-id",
            data: { id },
            help: "add the tag entry or fix the id",
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
            help: "attack tags are tag or damage-type entries; qualify it as `[[tag:…]]` if both exist",
          });
      }
    }
  },
});

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
): void {
  const use = parseReferenceBody(text);
  // a tag whose own name ends in a number ("Tier 2") is looked up whole first
  const whole = tags.get(use.target.toLowerCase());
  const tag = whole ?? tags.get(use.name.toLowerCase());
  const count = whole ? undefined : use.count;
  const name = tag?.name ?? use.name;
  if (!tag) {
    const [closest] = suggest(
      use.name,
      [...tags.values()].map((candidate) => candidate.name),
      1,
    );
    context.report({
      entry,
      path,
      messageId: "unknown-tag",
      data: { text, name: use.name },
      help: closest ? `did you mean \`${closest}\`` : "add a tag entry for it first (content/tags/)",
      ...(closest && { fix: { text: written(closest, use.count, use.parameter) } }),
    });
    return;
  }
  if (!tag.valid) return;
  const parameter = (tag.data as Partial<Tag>).parameter ?? "none";
  if (parameter === "number" && count === undefined)
    context.report({
      entry,
      path,
      messageId: "number-required",
      data: { text, name },
      help: `write \`${name} 1\``,
    });
  if (parameter !== "number" && count !== undefined)
    context.report({
      entry,
      path,
      messageId: "number-unexpected",
      data: { text, name },
      help: `write \`${name}\``,
      fix: { text: written(name, undefined, use.parameter) },
    });
  if (parameter === "damage-type") {
    if (use.parameter === undefined)
      context.report({
        entry,
        path,
        messageId: "parameter-required",
        data: { text, name },
        help: `write \`${name} (Fire)\``,
      });
    else if (!damageTypes.has(use.parameter.toLowerCase()))
      context.report({
        entry,
        path,
        messageId: "unknown-damage-type",
        data: { text, name: use.parameter },
        help: "use the name of a damage-type entry",
      });
  } else if (use.parameter !== undefined) {
    const fixed = count === undefined ? name : `${name} ${count}`;
    context.report({
      entry,
      path,
      messageId: "parameter-unexpected",
      data: { text, name },
      help: `write \`${fixed}\``,
      fix: { text: fixed },
    });
  }
}

/** A tag use written back: `Name N (parameter)`. */
function written(name: string, count: number | undefined, parameter: string | undefined): string {
  return `${name}${count !== undefined ? ` ${count}` : ""}${parameter !== undefined ? ` (${parameter})` : ""}`;
}
