// Catalog index tables: columns discovered from each kind's schema and data, sortable and filterable
import {
  damageTypeChoice,
  damageTypeNames,
  ENTRY_ID_PATTERN,
  kindByName,
  LADDER_BANDS,
  plainText,
  schemaDef,
  schemaKind,
  slugify,
} from "@momenta/schema";
import { entriesInBookOrder } from "./book-order.ts";
import type { ContentGraph, Entry } from "./graph.ts";
import { packOf } from "./graph.ts";
import { type HtmlNode, h } from "./html.ts";
import type { PageLinks } from "./references.ts";
import {
  elementSchema,
  fieldSchema,
  HEADER_FIELDS,
  humanize,
  isLadder,
  kindSchema,
  orderedKeys,
  unwrap,
} from "./statblocks/fields.ts";

export interface Column {
  key: string;
  label: string;
  numeric: boolean;
  /** Offer a filter select built from the column's distinct values. */
  facet: boolean;
  /** The values a facet files the entry under (a "Slashing/Piercing" weapon under both); default: its cell. */
  values?: (entry: Entry) => string[];
  /** The schema's order of the values (Light < Medium < Heavy), when the field is a closed vocabulary. */
  order?: readonly string[];
  cell: (entry: Entry, links: PageLinks) => { sort: string; nodes: HtmlNode[] };
}

const MAX_COLUMNS = 7;
const SHORT = 40;
const SLUG_WORDS = /^[a-z]+(?:-[a-z]+)+$/;

type Data = Record<string, unknown>;
const rec = (value: unknown): Data | undefined =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Data) : undefined;

const textCell = (text: string) => ({ sort: text, nodes: [h("span", {}, [text])] });

/** Columns whose values are objects the schema cannot flatten: how the book writes them. */
const WRITTEN_AS: Record<string, (value: unknown) => string | undefined> = {
  stackable: (value) => {
    if (value === false) return "no";
    if (value === "unlimited") return "unlimited";
    const max = rec(value)?.max;
    return typeof max === "number" ? `max ${max}` : undefined;
  },
  clear: (value) => {
    const clear = rec(value);
    if (!clear || typeof clear.type !== "string") return undefined;
    const attributes = Array.isArray(clear.attributes) ? clear.attributes.join(" or ") : "";
    return attributes ? `${clear.type} (${attributes})` : clear.type;
  },
  cost: (value) => {
    if (typeof value === "string") return value;
    const vigor = rec(value)?.vigor;
    return typeof vigor === "number" ? `Vigor ${vigor}` : undefined;
  },
  prerequisite: (value) => {
    const prerequisite = rec(value);
    if (!prerequisite) return undefined;
    if (typeof prerequisite.core === "string") return `${prerequisite.core} ${prerequisite.minimum}`;
    if (typeof prerequisite.archetype === "string")
      return `${prerequisite.archetype.replace(/^archetype\//, "")} realized`;
    if (typeof prerequisite.mutualBond === "number") return `mutual Bond ${prerequisite.mutualBond}`;
    return undefined;
  },
};

/** A field's closed vocabulary in the schema's order (an enum, or an array of one), if it is one. */
function enumOrder(kind: string, key: string): readonly string[] | undefined {
  const field = unwrap(fieldSchema(kindSchema(kind), key));
  const target = schemaKind(field) === "array" ? unwrap(elementSchema(field)) : field;
  if (schemaKind(target) !== "enum") return undefined;
  const def = schemaDef(target);
  // zod 3 keeps the options as `values`; zod 4 as an `entries` object
  const values = Array.isArray(def.values) ? def.values : Object.values(def.entries ?? {});
  return values.every((value) => typeof value === "string") ? (values as string[]) : undefined;
}

/** Fields whose printed values stand for several facet values: a damage-type choice files under each type. */
function facetSplitter(kind: string, key: string): ((value: string) => string[]) | undefined {
  const field = unwrap(fieldSchema(kindSchema(kind), key));
  const element = schemaKind(field) === "array" ? unwrap(elementSchema(field)) : field;
  return element === damageTypeChoice ? damageTypeNames : undefined;
}

/** A sort key from numbers: each padded, so that text order is number order. */
const numberKey = (numbers: readonly number[]) => numbers.map((n) => String(n).padStart(6, "0")).join(" ");

function shortText(value: unknown): string | undefined {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value === "string" && value.length <= SHORT && !value.includes("\n")) return value;
  if (Array.isArray(value) && value.every((item) => typeof item === "string" && item.length <= SHORT)) {
    return value.join(", ");
  }
  return undefined;
}

