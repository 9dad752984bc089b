// Shared readers for the chapter tests: the seed's Core Rules split by breadcrumb, and MDX chapters as syntax trees
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { plainText, slugify } from "@momenta/schema";
// The validator's parser skips GFM for speed; these tests read the restored GFM tables, so they add it
import remarkFrontmatter from "remark-frontmatter";
import remarkGfm from "remark-gfm";
import remarkMdx from "remark-mdx";
import remarkParse from "remark-parse";
import { unified } from "unified";
import { parse as parseYaml } from "yaml";
import { BOOK_SEED, SOURCE_DIR } from "../support/source-text.ts";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const RULES_DIR = join(ROOT, "content/rules");
export const SEED_FILE = join(SOURCE_DIR, BOOK_SEED);
/** Chapters 14 and 21 as Markdown, with the tables the plain-text export lost. */
export const TABLE_SEED_FILES = ["003_7fc4baf1a539ba1e.txt", "004_40b899bbfe3287fc.txt"].map((name) =>
  join(SOURCE_DIR, name),
);

/** An mdast / mdx node, as far as these tests read it. */
export interface MdxNode {
  type: string;
  value?: string;
  name?: string | null;
  attributes?: { type: string; name?: string; value?: unknown }[];
  children?: MdxNode[];
  position?: { start: { line: number; offset?: number }; end?: { line: number; offset?: number } };
}

export interface SeedChapter {
  title: string;
  /** "00"–"30", "A", "B" as the breadcrumb gives it. */
  number: string;
  moment: { number: number; name: string };
  /** Chapter text after the breadcrumb, up to the next chapter's title line. */
  lines: string[];
}

/** The Core Rules chapters of seed 000, split at their breadcrumbs (`Momenta Core Rules · Moment 4 · Combat · Chapter 22`). */
export function seedChapters(text = readFileSync(SEED_FILE, "utf8")): SeedChapter[] {
  const lines = text.split("\n");
  const end = lines.findIndex((line) => line.startsWith("Momenta — Archetypes Catalog"));
  const crumbs: number[] = [];
  for (let i = 0; i < (end === -1 ? lines.length : end); i++) {
    if (lines[i]?.startsWith("Momenta Core Rules · ")) crumbs.push(i);
  }
  return crumbs.map((at, index) => {
    const next = crumbs[index + 1];
    // the title line sits two lines above its breadcrumb (title, blank, breadcrumb)
    const stop = next === undefined ? end : next - 2;
    const parts = (lines[at] ?? "").split(" · ");
    const number = (parts[parts.length - 1] ?? "").replace(/^Chapter /, "");
    const part = parts[1] ?? "";
    const moment = part.startsWith("Moment ")
      ? { number: Number(part.slice("Moment ".length)), name: parts[2] ?? "" }
      : part === "Appendices"
        ? { number: 6, name: "Appendices" }
        : { number: 0, name: "Prologue" };
    return { title: lines[at - 2] ?? "", number, moment, lines: lines.slice(at + 1, stop) };
  });
}

export interface SeedCatalog {
  /** The catalog's title line without the book's name: "Equipment Catalog", "Pre-Generated Enemies". */
  title: string;
  /** Line number (1-based) in seed 000 of its title line. */
  line: number;
  /** Catalog text after the title line, up to the next catalog's title line. */
  lines: string[];
}

/** The six catalogs of seed 000, split at their title lines (`Momenta — Equipment Catalog`). */
export function seedCatalogs(text = readFileSync(SEED_FILE, "utf8")): SeedCatalog[] {
  const lines = text.split("\n");
  const starts = lines.flatMap((line, index) => (line.startsWith("Momenta — ") ? [index] : []));
  return starts.map((at, index) => ({
    title: (lines[at] ?? "").slice("Momenta — ".length).trim(),
    line: at + 1,
    lines: lines.slice(at + 1, starts[index + 1] ?? lines.length),
  }));
}

/** Whether a parsed file of content/rules is a catalog's own text (frontmatter `catalog`) rather than a chapter. */
export function isCatalogText(parsed: ParsedChapter): boolean {
  return Boolean((parsed.frontmatter as { catalog?: unknown } | undefined)?.catalog);
}

