// The one reference syntax of Momenta prose: [[kind:Name Count (Parameter)#anchor|label]]
//
// Examples: [[Hindered]], [[maneuver:Move]], [[Hindered|hindered]], [[Wracked 2 (Fire)]],
// [[chapter:Combat#initiative]]. Parsing is pure syntax; resolving names is the content graph's job.

export interface Reference {
  /** The whole `[[…]]` text as written. */
  raw: string;
  /** Offset of `[[` in the scanned text. */
  start: number;
  /** Offset just past `]]`. */
  end: number;
  /** Explicit kind qualifier (`maneuver` in `[[maneuver:Move]]`), if any. */
  kind?: string;
  /** The target as written, without kind, parameter, anchor or label (`Wracked 2`). */
  target: string;
  /** `target` with a trailing stack count removed (`Wracked`); equals `target` when there is none. */
  name: string;
  /** Trailing integer after the name (`2` in `Wracked 2`): stacks for conditions, N for tags. */
  count?: number;
  /** Text in parentheses after the name (`Fire` in `Wracked 2 (Fire)`). */
  parameter?: string;
  /** Heading anchor after `#`. */
  anchor?: string;
  /** Display text after `|`. */
  label?: string;
}

const REFERENCE = /\[\[([^[\]\n]+?)\]\]/g;
const KIND_PREFIX = /^([a-z][a-z-]*):\s*/;
const PARAMETER = /\s*\(([^()]*)\)\s*$/;
const COUNT = /^(.*?\S)\s+(\d+)$/;

/** Parse one reference body (the text between `[[` and `]]`). */
export function parseReferenceBody(body: string, start = 0): Reference {
  const raw = `[[${body}]]`;
  let rest = body;
  let label: string | undefined;
  const bar = rest.indexOf("|");
  if (bar !== -1) {
    label = rest.slice(bar + 1).trim();
    rest = rest.slice(0, bar);
  }
  let anchor: string | undefined;
  const hash = rest.indexOf("#");
  if (hash !== -1) {
    anchor = rest.slice(hash + 1).trim();
    rest = rest.slice(0, hash);
  }
  let kind: string | undefined;
  const kindMatch = KIND_PREFIX.exec(rest);
  if (kindMatch) {
    kind = kindMatch[1];
    rest = rest.slice(kindMatch[0].length);
  }
  let parameter: string | undefined;
  const parameterMatch = PARAMETER.exec(rest);
  if (parameterMatch) {
    parameter = parameterMatch[1]?.trim();
    rest = rest.slice(0, parameterMatch.index);
  }
  const target = rest.trim();
  let name = target;
  let count: number | undefined;
  const countMatch = COUNT.exec(target);
  if (countMatch) {
    name = countMatch[1] ?? target;
    count = Number(countMatch[2]);
  }
  const reference: Reference = { raw, start, end: start + raw.length, target, name };
  if (kind !== undefined) reference.kind = kind;
  if (count !== undefined) reference.count = count;
  if (parameter !== undefined) reference.parameter = parameter;
  if (anchor !== undefined) reference.anchor = anchor;
  if (label !== undefined) reference.label = label;
  return reference;
}

/** Every `[[…]]` reference in a prose string, with offsets into it. */
export function findReferences(text: string): Reference[] {
  const references: Reference[] = [];
  for (const match of text.matchAll(REFERENCE)) {
    references.push(parseReferenceBody(match[1] ?? "", match.index ?? 0));
  }
  return references;
}

/** The text a reader sees for a reference: its label, else its target with count and parameter. */
export function referenceText(reference: Reference): string {
  if (reference.label) return reference.label;
  return reference.parameter ? `${reference.target} (${reference.parameter})` : reference.target;
}

/** Lower-case, collapse whitespace and unify quotes, so names match however they are typed. */
export function normalizeName(name: string): string {
  return name
    .normalize("NFKC")
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/\s+/g, " ")
    .trim()
    .toLowerCase();
}

/** A URL-safe slug for a name: `Alchemist's Fire` → `alchemists-fire`. */
export function slugify(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['\u2019]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Prose as a reader sees it: every reference replaced by its display text (for fidelity checks). */
export function plainText(text: string): string {
  return text.replace(REFERENCE, (_whole, body: string) => referenceText(parseReferenceBody(body)));
}
