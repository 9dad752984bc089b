// Per-kind stat block layouts: what each kind puts in its kind line and lead sections (the rest is schema-driven)
import { kindByName } from "@momenta/schema";
import { type Entry, isChapter } from "../graph.ts";
import { type HtmlNode, h } from "../html.ts";
import type { PageLinks } from "../references.ts";
import { characterSheetOf } from "./character.ts";
import {
  elementSchema,
  fieldSchema,
  humanize,
  isLadder,
  kindSchema,
  laddersText,
  renderFields,
  renderLadder,
} from "./fields.ts";
import { type EntryData, type KindLayout, renderStatBlockWith } from "./statblock.ts";

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
const num = (value: unknown): number | undefined => (typeof value === "number" ? value : undefined);
const record = (value: unknown): EntryData | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as EntryData) : undefined;

function prose(links: PageLinks, value: unknown, className?: string): HtmlNode[] {
  const source = str(value);
  if (!source) return [];
  return [h("div", { class: className ?? "statblock__prose" }, links.markdown(source))];
}

function labeledProse(links: PageLinks, label: string, value: unknown): HtmlNode[] {
  const source = str(value);
  if (!source) return [];
  return [
    h("div", { class: "statblock__prose" }, [
      h("p", { class: "statblock__label" }, [h("strong", {}, [`${label}:`])]),
      ...links.markdown(source),
    ]),
  ];
}

/** A tag after a name: its text as the schema holds it (`Melee 1`, `[[Crushing]]`), or an entry's id (`tag/humanoid`). */
type TagItem = string | { readonly id: string };

/** The strings of an array field (a weapon's `tags`, `damageTypes`, an enemy's `enemyTags`); none when it is not one. */
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];

/**
 * Tags as the book prints them after a name: `(Crushing, Melee 1)`; strings, references or tag ids.
 * `kinds[i]` names the vocabulary item i comes from, so a tag named like a reaction (Deflect) links to the tag.
 */
function tagList(
  value: readonly TagItem[],
  links: PageLinks,
  kinds: readonly (string | undefined)[] = [],
): HtmlNode[] {
  if (value.length === 0) return [];
  const parts: HtmlNode[] = [];
  value.forEach((tag, index) => {
    if (index > 0) parts.push(h("span", {}, [", "]));
    const qualifier = kinds[index] ? `${kinds[index]}:` : "";
    // "Slashing/Piercing" is a choice between damage types: each one links
    if (typeof tag === "string" && !tag.includes("[[") && tag.includes("/")) {
      tag.split("/").forEach((choice, choiceIndex) => {
        if (choiceIndex > 0) parts.push(h("span", {}, ["/"]));
        parts.push(...links.inline(`[[${qualifier}${choice.trim()}]]`));
      });
    } else if (typeof tag === "string")
      parts.push(...links.inline(tag.includes("[[") ? tag : `[[${qualifier}${tag}]]`));
    else parts.push(...(tag.id.includes("/") ? [links.link(tag.id)] : links.inline(`[[${tag.id}]]`)));
  });
  return [h("span", { class: "statblock__tags" }, ["(", ...parts, ")"])];
}

const stackingText = (stackable: unknown): string => {
  if (stackable === false) return "Stackable: no";
  if (stackable === "unlimited") return "Stackable: yes (unlimited)";
  const max = num(record(stackable)?.max);
  return max !== undefined ? `Stackable: yes (max ${max})` : "";
};

const clearText = (clear: unknown): string => {
  const value = record(clear);
  const type = str(value?.type);
  if (!type) return "";
  const attributes = Array.isArray(value?.attributes) ? (value.attributes as string[]) : [];
  return attributes.length ? `${type} (${attributes.join(" or ")})` : type;
};

const condition: KindLayout = {
  subtitle: (data) => {
    const parameter = str(record(data.parameter)?.label);
    return [parameter ? `(${parameter})` : "", stackingText(data.stackable), clearText(data.clear)].filter(
      Boolean,
    );
  },
  consumes: ["stackable", "clear", "effect", "special", "parameter"],
  lead: (data, links) => [...prose(links, data.effect), ...labeledProse(links, "Special", data.special)],
};

const costText = (cost: unknown): string | undefined => {
  if (cost === "variable") return "variable cost";
  if (cost === "free") return "free";
  const vigor = num(record(cost)?.vigor);
  return vigor !== undefined ? `Vigor ${vigor}` : undefined;
};