const processor = unified().use(remarkParse).use(remarkMdx).use(remarkFrontmatter, ["yaml"]).use(remarkGfm);

export interface ParsedChapter {
  file: string;
  source: string;
  tree: MdxNode;
  frontmatter: unknown;
}

/** Parse one chapter to a syntax tree (never evaluated) and read its YAML frontmatter. */
export function parseChapter(file: string, source: string): ParsedChapter {
  const tree = processor.parse(source) as unknown as MdxNode;
  const yamlNode = tree.children?.find((node) => node.type === "yaml");
  const frontmatter = yamlNode?.value === undefined ? undefined : parseYaml(yamlNode.value);
  return { file, source, tree, frontmatter };
}

export function chapterFiles(): string[] {
  return readdirSync(RULES_DIR)
    .filter((name) => name.endsWith(".mdx"))
    .sort();
}

export function loadChapters(): ParsedChapter[] {
  return chapterFiles().map((file) => parseChapter(file, readFileSync(join(RULES_DIR, file), "utf8")));
}

/** Depth-first walk over every node, with the chain of MDX components around it. */
export function walk(
  node: MdxNode,
  visit: (node: MdxNode, components: string[]) => void,
  components: string[] = [],
) {
  visit(node, components);
  const inner = node.type.startsWith("mdxJsx") && node.name ? [...components, node.name] : components;
  for (const child of node.children ?? []) walk(child, visit, inner);
}

/** Attribute values of a JSX element, by name; expression values come back as `{expression}`. */
export function attributes(node: MdxNode): Record<string, string> {
  const result: Record<string, string> = {};
  for (const attribute of node.attributes ?? []) {
    if (attribute.type !== "mdxJsxAttribute" || !attribute.name) continue;
    result[attribute.name] = typeof attribute.value === "string" ? attribute.value : "{expression}";
  }
  return result;
}

/** Reader-visible text of inline content; hard line breaks split it into separate lines. */
function inlineText(node: MdxNode): string {
  if (node.type === "break") return "\n";
  if (node.type === "text" || node.type === "inlineCode") return node.value ?? "";
  return (node.children ?? []).map(inlineText).join("");
}

/** Prefix the book prints before the first paragraph of a set-apart block, which the component renders as its label. */
const COMPONENT_LABELS: Record<string, string> = {
  DesignNote: "Design Note: ",
  GMNote: "GM Note: ",
  Example: "Example: ",
};

/**
 * The text units of a chapter as a reader sees them: headings, paragraph lines, table rows and code lines,
 * with references replaced by their display text (plainText). A unit that opens a DesignNote, GMNote or
 * Example also yields the variant with that component's label ("Design Note: …") in front.
 */
export function textUnits(tree: MdxNode, { withLabels = true } = {}): string[] {
  const units: string[] = [];
  const labelled = new Map<MdxNode, string>();
  walk(tree, (node) => {
    if (node.type === "mdxJsxFlowElement" && node.name && COMPONENT_LABELS[node.name]) {
      const first = node.children?.[0];
      if (first) labelled.set(first, COMPONENT_LABELS[node.name] ?? "");
    }
  });
  walk(tree, (node) => {
    if (node.type === "heading" || node.type === "paragraph") {
      const lines = plainText(inlineText(node)).split("\n");
      lines.forEach((line) => {
        units.push(line);
      });
      const label = labelled.get(node);
      if (withLabels && label) units.push(label + (lines[0] ?? ""));
    } else if (node.type === "tableRow") {
      units.push(plainText((node.children ?? []).map(inlineText).join(" ")));
    } else if (node.type === "code") {
      for (const line of (node.value ?? "").split("\n")) units.push(line);
    }
  });
  return units.map(normalize).filter((unit) => unit.length > 0);
}

/** Compare text as a reader would: quotes, bullets, list numbers, emphasis and whitespace do not count. */
export function normalize(text: string): string {
  return text
    .normalize("NFKC")
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\*\*|__/g, "")
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^(?:[•\-*+]|\d+\.)\s+/, "")
    .trim();
}