/** Columns for one kind: name, then each field that is short in every entry carrying it, then status. */
/** Above this many rows a catalog links names plainly: a card per row would outweigh the table. */
export const PREVIEWED_ROWS = 300;

export function catalogColumns(kind: string, entries: readonly Entry[]): Column[] {
  const previewed = entries.length <= PREVIEWED_ROWS;
  const schema = kindSchema(kind);
  const keys = new Set<string>();
  for (const entry of entries) for (const key of orderedKeys(schema, entry.data)) keys.add(key);
  const columns: Column[] = [
    {
      key: "name",
      label: "Name",
      numeric: false,
      facet: false,
      cell: (entry, links) => {
        const pack = packOf(links.graph, entry.id);
        const link = previewed ? links.link(entry.id, entry.name) : links.plainLink(entry.id, entry.name);
        const badge = pack
          ? [h("span", { class: "badge badge--homebrew" }, [`Homebrew · ${pack.name}`])]
          : [];
        return { sort: entry.name, nodes: [link, ...badge] };
      },
    },
  ];
  // a kind with a numeric ladder (weapon damage) sorts and reads better by it than by the printed one
  const ladders = [...keys].filter((key) => entries.some((entry) => isLadder(entry.data[key])));
  const numericLadder = ladders.find((key) =>
    entries.every((entry) => {
      const ladder = rec(entry.data[key]);
      return !ladder || Object.values(ladder).every((value) => typeof value === "number");
    }),
  );
  for (const key of keys) {
    if (HEADER_FIELDS.has(key) || columns.length >= MAX_COLUMNS) continue;
    if (numericLadder && ladders.includes(key) && key !== numericLadder) continue;
    const values = entries.map((entry) => entry.data[key]).filter((value) => value !== undefined);
    // a field few entries carry (the one weapon that is always equipped) reads better on its page
    if (values.length === 0 || (entries.length >= 8 && values.length < entries.length / 4)) continue;
    const writtenAs = WRITTEN_AS[key];
    if (writtenAs && values.every((value) => writtenAs(value) !== undefined)) {
      const texts = values.map((value) => writtenAs(value) as string);
      columns.push({
        key,
        label: humanize(key),
        numeric: false,
        facet: new Set(texts).size <= 12,
        cell: (entry) => textCell(writtenAs(entry.data[key]) ?? ""),
      });
      continue;
    }
    if (values.every(isLadder)) {
      if (
        !values.every((ladder) => LADDER_BANDS.every((band) => String((ladder as Data)[band]).length <= 16))
      )
        continue;
      columns.push({
        key,
        label: `${humanize(key)} (0s–3+)`,
        numeric: true,
        facet: false,
        cell: (entry) => {
          const ladder = rec(entry.data[key]) ?? {};
          const text = LADDER_BANDS.map((band) => String(ladder[band] ?? "—")).join(" · ");
          // by value: the 3+ result (the weapon's ceiling), then each band below it in turn
          const numbers = [...LADDER_BANDS]
            .reverse()
            .map((band) => Number(/\d+/.exec(String(ladder[band] ?? ""))?.[0] ?? 0));
          return { sort: numberKey(numbers), nodes: [h("span", {}, [text])] };
        },
      });
      continue;
    }
    const texts = values.map(shortText);
    if (texts.some((text) => text === undefined)) continue;
    const numeric = values.every((value) => typeof value === "number");
    const split = facetSplitter(kind, key) ?? ((value: string) => [value]);
    const vocabulary = enumOrder(kind, key);
    // a closed vocabulary's slug (`reactive-defense`) is the schema's spelling: cells and filters read its words
    const worded = (item: string) => (vocabulary && SLUG_WORDS.test(item) ? humanize(item) : item);
    const listed = (value: unknown) =>
      (Array.isArray(value) ? value : value === undefined ? [] : [value]).flatMap((item) =>
        split(worded(String(item))),
      );
    const distinct = new Set(values.flatMap(listed));
    const order = vocabulary?.map(worded);
    columns.push({
      key,
      label: humanize(key),
      numeric,
      facet: !numeric && distinct.size <= 12 && distinct.size < entries.length,
      values: (entry) => [...new Set(listed(entry.data[key]))],
      order,
      cell: (entry, links) => {
        const value = entry.data[key];
        if (value === undefined) return { sort: "", nodes: [] };
        const text =
          shortText(
            Array.isArray(value)
              ? value.map((item) => worded(String(item)))
              : typeof value === "string"
                ? worded(value)
                : value,
          ) ?? "";
        if (typeof value === "string" && ENTRY_ID_PATTERN.test(value) && links.graph.get(value)) {
          return { sort: text, nodes: [links.link(value)] };
        }
        // a list of ids (a character's gear) reads as the entries' names, linked, never as raw ids
        const targets = Array.isArray(value) ? value.map((item) => links.graph.get(String(item))) : [];
        if (targets.length > 0 && targets.every((target) => target && "name" in target)) {
          const named = targets as Entry[];
          return {
            sort: named.map((target) => target.name).join(", "),
            nodes: named.flatMap((target, index) => [
              ...(index ? [h("span", {}, [", "])] : []),
              links.link(target.id, target.name),
            ]),
          };
        }
        // sorted by the text a reader sees in the cell
        const plain = plainText(text);
        // a closed vocabulary sorts in the schema's order (Light < Medium < Heavy), not alphabetically
        const rank = order ? listed(value).map((item) => order.indexOf(item)) : [];
        const sort = numeric
          ? String(value).padStart(6, "0")
          : rank.length && rank.every((index) => index >= 0)
            ? `${numberKey(rank)} ${plain}`
            : plain;
        return { sort, nodes: links.inline(text) };
      },
    });
  }
  // status only earns a column when some entry is incomplete
  if (entries.some((entry) => entry.status === "incomplete"))
    columns.push({
      key: "status",
      label: "Status",
      numeric: false,
      facet: true,
      cell: (entry) => textCell(entry.status),
    });
  return columns;
}

