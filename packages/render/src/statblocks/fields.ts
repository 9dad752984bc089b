// Schema-driven field rendering shared by every stat block: labels from the schema keys, values by their shape
import {
  arrayElement,
  ENTRY_ID_PATTERN,
  fieldSchema as fieldOf,
  kindByName,
  LADDER_BANDS,
  objectShape,
  unwrapSchema,
} from "@momenta/schema";
import type { z } from "zod";
import { urlOf } from "../graph.ts";
import { type HtmlNode, h } from "../html.ts";
import type { PageLinks } from "../references.ts";

/** Fields every entry has; the stat block header shows them instead of the field list. */
export const HEADER_FIELDS = new Set(["$schema", "id", "name", "aliases", "source", "status", "missing"]);

type AnySchema = z.ZodTypeAny;

/** Peel optional/default/effects wrappers (the schema package's introspection reads zod's internals). */
export function unwrap(schema: AnySchema | undefined): AnySchema | undefined {
  return unwrapSchema(schema);
}

/** The schema of `key` inside an object schema (or each branch of a union), if known. */
export function fieldSchema(schema: AnySchema | undefined, key: string): AnySchema | undefined {
  return fieldOf(schema, key);
}

export function elementSchema(schema: AnySchema | undefined): AnySchema | undefined {
  return arrayElement(unwrapSchema(schema));
}

/** Field order as the schema declares it, so stat blocks read in the book's order. */
export function orderedKeys(schema: AnySchema | undefined, value: Record<string, unknown>): string[] {
  const declared = Object.keys(objectShape(unwrapSchema(schema)) ?? {});
  const present = Object.keys(value);
  return [...declared.filter((key) => key in value), ...present.filter((key) => !declared.includes(key))];
}

/** `baseCost` → "Base cost", `maxVitality` → "Max vitality", `3+` stays. */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]/g, " ")
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1).toLowerCase();
}

export function isLadder(value: unknown): value is Record<string, unknown> {
  return (
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    LADDER_BANDS.every((band) => band in (value as Record<string, unknown>))
  );
}

/** A 0s / 1s / 2s / 3+ ladder: one row for short results (weapons), a list for prose results (Arts). */
export function renderLadder(ladder: Record<string, unknown>, links: PageLinks, caption?: string): HtmlNode {
  const captionNode = caption ? [h("caption", {}, [caption])] : [];
  const bands: string[] = [...LADDER_BANDS];
  if (typeof ladder.overflow === "string") bands.push("overflow");
  const values = bands.map((band) => String(ladder[band] ?? ""));
  const compact = values.every((value) => value.length <= 48);
  if (compact) {
    return h("table", { class: "ladder ladder--compact" }, [
      ...captionNode,
      h("thead", {}, [
        h(
          "tr",
          {},
          bands.map((band) => h("th", { scope: "col" }, [band === "overflow" ? "Overflow" : band])),
        ),
      ]),
      h("tbody", {}, [
        h(
          "tr",
          {},
          values.map((value) => h("td", {}, links.inline(value))),
        ),
      ]),
    ]);
  }
  return h("table", { class: "ladder ladder--prose" }, [
    ...captionNode,
    h(
      "tbody",
      {},
      bands.map((band, index) =>
        h("tr", {}, [
          h("th", { scope: "row" }, [band === "overflow" ? "Overflow" : band]),
          h("td", {}, links.markdown(values[index] ?? "")),
        ]),
      ),
    ),
  ]);
}

/** A passage the book prints elsewhere about an entry: `{ source, text }` (the schemas' `sourceMention`). */
const isMention = (value: unknown): value is { source: Record<string, unknown>; text: string } =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { text?: unknown }).text === "string" &&
  typeof (value as { source?: unknown }).source === "object";

/**
 * Passages as a reader meets them in the book: the words, then where they stand ("Chapter 19 · Grab", a link to
 * that heading when the chapter has it), never the source record's fields.
 */
function renderMentions(
  mentions: ReadonlyArray<{ source: Record<string, unknown>; text: string }>,
  links: PageLinks,
): HtmlNode[] {
  return mentions.map((mention) => {
    const { chapter: number, section } = mention.source as { chapter?: unknown; section?: unknown };
    const chapter = links.graph.chapters.find((candidate) => candidate.frontmatter.chapter === number);
    const heading =
      typeof section === "string"
        ? chapter?.headings.find((candidate) => candidate.text === section)
        : undefined;
    const where = [
      typeof number === "string" ? `${/^[A-Z]$/.test(number) ? "Appendix" : "Chapter"} ${number}` : "",
      typeof section === "string" ? section : "",
    ]
      .filter(Boolean)
      .join(" · ");
    const cite: HtmlNode[] = !where
      ? []
      : [
          h("p", { class: "statblock__cite" }, [
            chapter
              ? h("a", { href: urlOf(chapter.id, heading?.slug), class: "ref", "data-ref": chapter.id }, [
                  where,
                ])
              : h("span", {}, [where]),
          ]),
        ];
    if (chapter) links.linked.add(chapter.id);
    return h("figure", { class: "statblock__mention" }, [
      h("blockquote", {}, links.markdown(mention.text)),
      ...(cite.length ? [h("figcaption", {}, cite)] : []),
    ]);
  });
}