/** The seed's `[KIND]` stat block headings and the content kind each one is an entry of. */
export const STAT_BLOCK_KINDS: Record<string, string> = {
  WEAPON: "weapon",
  ARMOR: "armor",
  FOCUS: "focus",
  WONDROUS: "wondrous",
  CONSUMABLE: "consumable",
  CONDITION: "condition",
  STATE: "state",
  PATTERN: "pattern",
  MANEUVER: "maneuver",
  REACTION: "reaction",
  "INTERLUDE SCENE": "interlude-scene",
  "DOWNTIME ACTION": "downtime-action",
};
const STAT_HEADER = /^(?:\d+\.\s+)?\[([A-Z ]+)\] (.+)$/;
export const STAT_FIELD_LINE =
  /^(?:(?:Effect|Penalty|Special|Definition|Applies to|Weight Class|Attribute|Stackable|Clear Type):|- (?:\d|3\+))/;

export function statBlockIdOf(header: string): string | undefined {
  const match = STAT_HEADER.exec(header.trim());
  const kind = match ? STAT_BLOCK_KINDS[match[1] ?? ""] : undefined;
  if (!match || !kind) return undefined;
  // the heading's parenthesis holds tags or a parameter, not part of the name: "Mace (Crushing, Melee 1)"
  const name = (match[2] ?? "").replace(/\s*\([^)]*\)\s*$/, "");
  return `${kind}/${slugify(name)}`;
}

export function components(tree: MdxNode, name: string): MdxNode[] {
  const found: MdxNode[] = [];
  walk(tree, (node) => {
    if (node.type.startsWith("mdxJsx") && node.name === name) found.push(node);
  });
  return found;
}

/** One row of a table an entry carries as fields: label (from the field's key), value, calculation. */
export interface EntryRow {
  label: string;
  value: string;
  calculation: string;
}

/** "maxVitality" → "max vitality": a stat field's key spells the row label the book prints. */
const keyLabel = (key: string) => key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

/**
 * The table rows an entry carries: every field shaped `{ value, calculation, note? }` (a character's
 * `statedDerivedStats`), labelled by its key, the note printed in parentheses after the value as the book does.
 */
export function entryRows(value: unknown, key = ""): EntryRow[] {
  if (Array.isArray(value)) return value.flatMap((item) => entryRows(item));
  if (!value || typeof value !== "object") return [];
  const record = value as Record<string, unknown>;
  const printed = record.value;
  if (
    (typeof printed === "string" || typeof printed === "number") &&
    typeof record.calculation === "string"
  ) {
    const note = typeof record.note === "string" ? ` (${record.note})` : "";
    return [{ label: keyLabel(key), value: `${printed}${note}`, calculation: record.calculation }];
  }
  return Object.entries(record).flatMap(([name, field]) => entryRows(field, name));
}

/**
 * Whether an entry's rows carry one tab-separated row of the seed word for word. The plain-text export merged
 * the cells of consecutive rows into one (`Max Vigor: 7 Regain (per turn): 4`), each value printed after the name
 * its calculation defines (`Regain (per turn) = 3 + …`); such a row is carried when those rows print it so.
 */
export function rowCarried(row: string, rows: EntryRow[]): boolean {
  const [label = "", value = "", calculation = "", ...rest] = row.split("\t").map(normalize);
  if (rest.length > 0) return false;
  const same = (a: string, b: string) => normalize(a) === b;
  return rows.some((first, start) => {
    if (normalize(first.label) !== label.toLowerCase()) return false;
    if (same(first.value, value) && same(first.calculation, calculation)) return true;
    for (let end = start + 2; end <= rows.length; end++) {
      const merged = rows.slice(start, end);
      const names = merged.map((part) => part.calculation.split(" = ")[0] ?? "");
      const values = merged.map((part, index) => `${names[index]}: ${part.value}`).join(" ");
      const calculations = merged.map((part) => part.calculation).join(" ");
      if (same(values, value) && same(calculations, calculation)) return true;
    }
    return false;
  });
}

export interface Fidelity {
  /** Seed lines the MDX does not print. */
  missing: string[];
  /** Seed lines left out of the MDX because the chapter embeds the stat block they belong to, by entry id. */
  embedded: Map<string, string[]>;
}