const action: KindLayout = {
  subtitle: (data) =>
    [costText(data.cost), str(data.frequency), data.fullTurn ? "full turn" : undefined].filter(
      (part): part is string => Boolean(part),
    ),
  consumes: ["cost", "frequency", "fullTurn", "effect", "trigger", "summary"],
  lead: (data, links) => [
    ...labeledProse(links, "Trigger", data.trigger),
    ...prose(links, data.effect),
    ...(data.effect === undefined ? prose(links, data.summary, "statblock__prose statblock__summary") : []),
  ],
};

function shapeTable(shape: EntryData, links: PageLinks): HtmlNode {
  const rows = ["range", "duration", "area"].filter((key) => record(shape[key]));
  return h("table", { class: "statblock__shape" }, [
    h("caption", {}, ["Basic shape"]),
    h("thead", {}, [
      h("tr", {}, [
        h("th", { scope: "col" }, ["Dimension"]),
        h("th", { scope: "col" }, ["Value"]),
        h("th", { scope: "col" }, ["Shaping"]),
      ]),
    ]),
    h(
      "tbody",
      {},
      rows.map((key) => {
        const dimension = record(shape[key]) ?? {};
        return h("tr", {}, [
          h("th", { scope: "row" }, [humanize(key)]),
          h("td", {}, links.inline(String(dimension.value ?? ""))),
          h("td", {}, [String(dimension.shaping ?? "")]),
        ]);
      }),
    ),
  ]);
}

const art: KindLayout = {
  subtitle: (data) => {
    const parts: string[] = [];
    if (str(data.type)) parts.push(String(data.type));
    if (num(data.baseCost) !== undefined) parts.push(`Base Cost: ${data.baseCost} Vigor`);
    return parts;
  },
  consumes: ["type", "baseCost", "basicShape", "description", "ladderNote", "effects", "rules"],
  lead: (data, links) => {
    const out: HtmlNode[] = [...prose(links, data.description, "statblock__prose statblock__flavor")];
    const shape = record(data.basicShape);
    if (shape) out.push(shapeTable(shape, links));
    out.push(...prose(links, data.ladderNote));
    const effects = Array.isArray(data.effects) ? data.effects : [];
    for (const effect of effects) {
      const ladder = record(effect);
      if (!ladder || !isLadder(ladder)) continue;
      out.push(renderLadder(ladder, links, ladder.track ? `Effect (${ladder.track})` : "Effect"));
    }
    if (Array.isArray(data.rules)) for (const rule of data.rules) out.push(...prose(links, rule));
    return out;
  },
};

const opposition = (value: unknown): string | undefined => {
  const opposed = record(value);
  if (!opposed) return undefined;
  return opposed.roll === "luck"
    ? "Opposable by a luck roll"
    : `Opposable by ${String(opposed.attribute)} action roll`;
};

const resonance: KindLayout = {
  consumes: ["description", "entries"],
  lead: (data, links, entry) => {
    const out: HtmlNode[] = [...prose(links, data.description, "statblock__prose statblock__flavor")];
    const entries = Array.isArray(data.entries) ? data.entries : [];
    const entrySchema = elementSchema(fieldSchema(kindSchema(entry.kind), "entries"));
    for (const raw of entries) {
      const item = record(raw);
      if (!item) continue;
      const artId = String(item.art ?? "");
      const body: HtmlNode[] = [];
      if (item.supported === false)
        body.push(h("p", { class: "statblock__unsupported" }, ["Not Supported."]));
      else {
        const oppose = opposition(item.opposableBy);
        if (oppose) body.push(h("p", {}, [oppose]));
        const shown = Array.isArray(item.ladders)
          ? { ...item, ladders: laddersText(item.ladders.map(String)) }
          : item;
        body.push(renderFields(shown, entrySchema, links, new Set(["art", "supported", "opposableBy"])));
      }
      out.push(
        h("section", { class: "statblock__sub", id: `with-${artId.slice(artId.indexOf("/") + 1)}` }, [
          h(`h${links.sectionLevel}`, { class: "statblock__subname" }, [links.link(artId)]),
          ...body,
        ]),
      );
    }
    return out;
  },
};

