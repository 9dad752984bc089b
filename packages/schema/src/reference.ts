// The one reference syntax of Momenta prose: [[kind:Name Count (Parameter)#anchor|label]]
//
// Examples: [[Hindered]], [[maneuver:Move]], [[Hindered|hindered]], [[Wracked 2 (Fire)]],
// [[chapter:Attacking#line-of-sight]]. Parsing is pure syntax; resolving names is the content graph's job.

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

const KIND_PREFIX = /^([a-z][a-z-]*):\s*/;

/** Is this UTF-16 unit one that `\s` (and `trim()`) matches? Written out so the parse needs no backtracking regex. */
export function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 160) return false;
  return (
    c === 160 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

/** Line terminators, which `.` in a regular expression does not match. */
const isLineTerminator = (c: number) => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;

/**
 * A trailing `(parameter)`: the text ends (after spaces) in `)` whose `(` has no bracket between them. Returns the
 * index where the spaces before `(` begin, and the parameter text; what `/\s*\(([^()]*)\)\s*$/` finds, in one
 * backward pass (the regex retried every space of a long run: quadratic).
 */
function trailingParameter(text: string): { index: number; parameter: string } | undefined {
  let close = text.length - 1;
  while (close >= 0 && isSpace(text.charCodeAt(close))) close--;
  if (close < 0 || text.charCodeAt(close) !== 41) return undefined;
  let open = close - 1;
  while (open >= 0) {
    const c = text.charCodeAt(open);
    if (c === 40) break;
    if (c === 41) return undefined;
    open--;
  }
  if (open < 0) return undefined;
  let index = open;
  while (index > 0 && isSpace(text.charCodeAt(index - 1))) index--;
  return { index, parameter: text.slice(open + 1, close) };
}

/**
 * A trailing stack count: `name`, spaces, ASCII digits, end — what `/^(.*?\S)\s+(\d+)$/` finds (the name holds
 * no line terminator), in one backward pass and one forward check.
 */
function trailingCount(target: string): { name: string; count: number } | undefined {
  let digits = target.length;
  while (digits > 0) {
    const c = target.charCodeAt(digits - 1);
    if (c < 48 || c > 57) break;
    digits--;
  }
  if (digits === target.length) return undefined;
  let nameEnd = digits;
  while (nameEnd > 0 && isSpace(target.charCodeAt(nameEnd - 1))) nameEnd--;
  if (nameEnd === digits || nameEnd === 0) return undefined;
  for (let i = 0; i < nameEnd; i++) if (isLineTerminator(target.charCodeAt(i))) return undefined;
  return { name: target.slice(0, nameEnd), count: Number(target.slice(digits)) };
}

/** Parse one reference body (the text between `[[` and `]]`); linear in its length. */
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
  // anchored, and `[a-z-]*` cannot overlap `:` or `\s*`: one attempt, linear
  const kindMatch = KIND_PREFIX.exec(rest);
  if (kindMatch) {
    kind = kindMatch[1];
    rest = rest.slice(kindMatch[0].length);
  }
  let parameter: string | undefined;
  const parameterMatch = trailingParameter(rest);
  if (parameterMatch) {
    parameter = parameterMatch.parameter.trim();
    rest = rest.slice(0, parameterMatch.index);
  }
  const target = rest.trim();
  let name = target;
  let count: number | undefined;
  const countMatch = trailingCount(target);
  if (countMatch) {
    name = countMatch.name;
    count = countMatch.count;
  }
  const reference: Reference = { raw, start, end: start + raw.length, target, name };
  if (kind !== undefined) reference.kind = kind;
  if (count !== undefined) reference.count = count;
  if (parameter !== undefined) reference.parameter = parameter;
  if (anchor !== undefined) reference.anchor = anchor;
  if (label !== undefined) reference.label = label;
  return reference;
}

/**
 * The reference tokenizer: the offset just past the `[[…]]` reference that opens at `at`, or -1 when none does. A
 * body is at least one character holding no bracket and no line feed, so an attempt that fails stops at the next
 * bracket and no two attempts scan the same character: every scan built on it is linear. `findReferences`,
 * `plainText`, the loader's reference store and the linter's scanners all call it; the prose pipeline's micromark
 * construct (packages/content) states the same body rule for Markdown's character codes.
 */
export function referenceEndAt(text: string, at: number): number {
  if (text.charCodeAt(at) !== 91 || text.charCodeAt(at + 1) !== 91) return -1;
  let i = at + 2;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 91 || c === 93 || c === 10) break;
  }
  return i > at + 2 && text.charCodeAt(i) === 93 && text.charCodeAt(i + 1) === 93 ? i + 2 : -1;
}

/**
 * The next reference at or after `from`: its `[[` offset and the offset past its `]]`, or undefined. Each `[[` is
 * tried in turn (`referenceEndAt`), and the search goes on past a reference's end, never inside it.
 */
export function nextReference(text: string, from: number): { start: number; end: number } | undefined {
  for (let open = text.indexOf("[[", from); open !== -1; open = text.indexOf("[[", open + 1)) {
    const end = referenceEndAt(text, open);
    if (end !== -1) return { start: open, end };
  }
  return undefined;
}

/** Every `[[…]]` reference in a prose string, with offsets into it; linear (see `referenceEndAt`). */
export function findReferences(text: string): Reference[] {
  const references: Reference[] = [];
  for (let found = nextReference(text, 0); found; found = nextReference(text, found.end))
    references.push(parseReferenceBody(text.slice(found.start + 2, found.end - 2), found.start));
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
    .replace(/^-|-$/g, "");
}

/** Prose as a reader sees it: every reference replaced by its display text (for fidelity checks). */
export function plainText(text: string): string {
  let out = "";
  let last = 0;
  for (let found = nextReference(text, 0); found; found = nextReference(text, found.end)) {
    out +=
      text.slice(last, found.start) +
      referenceText(parseReferenceBody(text.slice(found.start + 2, found.end - 2)));
    last = found.end;
  }
  return last === 0 ? text : out + text.slice(last);
}