/**
 * Compare a seed chapter with its MDX line by line (each seed line is one paragraph of the plain-text export).
 * A stat block's lines may be absent only where the chapter embeds that entry with <StatBlock> and the entry
 * carries their prose (`entryText` gives an entry's text by id, undefined while it does not exist yet);
 * Appendix B's term lines only where the chapter lists the glossary with <EntryList kind="glossary">.
 */
export function compareWithSeed(
  seedLines: string[],
  tree: MdxNode,
  entryText: (id: string) => string | undefined = () => undefined,
  rowsOf: (id: string) => EntryRow[] | undefined = () => undefined,
): Fidelity {
  const list = textUnits(tree, { withLabels: false });
  // a paragraph may be split in two or three consecutive blocks, to set a worked example apart from the rule
  // it illustrates (rule, example) or sits inside (rule, example, rule)
  const units = new Set([
    ...textUnits(tree),
    ...list.slice(1).map((unit, index) => `${list[index]} ${unit}`),
    ...list.slice(2).map((unit, index) => `${list[index]} ${list[index + 1]} ${unit}`),
  ]);
  const embeddedIds = new Set(components(tree, "StatBlock").map((node) => attributes(node).id ?? ""));
  const listsGlossary = components(tree, "EntryList").some((node) => attributes(node).kind === "glossary");
  const tables = embeddedTables(seedLines, embeddedIds, rowsOf);
  const result: Fidelity = { missing: [], embedded: new Map() };
  let segment: string | undefined;
  for (const [index, raw] of seedLines.entries()) {
    const line = normalize(raw);
    if (!line) continue;
    const table = tables.get(index);
    if (table && !units.has(line)) {
      result.embedded.set(table.owner, [...(result.embedded.get(table.owner) ?? []), raw.trim()]);
      if (!table.carried) result.missing.push(`${raw.trim()} (not in ${table.owner} either)`);
      continue;
    }
    const id = statBlockIdOf(raw);
    if (id) segment = embeddedIds.has(id) ? id : undefined;
    const found = units.has(line);
    // a stat block runs from its heading to the first line the chapter prints again (fields aside)
    if (segment && found && !id && !STAT_FIELD_LINE.test(raw.trim())) segment = undefined;
    if (found) continue;
    if (segment) {
      result.embedded.set(segment, [...(result.embedded.get(segment) ?? []), raw.trim()]);
      const text = entryText(segment);
      // short field values ("+2 Guard", "Stackable: no") are structured data in the entry, not prose
      const prose = normalize(raw.replace(/^\s*(?:Effect|Special|Definition|Applies to):\s*/, ""));
      const isProse = !id && !/^(?:Weight Class|Attribute|Stackable|Clear Type|Penalty):/.test(raw.trim());
      if (text !== undefined && isProse && prose.split(" ").length >= 4 && !text.includes(prose)) {
        result.missing.push(`${raw.trim()} (not in ${segment} either)`);
      }
    } else if (listsGlossary && raw.startsWith("• ")) {
      // generated from the glossary entries, checked against them separately
    } else {
      result.missing.push(raw.trim());
    }
  }
  return result;
}

/**
 * Seed tables (runs of tab-separated lines, header first) whose rows an embedded entry carries, by line index:
 * the chapter may leave them to the <StatBlock>, which renders the entry's own column headings. A row the owning
 * entry does not carry word for word is marked so (`carried: false`).
 */
function embeddedTables(
  seedLines: string[],
  embeddedIds: Set<string>,
  rowsOf: (id: string) => EntryRow[] | undefined,
): Map<number, { owner: string; carried: boolean }> {
  const tables = new Map<number, { owner: string; carried: boolean }>();
  for (let start = 0; start < seedLines.length; start++) {
    if (!seedLines[start]?.includes("\t") || seedLines[start - 1]?.includes("\t")) continue;
    let end = start + 1;
    while (seedLines[end]?.includes("\t")) end++;
    const body = seedLines.slice(start + 1, end);
    // the embedded entry that carries the most rows owns the table; one that carries none does not
    let owner: { id: string; carried: boolean[]; count: number } | undefined;
    for (const id of embeddedIds) {
      const rows = rowsOf(id);
      if (!rows) continue;
      const carried = body.map((row) => rowCarried(row, rows));
      const count = carried.filter(Boolean).length;
      if (count > 0 && count > (owner?.count ?? 0)) owner = { id, carried, count };
    }
    if (!owner) continue;
    tables.set(start, { owner: owner.id, carried: true });
    owner.carried.forEach((carried, offset) => {
      tables.set(start + 1 + offset, { owner: owner.id, carried });
    });
  }
  return tables;
}