/** The sortable, filterable index table of one kind; complete without JavaScript. */
export function catalogTable(graph: ContentGraph, kind: string, links: PageLinks): HtmlNode {
  const entries = entriesInBookOrder(graph, kind);
  const definition = kindByName(kind);
  const label = definition?.plural ?? kind;
  // a column that reads the same in every row ("Novice" for each pre-generated enemy) is said once, above the table
  const readsTheSame = (column: Column) => {
    if (column.key === "name" || entries.length < 2) return false;
    const cells = entries.map((entry) => column.cell(entry, links));
    return cells.every((cell) => cell.nodes.length > 0) && new Set(cells.map((cell) => cell.sort)).size === 1;
  };
  const allColumns = catalogColumns(kind, entries);
  const shared = allColumns.filter(readsTheSame);
  const columns = allColumns.filter((column) => !shared.includes(column));
  // a status every entry shares is the catalog page's incomplete notice ([kind]/index.astro), not a second line
  const said = shared.filter((column) => column.key !== "status");
  const valuesOf = (entry: Entry, column: Column) =>
    column.values?.(entry) ?? column.cell(entry, links).sort.split(", ").filter(Boolean);
  const facetValues = (column: Column) => {
    const distinct = [...new Set(entries.flatMap((entry) => valuesOf(entry, column)))];
    const rank = (value: string) => column.order?.indexOf(value) ?? -1;
    return distinct.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  };
  // a filter with fewer than two values cannot narrow anything: it is not offered
  const facetColumns = columns.filter((column) => column.facet && facetValues(column).length >= 2);
  const row = (entry: Entry) =>
    h(
      "tr",
      { "data-id": entry.id, class: entry.status === "incomplete" ? "row--incomplete" : undefined },
      columns.map((column) => {
        const cell = column.cell(entry, links);
        // an incomplete entry's blank cell is a gap in the source, and says so
        const gap = cell.nodes.length === 0 && entry.status === "incomplete";
        const { sort } = cell;
        const nodes = gap ? [h("span", { class: "cell--missing" }, ["missing"])] : cell.nodes;
        const props = {
          "data-sort": sort,
          "data-column": column.key,
          // what a facet filters on: every value the entry files under, as a JSON list
          "data-values": facetColumns.includes(column) ? JSON.stringify(valuesOf(entry, column)) : undefined,
        };
        // data-label: on a phone each row is a card whose values carry their column's name (momenta.css)
        return column.key === "name"
          ? h("th", { scope: "row", ...props }, nodes)
          : h("td", { ...props, "data-label": column.label }, nodes);
      }),
    );
  // the book's groups (Light / Medium / Heavy / Superheavy weapons), each a row group under its own heading row
  const bodies = catalogGroups(kind, entries).map((group) =>
    h("tbody", {}, [
      ...(group.label
        ? [
            h("tr", { class: "catalog__group" }, [
              h("th", { scope: "rowgroup", colspan: String(columns.length) }, [group.label]),
            ]),
          ]
        : []),
      ...group.entries.map(row),
    ]),
  );
  const facets = facetColumns.map((column) => {
    const id = `filter-${kind}-${column.key}`;
    // the label wraps its select: that names it, so no `for` (html-validate: no-redundant-for)
    return h("label", { class: "catalog__facet" }, [
      `${column.label} `,
      h("select", { id, "data-filter-column": column.key }, [
        h("option", { value: "" }, ["any"]),
        ...facetValues(column).map((value) => h("option", { value }, [value])),
      ]),
    ]);
  });
  // without JavaScript the facets become grouped lists: the same filters, server-rendered
  const browse = facetColumns.map((column) =>
    h("details", {}, [
      h("summary", {}, [`Browse by ${column.label.toLowerCase()}`]),
      h(
        "dl",
        {},
        facetValues(column).flatMap((value) => {
          const matching = entries.filter((entry) => valuesOf(entry, column).includes(value));
          return [
            h("dt", {}, [`${value} (${matching.length})`]),
            h(
              "dd",
              {},
              matching.flatMap((entry, index) => [
                ...(index ? [h("span", {}, [", "])] : []),
                links.plainLink(entry.id, entry.name),
              ]),
            ),
          ];
        }),
      ),
    ]),
  );
  return h("div", { class: "catalog", "data-catalog": kind }, [
    // the controls only work with the script, so they start hidden and the script reveals them
    h("div", { class: "catalog__controls", hidden: true }, [
      h("label", { class: "catalog__facet" }, [
        "Filter ",
        h("input", {
          id: `search-${kind}`,
          type: "search",
          "data-filter-text": "",
          placeholder: `Filter ${label.toLowerCase()}…`,
        }),
      ]),
      ...facets,
      h("output", { class: "catalog__count", "aria-live": "polite" }, [
        `${entries.length} ${label.toLowerCase()}`,
      ]),
    ]),
    ...(said.length
      ? [
          h("p", { class: "catalog__shared", "data-shared-columns": said.map((c) => c.key).join(" ") }, [
            `Every ${(definition?.label ?? kind).toLowerCase()}: `,
            ...said.flatMap((column, index) => [
              ...(index ? [" · "] : []),
              `${column.label} `,
              ...column.cell(entries[0] as Entry, links).nodes,
            ]),
          ]),
        ]
      : []),
    // a named <section> is the region landmark itself (html-validate: prefer-native-element)
    h("section", { class: "table-scroll", tabindex: "0", "aria-label": label }, [
      h("table", { class: "catalog__table", "data-sortable": "" }, [
        // the script keeps the caption live: "Weapons: 11 of 28" while a filter is on
        h("caption", { "data-label": label, "data-total": String(entries.length) }, [
          `${label}: ${entries.length}`,
        ]),
        h("thead", {}, [
          h(
            "tr",
            {},
            columns.map((column) =>
              h(
                "th",
                { scope: "col", "data-column": column.key, "data-numeric": column.numeric ? "" : undefined },
                [column.label],
              ),
            ),
          ),
        ]),
        ...bodies,
      ]),
    ]),
    ...(browse.length
      ? [h("noscript", {}, [h("div", { class: "catalog__browse", "data-pagefind-ignore": "all" }, browse)])]
      : []),
  ]);
}