/** An enum value the schema spells as a slug (`reactive-defense`) reads as words ("Reactive defense"). */
const SLUG_WORDS = /^[a-z]+(?:-[a-z]+)+$/;
const isEnum = (schema: AnySchema | undefined) => {
  const type = (unwrap(schema)?._def as { typeName?: string } | undefined)?.typeName;
  return type === "ZodEnum" || type === "ZodLiteral";
};

/**
 * A Resonance's ladders for one Art, as the book words them: two ladders are the caster's choice ("Can heal either
 * Vitality or Strain (caster choice)"), which a bare list would leave the reader to guess.
 */
export const laddersText = (ladders: readonly string[]): string =>
  ladders.length === 2 ? `${ladders.join(" or ")} (caster choice)` : ladders.join(", ");

/** One value, rendered by its shape: prose through the sanitizing Markdown path, ids as links. */
export function renderValue(value: unknown, schema: AnySchema | undefined, links: PageLinks): HtmlNode[] {
  // the schemas allow null only where the book prints "none" (armor's penalty, a focus's effect): say so, as it does
  if (value === null) return [h("span", { class: "none" }, ["none"])];
  if (value === undefined) return [];
  if (typeof value === "string") {
    if (
      ENTRY_ID_PATTERN.test(value) &&
      kindByName(value.slice(0, value.indexOf("/"))) &&
      links.graph.get(value)
    ) {
      return [links.link(value)];
    }
    if (SLUG_WORDS.test(value) && isEnum(schema)) return [h("span", {}, [humanize(value)])];
    return value.includes("\n") ? links.markdown(value) : links.inline(value);
  }
  if (typeof value === "number") return [h("span", { class: "num" }, [String(value)])];
  if (typeof value === "boolean") return [value ? "yes" : "no"].map((word) => h("span", {}, [word]));
  if (Array.isArray(value)) {
    if (value.length > 0 && value.every(isMention)) return renderMentions(value, links);
    const itemSchema = elementSchema(schema);
    if (value.every((item) => typeof item !== "object" || item === null)) {
      const parts: HtmlNode[] = [];
      value.forEach((item, index) => {
        if (index > 0) parts.push(h("span", { class: "sep" }, [", "]));
        parts.push(...renderValue(item, itemSchema, links));
      });
      return [h("span", { class: "list-inline" }, parts)];
    }
    return [
      h(
        "ul",
        { class: "statblock__items" },
        value.map((item) => h("li", {}, renderValue(item, itemSchema, links))),
      ),
    ];
  }
  if (typeof value === "object") {
    const record = value as Record<string, unknown>;
    if (isLadder(record)) return [renderLadder(record, links)];
    // a chapter pointer `{ number, title }` (glossary terms) reads as a link to the chapter
    const pointer = value as Record<string, unknown>;
    if (typeof pointer.number === "string" && typeof pointer.title === "string") {
      const chapter = links.graph.chapters.find(
        (candidate) => candidate.frontmatter.chapter === pointer.number,
      );
      if (chapter) return [links.link(chapter.id, `Chapter ${pointer.number} · ${pointer.title}`)];
    }
    return [renderFields(pointer, schema, links)];
  }
  return [String(value)].map((word) => h("span", {}, [word]));
}

/** Fields whose key is no reader's word, with the label the stat block gives them (their values are passages). */
const WIDE_LABELS: Readonly<Record<string, string>> = { mentions: "In the rules text" };

/** A definition list of `record`'s fields in schema order, skipping `skip`. */
export function renderFields(
  record: Record<string, unknown>,
  schema: AnySchema | undefined,
  links: PageLinks,
  skip: ReadonlySet<string> = new Set(),
): HtmlNode {
  const rows: HtmlNode[] = [];
  for (const key of orderedKeys(schema, record)) {
    if (skip.has(key) || record[key] === undefined) continue;
    const child = fieldSchema(schema, key);
    const value = record[key];
    rows.push(
      h(
        "div",
        {
          class:
            isLadder(value) || WIDE_LABELS[key]
              ? "statblock__field statblock__field--wide"
              : "statblock__field",
          "data-field": key,
        },
        [h("dt", {}, [WIDE_LABELS[key] ?? humanize(key)]), h("dd", {}, renderValue(value, child, links))],
      ),
    );
  }
  return h("dl", { class: "statblock__fields" }, rows);
}

export function kindSchema(kind: string): AnySchema | undefined {
  return kindByName(kind)?.schema;
}
