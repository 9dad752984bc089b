// The stat block frame every kind shares: name, kind line, incomplete marker, then the kind's own layout
import { kindByName } from "@momenta/schema";
import type { Entry } from "../graph.ts";
import { type HtmlNode, h } from "../html.ts";
import type { PageLinks } from "../references.ts";
import { HEADER_FIELDS, kindSchema, renderFields } from "./fields.ts";

export type EntryData = Record<string, unknown>;

/** How one kind lays out its stat block; fields it does not consume follow in schema order. */
export interface KindLayout {
  /** Words after the kind label in the kind line ("Medium · POW"). */
  subtitle?: (data: EntryData, links: PageLinks) => Array<HtmlNode | string>;
  /** The kind's own sections, shown before the remaining fields. */
  lead?: (data: EntryData, links: PageLinks, entry: Entry) => HtmlNode[];
  /** Fields the subtitle or lead already shows. */
  consumes?: readonly string[];
  /** Sections after the remaining fields. */
  after?: (data: EntryData, links: PageLinks, entry: Entry) => HtmlNode[];
}

export interface StatBlockOptions {
  /** Heading level of the entry name (2 on its own page, 3 when embedded in a chapter). */
  headingLevel?: 2 | 3 | 4;
  /** Link the name to the entry's page (embedded stat blocks). */
  linkName?: boolean;
  /** Leave the name out when the page's own title is the name. */
  showName?: boolean;
  /**
   * The packs whose house-rule patches change this entry, by name: each marked "House rule · <pack>" in the header
   * (the book, cards and chapters; the entry's own page says it in its house-rule panel instead).
   */
  houseRules?: readonly string[];
  /** The name heading's id, so a chapter can link to the block and list it in "On this page". */
  anchor?: string;
}

/** What the source lost, each note through the prose pipeline (a note's Markdown and references read as text). */
export function missingNotice(missing: readonly string[] | undefined, links: PageLinks): HtmlNode {
  const notes = (missing ?? []).flatMap((note, index) => [
    ...(index ? [h("span", {}, ["; "])] : []),
    ...links.inline(note),
  ]);
  return h("div", { class: "missing-notice", role: "note" }, [
    h("strong", {}, ["Incomplete — missing from the source: "]),
    ...(notes.length ? notes : [h("span", {}, ["parts of this entry"])]),
  ]);
}

export function renderStatBlockWith(
  layouts: Readonly<Record<string, KindLayout>>,
  entry: Entry,
  links: PageLinks,
  options: StatBlockOptions = {},
): HtmlNode {
  const data = entry.data;
  const layout = layouts[entry.kind] ?? {};
  const definition = kindByName(entry.kind);
  const level = options.headingLevel ?? 2;
  const name: HtmlNode = options.linkName ? links.link(entry.id, entry.name) : h("span", {}, [entry.name]);
  const subtitle = layout.subtitle?.(data, links) ?? [];
  const kindLine: Array<HtmlNode | string> = [definition?.label ?? entry.kind];
  for (const part of subtitle) kindLine.push(" · ", part);
  const skip = new Set([...HEADER_FIELDS, ...(layout.consumes ?? [])]);
  // sections sit one level below the name, or at the name's level when the page title is the name
  links.sectionLevel = options.showName === false ? level : Math.min(6, level + 1);
  const children: HtmlNode[] = [
    h("header", { class: "statblock__header" }, [
      ...(options.showName === false
        ? []
        : [h(`h${level}`, { class: "statblock__name", id: options.anchor }, [name])]),
      h("p", { class: "statblock__kind" }, kindLine),
      ...(options.houseRules ?? []).map((pack) =>
        h("p", { class: "badge badge--homebrew badge--house-rule" }, [`House rule · ${pack}`]),
      ),
    ]),
  ];
  if (entry.status === "incomplete") children.push(missingNotice(entry.missing, links));
  children.push(...(layout.lead?.(data, links, entry) ?? []));
  const rest = renderFields(data, kindSchema(entry.kind), links, skip);
  if (rest.type === "element" && rest.children.length > 0) children.push(rest);
  children.push(...(layout.after?.(data, links, entry) ?? []));
  return h(
    "section",
    {
      class: `statblock statblock--${entry.kind}${entry.status === "incomplete" ? " statblock--incomplete" : ""}`,
      "data-entry": entry.id,
      "aria-label": `${definition?.label ?? entry.kind}: ${entry.name}`,
    },
    children,
  );
}