/**
 * A kind's entries in the book's groups: by the closed vocabulary its definition names (`catalogGroup`), in the
 * schema's order; each group is headed by the book section its entries share ("Challenge Class — Regular") or by its
 * value and the kind's plural ("Light Weapons"). A kind without one is a single group with no heading.
 */
export function catalogGroups(
  kind: string,
  entries: readonly Entry[],
): Array<{ label?: string; entries: Entry[] }> {
  const definition = kindByName(kind);
  const field = definition?.catalogGroup;
  const order = field ? enumOrder(kind, field) : undefined;
  if (!field || !order) return [{ entries: [...entries] }];
  const groupValue = (entry: Entry) => entry.data[field];
  const groups = order
    .map((value) => ({ value, entries: entries.filter((entry) => groupValue(entry) === value) }))
    .filter((group) => group.entries.length > 0)
    .map((group) => {
      const sections = new Set(group.entries.map((entry) => String(rec(entry.data.source)?.section ?? "")));
      const [section] = sections;
      const words = SLUG_WORDS.test(group.value) ? humanize(group.value) : group.value;
      const value = words.charAt(0).toUpperCase() + words.slice(1);
      return {
        label: sections.size === 1 && section ? section : `${value} ${definition?.plural ?? kind}`,
        entries: group.entries,
      };
    });
  const rest = entries.filter((entry) => !order.includes(String(groupValue(entry))));
  if (rest.length) groups.push({ label: `Other ${definition?.plural ?? kind}`, entries: rest });
  return groups.length > 1 ? groups : [{ entries: [...entries] }];
}