const prerequisiteText = (value: unknown, links: PageLinks): Array<HtmlNode | string> => {
  const prerequisite = record(value);
  if (!prerequisite) return [];
  if (str(prerequisite.core)) return [`Prerequisite: ${prerequisite.core} ${prerequisite.minimum}`];
  if (str(prerequisite.archetype))
    return ["Prerequisite: ", links.link(String(prerequisite.archetype)), " Realized"];
  if (num(prerequisite.mutualBond) !== undefined)
    return [`Prerequisite: mutual Bond ${prerequisite.mutualBond}`];
  return [];
};

const limitBreak: KindLayout = {
  subtitle: (data) => (str(data.category) ? [`${data.category}`] : []),
  consumes: ["category", "prerequisite", "effect", "notes"],
  lead: (data, links) => {
    const prerequisite = prerequisiteText(data.prerequisite, links);
    const additional = str(record(data.prerequisite)?.additional);
    const notes = Array.isArray(data.notes) ? data.notes : [];
    return [
      ...(prerequisite.length
        ? [
            h(
              "p",
              { class: "statblock__line" },
              prerequisite.map((part) => (typeof part === "string" ? h("span", {}, [part]) : part)),
            ),
          ]
        : []),
      ...prose(links, additional),
      ...labeledProse(links, "Effect", data.effect),
      ...notes.flatMap((note) => prose(links, note)),
    ];
  },
};

/** Equipment: weight class / category and attribute in the kind line, tags after the name. */
const equipment: KindLayout = {
  subtitle: (data, links) => {
    const parts: Array<HtmlNode | string> = [];
    for (const key of ["weightClass", "category", "attribute", "attributes"]) {
      const value = data[key];
      if (typeof value === "string") parts.push(value);
      else if (Array.isArray(value) && value.every((item) => typeof item === "string"))
        parts.push(value.join("/"));
    }
    const damageTypes = strings(data.damageTypes);
    const tags = strings(data.tags);
    const kinds = [...damageTypes.map(() => "damage-type"), ...tags.map(() => "tag")];
    parts.push(...tagList([...damageTypes, ...tags], links, kinds));
    return parts;
  },
  // `damage` is the numeric mirror of the `effect` ladder the book prints
  consumes: ["weightClass", "category", "attribute", "attributes", "damageTypes", "tags", "damage"],
};

/** `maxVitality` → "Max Vitality": stat names as the book capitalizes them. */
const statName = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(" ")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");

/** Archetypes: SPD/SEN/SIZE for ancestries, then one section per rank: bonuses, abilities, embedded stat blocks. */
const archetype: KindLayout = {
  // the archetype's type is an enum slug (`basic-path`): the book writes it as words ("Basic path")
  subtitle: (data) =>
    [str(data.type), str(data.category)]
      .filter((part): part is string => Boolean(part))
      .map((part) => (/^[a-z]+(?:-[a-z]+)+$/.test(part) ? humanize(part) : part)),
  consumes: ["type", "category", "ranks", "ancestryStats", "description", "prerequisites"],
  lead: (data, links) => {
    const out: HtmlNode[] = [];
    const stats = record(data.ancestryStats);
    if (stats) {
      const parts = [
        stats.spd !== undefined ? `SPD ${stats.spd}` : "",
        stats.sen !== undefined ? `SEN ${stats.sen}` : "",
        stats.size !== undefined ? `SIZE ${stats.size}` : "",
      ].filter(Boolean);
      if (parts.length)
        out.push(h("p", { class: "statblock__line" }, [h("strong", {}, [parts.join(" · ")])]));
    }
    out.push(...labeledProse(links, "Prerequisites", data.prerequisites), ...prose(links, data.description));
    return out;
  },
  after: (data, links) => {
    const ranks = Array.isArray(data.ranks) ? data.ranks : [];
    const level = links.sectionLevel;
    return ranks.map((raw, index) => {
      const rank = record(raw) ?? {};
      const number = num(rank.rank) ?? index + 1;
      const body: HtmlNode[] = [];
      const bonuses = Object.entries(record(rank.bonuses) ?? {}).filter(
        ([, amount]) => typeof amount === "number",
      );
      if (bonuses.length) {
        body.push(
          h("p", { class: "statblock__line" }, [
            h("strong", {}, ["Bonuses: "]),
            bonuses.map(([stat, amount]) => `+${amount} ${statName(stat)}`).join(", "),
          ]),
        );
      }
      for (const rawAbility of Array.isArray(rank.abilities) ? rank.abilities : []) {
        const ability = record(rawAbility) ?? {};
        const effect = links.markdown(String(ability.effect ?? ""));
        const [first, ...rest] = effect;
        const name = h("strong", {}, [`${String(ability.name ?? "")}. `]);
        // the ability's name leads its first paragraph, as the catalog prints it
        if (first?.type === "element" && first.tagName === "p")
          body.push(h("p", {}, [name, ...first.children]), ...rest);
        else body.push(h("p", {}, [name]), ...effect);
      }
      const embedded = (Array.isArray(rank.statBlocks) ? rank.statBlocks : [])
        .map((id) => links.graph.get(String(id)))
        .filter((target): target is Entry => Boolean(target) && !!target && "definition" in target);
      for (const target of embedded) {
        body.push(
          renderStatBlockWith(LAYOUTS, target, links, {
            headingLevel: Math.min(4, level + 1) as 3 | 4,
            linkName: true,
          }),
        );
      }
      links.sectionLevel = level;
      return h("section", { class: "statblock__sub statblock__rank", id: `rank-${number}` }, [
        h(`h${level}`, { class: "statblock__subname" }, [`Rank ${number}`]),
        ...body,
      ]);
    });
  },
};