/** A game term the chapters link: an entry's name (or alias) and its id. */
export interface LinkTerm {
  id: string;
  name: string;
}

/** A use of a term in running text, where no earlier reference in its block links the entry. */
export interface UnlinkedUse {
  id: string;
  /** The words around it, for the report and for documented exceptions. */
  context: string;
  line: number;
}

/**
 * The text blocks whose first use of a term is linked: paragraphs and whole lists and tables, at top level or
 * inside set-apart components. Headings, code and component attributes are not running text.
 */
function proseBlocks(tree: MdxNode): MdxNode[] {
  const blocks: MdxNode[] = [];
  const visit = (node: MdxNode) => {
    for (const child of node.children ?? []) {
      if (child.type === "paragraph" || child.type === "list" || child.type === "table") blocks.push(child);
      else if (child.type === "mdxJsxFlowElement" || child.type === "blockquote") visit(child);
    }
  };
  visit(tree);
  return blocks;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** References, inline code and inline JSX: text a term inside of is not running text. */
const NOT_PROSE = /\[\[[^\]\n]*\]\]|`[^`\n]*`|<[^>\n]*>/g;

/**
 * First uses of game terms left as plain text: in each block, every entry whose name appears (case as the
 * book writes it, whole words or their plural, a hyphenated compound such as Half-Elf not counting as Elf) must be linked
 * by a reference no later than its first plain mention. `resolve` gives the entry id a reference body names.
 */
export function unlinkedFirstUses(
  source: string,
  tree: MdxNode,
  terms: LinkTerm[],
  resolve: (body: string) => string | undefined,
): UnlinkedUse[] {
  // longest names first, so "Extra Success" is one use, not a use of something named "Success"
  const patterns = [...terms]
    .sort((a, b) => b.name.length - a.name.length)
    .map((term) => ({
      term,
      // a plural ("Channelers") is a use of the term too
      pattern: new RegExp(`(?<![\\p{L}\\p{N}\\-])${escapeRegExp(term.name)}s?(?![\\p{L}\\p{N}\\-])`, "gu"),
    }));
  const found: UnlinkedUse[] = [];
  for (const block of proseBlocks(tree)) {
    const start = block.position?.start.offset;
    const end = block.position?.end?.offset;
    if (start === undefined || end === undefined) continue;
    const text = source.slice(start, end);
    const linkedAt = new Map<string, number>();
    const masked: Array<[number, number]> = [];
    for (const match of text.matchAll(NOT_PROSE)) {
      const at = match.index ?? 0;
      masked.push([at, at + match[0].length]);
      const id = match[0].startsWith("[[") ? resolve(match[0].slice(2, -2)) : undefined;
      if (id && !linkedAt.has(id)) linkedAt.set(id, at);
    }
    const taken: Array<[number, number]> = [];
    const firstPlain = new Map<string, number>();
    for (const { term, pattern } of patterns) {
      for (const match of text.matchAll(pattern)) {
        const at = match.index ?? 0;
        const stop = at + match[0].length;
        const overlaps = (span: [number, number]) => span[0] < stop && at < span[1];
        if (masked.some(overlaps) || taken.some(overlaps)) continue;
        taken.push([at, stop]);
        if (!firstPlain.has(term.id) || (firstPlain.get(term.id) ?? 0) > at) firstPlain.set(term.id, at);
      }
    }
    for (const [id, at] of firstPlain) {
      if ((linkedAt.get(id) ?? Number.POSITIVE_INFINITY) < at) continue;
      const before = text.slice(0, at);
      found.push({
        id,
        context: text.slice(Math.max(0, at - 40), at + 40).replace(/\s+/g, " "),
        line: (block.position?.start.line ?? 0) + (before.match(/\n/g)?.length ?? 0),
      });
    }
  }
  return found;
}