/** The first long text field of an entry, in schema order (its definition, effect or description). */
function leadProse(entry: Entry): string | undefined {
  const data = entry.data;
  for (const key of orderedKeys(kindSchema(entry.kind), data)) {
    const value = data[key];
    if (
      !HEADER_FIELDS.has(key) &&
      typeof value === "string" &&
      !ENTRY_ID_PATTERN.test(value) &&
      value.length > SHORT
    )
      return value;
  }
  return undefined;
}

/** Ids of chapters an entry's fields point at: a chapter id, or `{ number, title }` (a glossary term's chapter). */
function chapterIds(entry: Entry, graph: ContentGraph): string[] {
  const ids: string[] = [];
  for (const value of Object.values(entry.data)) {
    if (typeof value === "string" && value.startsWith("chapter/") && graph.get(value)) ids.push(value);
    const pointer = rec(value);
    if (pointer && (typeof pointer.number === "string" || typeof pointer.title === "string")) {
      const chapter = graph.chapters.find(
        (candidate) =>
          candidate.frontmatter.chapter === pointer.number || candidate.frontmatter.title === pointer.title,
      );
      if (chapter) ids.push(chapter.id);
    }
  }
  return ids;
}

/**
 * Every entry of a kind, one anchor per entry (`#<slug>`): name, its lead text and the chapter it points to.
 * The Glossary chapter and the glossary index are generated from this rather than typed twice.
 */
export function entryList(graph: ContentGraph, kind: string, links: PageLinks): HtmlNode {
  const entries = entriesInBookOrder(graph, kind);
  const previewed = entries.length <= PREVIEWED_ROWS;
  const items: HtmlNode[] = [];
  for (const entry of entries) {
    const lead = leadProse(entry);
    const chapters = chapterIds(entry, graph);
    items.push(
      h("div", { class: "entry-list__item", id: entry.id.slice(entry.id.indexOf("/") + 1) }, [
        h("dt", {}, [previewed ? links.link(entry.id, entry.name) : links.plainLink(entry.id, entry.name)]),
        h("dd", {}, [
          ...(lead ? links.markdown(lead, entry.id) : []),
          ...(chapters.length
            ? [
                h("p", { class: "entry-list__see" }, [
                  "See ",
                  ...chapters.flatMap((id, index) => (index ? [", ", links.link(id)] : [links.link(id)])),
                ]),
              ]
            : []),
        ]),
      ]),
    );
  }
  if (entries.length < AZ_MIN) {
    // a short list in the book's groups (general, then archetype Limit Breaks): a heading and a list per group
    const groups = catalogGroups(kind, entries);
    if (groups.length < 2) return h("dl", { class: "entry-list", "data-kind": kind }, items);
    const itemOf = (entry: Entry) => items[entries.indexOf(entry)] as HtmlNode;
    return h(
      "div",
      { class: "entry-list", "data-kind": kind },
      groups.flatMap((group) => {
        const label = group.label ?? "";
        return [
          h("h2", { id: `group-${slugify(label)}`, class: "entry-list__group" }, [label]),
          h("dl", {}, group.entries.map(itemOf)),
        ];
      }),
    );
  }
  // a long list (the glossary) reads by letter: an A–Z jump bar, then one headed list per letter
  const letters = new Map<string, HtmlNode[]>();
  entries.forEach((entry, index) => {
    const letter = letterOf(entry.name);
    letters.set(letter, [...(letters.get(letter) ?? []), items[index] as HtmlNode]);
  });
  const anchor = (letter: string) => `letter-${letter === "#" ? "other" : letter.toLowerCase()}`;
  return h("div", { class: "entry-list", "data-kind": kind }, [
    h("nav", { class: "az-bar", "aria-label": "Jump to letter" }, [
      h(
        "ul",
        {},
        [...letters.keys()].map((letter) => h("li", {}, [h("a", { href: `#${anchor(letter)}` }, [letter])])),
      ),
    ]),
    ...[...letters].flatMap(([letter, group]) => [
      h("h2", { id: anchor(letter), class: "entry-list__letter" }, [letter]),
      h("dl", {}, group),
    ]),
  ]);
}

/** Lists this long get an A–Z jump bar and a heading per letter. */
const AZ_MIN = 60;

/** The letter a name files under: its first letter A–Z, accents folded; anything else files under "#". */
function letterOf(name: string): string {
  const first = name
    .normalize("NFD")
    .replace(/[^\p{L}\p{N}]/gu, "")
    .charAt(0)
    .toUpperCase();
  return /^[A-Z]$/.test(first) ? first : "#";
}