const enemy: KindLayout = {
  subtitle: (data, links) => {
    const parts: Array<HtmlNode | string> = [];
    if (str(data.challengeClass)) parts.push(String(data.challengeClass));
    if (num(data.tier) !== undefined) parts.push(`Tier ${data.tier}`);
    // enemy type tags are tag ids (`tag/humanoid`)
    const ids = strings(data.enemyTags);
    parts.push(
      ...tagList(
        ids.map((id) => ({ id })),
        links,
      ),
    );
    return parts;
  },
  consumes: ["challengeClass", "tier", "enemyTags"],
};

const mastery: KindLayout = {
  subtitle: (data, links) => {
    const parts: Array<HtmlNode | string> = [];
    if (str(data.type)) parts.push(String(data.type));
    if (str(data.domain))
      parts.push(String(data.domain).includes("/") ? links.link(String(data.domain)) : String(data.domain));
    if (num(data.slots) !== undefined) parts.push(`${data.slots} slot${data.slots === 1 ? "" : "s"}`);
    if (num(data.slotCost) !== undefined)
      parts.push(`${data.slotCost} slot${data.slotCost === 1 ? "" : "s"}`);
    return parts;
  },
  consumes: ["type", "domain", "slots", "slotCost"],
};

const character: KindLayout = {
  // the sheet shows every field of the file (render/sheet.ts): who, attributes, stats, build, the book's table
  consumes: [
    "summary",
    "concept",
    "characterRank",
    "ancestry",
    "archetypes",
    "attributes",
    "masteryDomains",
    "masteries",
    "gear",
    "threads",
    "bonds",
    "statedDerivedStats",
  ],
  after: (_data, links, entry) => characterSheetOf(entry, links),
};

/**
 * A glossary term named like a catalog entry (Hindered, Deflect, Melee N) points at that entry too: the graph's
 * name index says which, so a new condition or tag is linked without a list to keep.
 */
const glossary: KindLayout = {
  after: (_data, links, entry) => {
    const seen = new Set<string>();
    const targets: Entry[] = [];
    for (const name of [entry.name, ...entry.aliases])
      for (const target of links.graph.named(name))
        if (!isChapter(target) && target.definition.nameResolution !== "fallback" && !seen.has(target.id)) {
          seen.add(target.id);
          targets.push(target);
        }
    if (targets.length === 0) return [];
    return [
      h("dl", { class: "statblock__fields" }, [
        h("div", { class: "statblock__field", "data-field": "entries" }, [
          h("dt", {}, [targets.length === 1 ? "Full entry" : "Full entries"]),
          h(
            "dd",
            {},
            targets.flatMap((target, index) => [
              ...(index ? [h("span", { class: "sep" }, [", "])] : []),
              links.link(target.id),
              h("span", { class: "statblock__entry-kind" }, [
                ` (${kindByName(target.kind)?.label ?? target.kind})`,
              ]),
            ]),
          ),
        ]),
      ]),
    ];
  },
};

export const LAYOUTS: Readonly<Record<string, KindLayout>> = {
  archetype,
  armor: equipment,
  art,
  character,
  condition,
  consumable: equipment,
  enemy,
  focus: equipment,
  glossary,
  "limit-break": limitBreak,
  maneuver: action,
  mastery,
  reaction: action,
  resonance,
  state: condition,
  weapon: equipment,
  wondrous: equipment,
};
