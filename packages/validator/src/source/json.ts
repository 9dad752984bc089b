// JSON content files: parse with positions (jsonc-parser AST), reject unsafe shapes, map paths to ranges
import { type Node, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";
import type { JsonPath } from "../diagnostic.ts";
import { doubled } from "../typed-arrays.ts";

/** Keys that could reach an object's prototype in careless consumers; refused outright. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

export interface JsonLimits {
  /** Deepest allowed nesting of arrays and objects. */
  maxDepth: number;
  /** Longest allowed string value, in UTF-16 code units. */
  maxStringLength: number;
  /** Most items in one array (a 60,000-item `tags` array hung the linter). */
  maxArrayItems: number;
  /** Most keys in one object (40,000 unknown keys took 38 s of diagnostics). */
  maxObjectKeys: number;
}

// real content's largest array has 5 items and its largest object 17 keys
export const DEFAULT_JSON_LIMITS: JsonLimits = {
  maxDepth: 64,
  maxStringLength: 100_000,
  maxArrayItems: 1_000,
  maxObjectKeys: 1_000,
};

export interface JsonProblem {
  messageId:
    | "syntax"
    | "empty"
    | "too-deep"
    | "too-many-items"
    | "too-many-keys"
    | "duplicate-key"
    | "forbidden-key"
    | "string-too-long";
  message: string;
  start: number;
  end: number;
  /** Offsets of an earlier occurrence, e.g. the first of two duplicate keys. */
  related?: { start: number; end: number; message: string };
  /** What the message says, as data: `key` (duplicate/forbidden keys), `length` (long strings). */
  data?: { key?: string; length?: number };
}

export interface JsonParseResult {
  /** The parsed value; undefined when the file has syntax errors or is unsafe to parse. */
  value: unknown;
  problems: JsonProblem[];
}

/** Offset where nesting first exceeds `maxDepth`, or -1; a cheap scan run before the recursive parser. */
export function findExcessiveNesting(text: string, maxDepth: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;
      else if (c === 34) inString = false;
      continue;
    }
    if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      if (++depth > maxDepth) return i;
    } else if (c === 125 || c === 93) depth--;
  }
  return -1;
}

const PARSE_OPTIONS = { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false };

/** Parse a JSON document into its syntax tree (no limits; callers check nesting first). */
export function parseJsonTree(text: string): { tree: Node | undefined; errors: ParseError[] } {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, PARSE_OPTIONS);
  return { tree, errors };
}

const SYNTAX_MESSAGES: Record<string, string> = {
  InvalidSymbol: "unexpected character",
  InvalidNumberFormat: "invalid number",
  PropertyNameExpected: "expected a property name in double quotes",
  ValueExpected: "expected a value",
  ColonExpected: "expected `:` after the property name",
  CommaExpected: "expected `,` between items",
  CloseBraceExpected: "expected `}` to close the object",
  CloseBracketExpected: "expected `]` to close the array",
  EndOfFileExpected: "unexpected content after the end of the document",
  InvalidCommentToken: "comments are not allowed in JSON",
  UnexpectedEndOfComment: "unterminated comment",
  UnexpectedEndOfString: "unterminated string",
  UnexpectedEndOfNumber: "unterminated number",
  InvalidUnicode: "invalid unicode escape",
  InvalidEscapeCharacter: "invalid escape character",
  InvalidCharacter: "invalid character in string",
};

/** A JSON string literal's value, or undefined for a bad escape (the tree parser then reports it). */
function decodeJsonString(literal: string): string | undefined {
  try {
    return JSON.parse(literal) as string;
  } catch {
    return undefined;
  }
}

/** Offset just past the string literal opening at `at`, or -1 when it never closes. */
function stringEnd(text: string, at: number): number {
  for (let i = at; ; ) {
    i = text.indexOf('"', i + 1);
    if (i === -1) return -1;
    let backslashes = 0;
    while (text.charCodeAt(i - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return i + 1;
  }
}

/** Only whitespace (what `trim()` removes)? Without building the trimmed copy for every file. */
function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // JSON's own whitespace first; anything else is rare enough to ask trim()
    if (c === 32 || c === 10 || c === 13 || c === 9) continue;
    return c > 127 ? text.slice(i).trim() === "" : false;
  }
  return true;
}

/** Scratch space for `scanJson`, grown as needed and reused by every call (the scan never re-enters itself). */
let keyStarts = new Int32Array(256);
let keyEnds = new Int32Array(256);
let frameStack = new Int32Array(128);
/** Per open container: its opening bracket's offset and the commas seen in it. */
let openAt = new Int32Array(128);
let commas = new Int32Array(128);

/** Is there a backslash in `[start, end)`? A bounded loop: indexOf would run on to the next one in the file. */
function hasBackslash(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === 92) return true;
  return false;
}

/** The key whose literal (quotes included) spans `[start, end)`, decoded; undefined for a bad escape. */
function keyAt(text: string, start: number, end: number): string | undefined {
  const literal = text.slice(start + 1, end - 1);
  return literal.includes("\\") ? decodeJsonString(text.slice(start, end)) : literal;
}

/** Do two key literals name the same key? Compared in place; only escaped keys are decoded. */
function sameKey(text: string, aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  if (aEnd - aStart === bEnd - bStart) {
    let same = true;
    for (let i = 1; i < aEnd - aStart - 1; i++) {
      if (text.charCodeAt(aStart + i) !== text.charCodeAt(bStart + i)) {
        same = false;
        break;
      }
    }
    if (same) return true;
  }
  // an escape can spell the same key differently (`"\u0061"` is `"a"`): only then compare decoded values
  if (!hasBackslash(text, aStart, aEnd) && !hasBackslash(text, bStart, bEnd)) return false;
  return keyAt(text, aStart, aEnd) === keyAt(text, bStart, bEnd);
}

/** Longest forbidden key, so most keys are ruled out by length alone. */
const FORBIDDEN_MAX = Math.max(...[...FORBIDDEN_KEYS].map((key) => key.length));

/**
 * One pass over the raw text for what JSON.parse silently accepts: nesting depth, duplicate and forbidden keys,
 * oversized strings. Returns problems, or undefined when the text is not well-formed enough to scan (the
 * tree parser then reports the syntax error with its position). Keys are compared where they stand in the text:
 * a clean file allocates nothing here but the empty result.
 */
export function scanJson(text: string, limits: JsonLimits): JsonProblem[] | undefined {
  const problems: JsonProblem[] = [];
  // a flat list of the open objects' keys (token offsets), and per open container the index of its first key
  // (-1 for arrays)
  let keyCount = 0;
  let depth = 0;
  let expectKey = false;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      const start = i;
      // jump to the closing quote: prose strings are most of a file, and indexOf scans natively
      const end = stringEnd(text, start);
      if (end < 0) return undefined;
      i = end - 1;
      const frame = depth > 0 ? (frameStack[depth - 1] as number) : -1;
      if (expectKey && frame >= 0) {
        if (end - start - 2 <= FORBIDDEN_MAX || hasBackslash(text, start, end)) {
          const key = keyAt(text, start, end);
          if (key === undefined) return undefined;
          if (FORBIDDEN_KEYS.has(key)) {
            problems.push({
              messageId: "forbidden-key",
              message: `the key \`${key}\` is not allowed`,
              data: { key },
              start,
              end,
            });
          }
        }
        let first = -1;
        for (let k = frame; k < keyCount; k++) {
          if (sameKey(text, keyStarts[k] as number, keyEnds[k] as number, start, end)) {
            first = k;
            break;
          }
        }
        if (first !== -1) {
          problems.push({
            messageId: "duplicate-key",
            message: `duplicate key \`${keyAt(text, start, end) ?? ""}\``,
            data: { key: keyAt(text, start, end) ?? "" },
            start,
            end,
            related: {
              start: keyStarts[first] as number,
              end: keyEnds[first] as number,
              message: "first defined here",
            },
          });
        } else {
          if (keyCount === keyStarts.length) {
            keyStarts = doubled(keyStarts);
            keyEnds = doubled(keyEnds);
          }
          keyStarts[keyCount] = start;
          keyEnds[keyCount] = end;
          keyCount++;
        }
        expectKey = false;
      } else if (end - start - 2 > limits.maxStringLength) {
        const size = hasBackslash(text, start, end)
          ? (decodeJsonString(text.slice(start, end))?.length ?? 0)
          : end - start - 2;
        if (size > limits.maxStringLength) {
          problems.push({
            messageId: "string-too-long",
            message: `string of ${size} characters is longer than the limit of ${limits.maxStringLength}`,
            data: { length: size },
            start,
            end: start + 1,
          });
        }
      }
    } else if (c === 123 || c === 91) {
      if (depth >= limits.maxDepth) {
        return [
          {
            messageId: "too-deep",
            message: `nesting deeper than ${limits.maxDepth} levels`,
            start: i,
            end: i + 1,
          },
        ];
      }
      if (depth === frameStack.length) {
        frameStack = doubled(frameStack);
        openAt = doubled(openAt);
        commas = doubled(commas);
      }
      openAt[depth] = i;
      commas[depth] = 0;
      frameStack[depth++] = c === 123 ? keyCount : -1;
      expectKey = c === 123;
    } else if (c === 125 || c === 93) {
      if (depth > 0) {
        const frame = frameStack[--depth] as number;
        if (frame >= 0) keyCount = frame;
      }
      expectKey = false;
    } else if (c === 44) {
      expectKey = depth > 0 && (frameStack[depth - 1] as number) >= 0;
      // n commas separate n + 1 items: the container is reported at its opening bracket
      if (
        depth > 0 &&
        ++(commas[depth - 1] as number) >= (expectKey ? limits.maxObjectKeys : limits.maxArrayItems)
      ) {
        const start = openAt[depth - 1] as number;
        const limit = expectKey ? limits.maxObjectKeys : limits.maxArrayItems;
        const what = expectKey
          ? "an object with more than {limit} keys"
          : "an array of more than {limit} items";
        return [
          {
            messageId: expectKey ? "too-many-keys" : "too-many-items",
            message: what.replace("{limit}", String(limit)),
            start,
            end: start + 1,
          },
        ];
      }
    }
  }
  return problems;
}

/** How many `:` a string holds. */
function countColons(text: string): number {
  let count = 0;
  for (let at = text.indexOf(":"); at !== -1; at = text.indexOf(":", at + 1)) count++;
  return count;
}

/** Running totals of `plainShape`: keys seen, and colons inside keys and string values. */
let shapeKeys = 0;
let shapeColons = 0;

/**
 * Walks a value JSON.parse returned, counting keys and the colons inside strings; false when it holds what only
 * the scan can position (nesting past the limit, a forbidden key, an over-long string).
 */
function plainShape(value: unknown, depth: number, limits: JsonLimits): boolean {
  if (typeof value === "string") {
    if (value.length > limits.maxStringLength) return false;
    if (value.includes(":")) shapeColons += countColons(value);
    return true;
  }
  if (value === null || typeof value !== "object") return true;
  if (depth >= limits.maxDepth) return false;
  if (Array.isArray(value)) {
    if (value.length > limits.maxArrayItems) return false;
    for (const item of value) if (!plainShape(item, depth + 1, limits)) return false;
    return true;
  }
  let keys = 0;
  for (const key in value) {
    if (FORBIDDEN_KEYS.has(key) || ++keys > limits.maxObjectKeys) return false;
    shapeKeys++;
    if (key.includes(":")) shapeColons += countColons(key);
    if (!plainShape((value as Record<string, unknown>)[key], depth + 1, limits)) return false;
  }
  return true;
}

/**
 * JSON.parse plus proof that it lost nothing, without a scan of every character: outside strings, every `:` of
 * valid JSON separates one key from its value, so the text's colons, less those inside keys and strings, count
 * the keys as written. When that equals the keys JSON.parse kept, no key was a duplicate. Only `\u` escapes can
 * make a string's colons differ from its literal's, so a text with any takes the scan instead; so does anything
 * the walk finds odd. Returns undefined when the scan must decide.
 */
function parseProvedClean(
  text: string,
  limits: JsonLimits,
): { value: unknown } | { broken: true } | undefined {
  if (text.includes("\\u")) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { broken: true };
  }
  shapeKeys = 0;
  shapeColons = 0;
  if (!plainShape(value, 0, limits)) return undefined;
  return shapeKeys + shapeColons === countColons(text) ? { value } : undefined;
}

/**
 * Parse a content file: syntax errors, nesting, duplicate and forbidden keys, oversized strings. Clean files take
 * JSON.parse with a count that proves no key was lost; anything else is scanned, and broken or odd files go
 * through the positioned tree parser, which keeps the first of duplicate keys and reports every problem.
 */
export function parseJson(text: string, limits: JsonLimits = DEFAULT_JSON_LIMITS): JsonParseResult {
  if (isBlank(text)) {
    return {
      value: undefined,
      problems: [{ messageId: "empty", message: "the file is empty", start: 0, end: 0 }],
    };
  }
  const proved = parseProvedClean(text, limits);
  if (proved && "value" in proved) return { value: proved.value, problems: [] };
  if (!proved) {
    const scanned = scanJson(text, limits);
    const refused = scanned?.[0]?.messageId;
    if (refused === "too-deep" || refused === "too-many-items" || refused === "too-many-keys")
      return { value: undefined, problems: scanned as JsonProblem[] };
    if (scanned && scanned.length === 0) {
      try {
        return { value: JSON.parse(text) as unknown, problems: [] };
      } catch {
        // not well-formed: the tree parser reports where
      }
    }
  }
  // parseWithTree checks nesting itself before building the tree
  return parseWithTree(text, limits);
}

/** The positioned parser: syntax errors with offsets, and the value built from the tree. */
export function parseWithTree(text: string, limits: JsonLimits = DEFAULT_JSON_LIMITS): JsonParseResult {
  if (text.trim() === "") {
    return {
      value: undefined,
      problems: [{ messageId: "empty", message: "the file is empty", start: 0, end: 0 }],
    };
  }
  const deep = findExcessiveNesting(text, limits.maxDepth);
  if (deep !== -1) {
    return {
      value: undefined,
      problems: [
        {
          messageId: "too-deep",
          message: `nesting deeper than ${limits.maxDepth} levels`,
          start: deep,
          end: deep + 1,
        },
      ],
    };
  }
  const { tree, errors } = parseJsonTree(text);
  if (errors.length > 0 || tree === undefined) {
    const problems: JsonProblem[] = errors.map((error) => {
      const code = printParseErrorCode(error.error);
      return {
        messageId: "syntax",
        message: SYNTAX_MESSAGES[code] ?? code,
        start: error.offset,
        end: error.offset + Math.max(error.length, 1),
      };
    });
    // the parser recovers and may report one spot twice ("expected a property name", "expected a value")
    const seenOffsets = new Set<number>();
    const unique = problems.filter((problem) => {
      if (seenOffsets.has(problem.start)) return false;
      seenOffsets.add(problem.start);
      return true;
    });
    if (unique.length === 0)
      unique.push({ messageId: "syntax", message: "expected a value", start: 0, end: 1 });
    return { value: undefined, problems: unique };
  }
  const problems: JsonProblem[] = [];
  const value = toValue(tree, problems, limits);
  return { value, problems };
}

/** Build the plain value from the tree; unsafe keys are reported and dropped, never assigned. */
function toValue(node: Node, problems: JsonProblem[], limits: JsonLimits): unknown {
  switch (node.type) {
    case "object": {
      const out: Record<string, unknown> = {};
      const seen = new Map<string, Node>();
      for (const property of node.children ?? []) {
        const [keyNode, valueNode] = property.children ?? [];
        if (!keyNode || !valueNode) continue;
        const key = keyNode.value as string;
        if (FORBIDDEN_KEYS.has(key)) {
          problems.push({
            messageId: "forbidden-key",
            message: `the key \`${key}\` is not allowed`,
            data: { key },
            start: keyNode.offset,
            end: keyNode.offset + keyNode.length,
          });
          continue;
        }
        const first = seen.get(key);
        if (first) {
          problems.push({
            messageId: "duplicate-key",
            message: `duplicate key \`${key}\``,
            data: { key },
            start: keyNode.offset,
            end: keyNode.offset + keyNode.length,
            related: { start: first.offset, end: first.offset + first.length, message: "first defined here" },
          });
          continue;
        }
        seen.set(key, keyNode);
        out[key] = toValue(valueNode, problems, limits);
      }
      return out;
    }
    case "array":
      return (node.children ?? []).map((child) => toValue(child, problems, limits));
    case "string": {
      const value = node.value as string;
      if (value.length > limits.maxStringLength) {
        problems.push({
          messageId: "string-too-long",
          message: `string of ${value.length} characters is longer than the limit of ${limits.maxStringLength}`,
          data: { length: value.length },
          start: node.offset,
          end: node.offset + Math.min(node.length, 1),
        });
      }
      return value;
    }
    default:
      return node.value;
  }
}

export interface NodeLocation {
  start: number;
  end: number;
  /** True when the path's last segment was not found and the range is its nearest ancestor. */
  approximate: boolean;
}

/**
 * The source range of the value at `path` (or of its property key with `key: true`).
 * Missing segments fall back to the nearest existing ancestor's key, so messages still land close.
 */
export function locateJsonPath(
  tree: Node | undefined,
  path: JsonPath,
  options: { key?: boolean } = {},
  index?: PropertyIndex,
): NodeLocation {
  if (!tree) return { start: 0, end: 0, approximate: true };
  let node: Node = tree;
  let keyNode: Node | undefined;
  for (const segment of path) {
    let next: Node | undefined;
    let nextKey: Node | undefined;
    if (node.type === "object" && typeof segment === "string" && index) {
      const property = propertyOf(node, segment, index);
      next = property?.children?.[1];
      nextKey = property?.children?.[0];
    } else if (node.type === "object" && typeof segment === "string") {
      // the last duplicate wins in JSON.parse semantics, but we dropped later ones: take the first
      for (const property of node.children ?? []) {
        const [k, v] = property.children ?? [];
        if (k && v && k.value === segment) {
          next = v;
          nextKey = k;
          break;
        }
      }
    } else if (node.type === "array" && typeof segment === "number") {
      next = node.children?.[segment];
      nextKey = undefined;
    }
    if (!next) {
      // a missing field: point at the parent's key, or at the opening brace of a top-level object
      if (keyNode) return { start: keyNode.offset, end: keyNode.offset + keyNode.length, approximate: true };
      return { start: node.offset, end: node.offset + 1, approximate: true };
    }
    node = next;
    keyNode = nextKey;
  }
  const target = options.key && keyNode ? keyNode : node;
  return { start: target.offset, end: target.offset + target.length, approximate: false };
}

/** Each object node's properties by key, built the first time the object is asked (first duplicate wins). */
export type PropertyIndex = WeakMap<Node, Map<string, Node>>;

function propertyOf(object: Node, key: string, index: PropertyIndex): Node | undefined {
  let byKey = index.get(object);
  if (!byKey) {
    byKey = new Map();
    for (const property of object.children ?? []) {
      const [k, v] = property.children ?? [];
      if (k && v && typeof k.value === "string" && !byKey.has(k.value)) byKey.set(k.value, property);
    }
    index.set(object, byKey);
  }
  return byKey.get(key);
}

/** Offset of the first non-whitespace character at or after `at`. */
function skipSpace(text: string, at: number): number {
  while (at < text.length) {
    const c = text.charCodeAt(at);
    if (c !== 32 && c !== 10 && c !== 13 && c !== 9) break;
    at++;
  }
  return at;
}

/** Offset just past the value starting at `at` (which is not whitespace), or -1 when the text is not plain. */
function valueEnd(text: string, at: number): number {
  const c = text.charCodeAt(at);
  if (c === 34) return stringEnd(text, at);
  if (c === 123 || c === 91) {
    let depth = 0;
    for (let i = at; i < text.length; i++) {
      const d = text.charCodeAt(i);
      if (d === 34) {
        i = stringEnd(text, i) - 1;
        if (i < 0) return -1;
      } else if (d === 123 || d === 91) depth++;
      else if (d === 125 || d === 93) {
        depth--;
        if (depth === 0) return i + 1;
      }
    }
    return -1;
  }
  // a number or literal runs to the next delimiter
  let i = at;
  while (i < text.length) {
    const d = text.charCodeAt(i);
    if (d === 44 || d === 125 || d === 93 || d === 32 || d === 10 || d === 13 || d === 9) break;
    i++;
  }
  return i > at ? i : -1;
}

/**
 * `locateJsonPath` for a file known to parse cleanly, found by stepping through the text along the path instead of
 * building a syntax tree: reporting a problem in one entry of 27k then costs a skim of one file. Same ranges and
 * fallbacks as `locateJsonPath` on the tree; undefined when the text is not what a clean file looks like.
 */
export function locateInText(
  text: string,
  path: JsonPath,
  options: { key?: boolean } = {},
): NodeLocation | undefined {
  let at = skipSpace(text, 0);
  let keyStart = -1;
  let keyEnd = -1;
  for (const segment of path) {
    const open = text.charCodeAt(at);
    let found = -1;
    let foundKeyStart = -1;
    let foundKeyEnd = -1;
    if (open === 123 && typeof segment === "string") {
      let i = skipSpace(text, at + 1);
      if (text.charCodeAt(i) !== 125) {
        for (;;) {
          if (text.charCodeAt(i) !== 34) return undefined;
          const end = stringEnd(text, i);
          if (end < 0) return undefined;
          const literal = text.slice(i + 1, end - 1);
          const key = literal.includes("\\") ? decodeJsonString(text.slice(i, end)) : literal;
          let j = skipSpace(text, end);
          if (text.charCodeAt(j) !== 58) return undefined;
          j = skipSpace(text, j + 1);
          if (key === segment) {
            found = j;
            foundKeyStart = i;
            foundKeyEnd = end;
            break;
          }
          const after = valueEnd(text, j);
          if (after < 0) return undefined;
          i = skipSpace(text, after);
          const next = text.charCodeAt(i);
          if (next === 125) break;
          if (next !== 44) return undefined;
          i = skipSpace(text, i + 1);
        }
      }
    } else if (open === 91 && typeof segment === "number") {
      let i = skipSpace(text, at + 1);
      if (text.charCodeAt(i) !== 93) {
        for (let index = 0; ; index++) {
          if (index === segment) {
            found = i;
            break;
          }
          const after = valueEnd(text, i);
          if (after < 0) return undefined;
          i = skipSpace(text, after);
          const next = text.charCodeAt(i);
          if (next === 93) break;
          if (next !== 44) return undefined;
          i = skipSpace(text, i + 1);
        }
      }
    }
    if (found < 0) {
      // as on the tree: the parent's key when there is one, else the container's first character
      if (keyStart >= 0) return { start: keyStart, end: keyEnd, approximate: true };
      return { start: at, end: at + 1, approximate: true };
    }
    at = found;
    keyStart = foundKeyStart;
    keyEnd = foundKeyEnd;
  }
  if (options.key && keyStart >= 0) return { start: keyStart, end: keyEnd, approximate: false };
  const end = valueEnd(text, at);
  if (end < 0) return undefined;
  return { start: at, end, approximate: false };
}

/**
 * Map an index into a decoded JSON string to an offset in the file, given the string node's offset
 * (at its opening quote). Needed because escapes (`\n`, `\"`, `\u00e9`) make raw and decoded text differ.
 */
export function stringIndexToOffset(text: string, nodeOffset: number, index: number): number {
  let raw = nodeOffset + 1;
  let decoded = 0;
  while (decoded < index && raw < text.length) {
    const c = text.charCodeAt(raw);
    if (c === 34) break;
    if (c === 92) raw += text.charCodeAt(raw + 1) === 117 ? 6 : 2;
    else raw += 1;
    decoded++;
  }
  return raw;
}

/**
 * File offset of every decoded index of the string literal at `nodeOffset` (and one past its end), in one pass: a
 * file with many problems in one long string maps each in constant time instead of re-walking the literal.
 */
export function stringOffsets(text: string, nodeOffset: number): Int32Array {
  const end = stringEnd(text, nodeOffset);
  const last = end < 0 ? text.length : end - 1;
  const offsets = new Int32Array(Math.max(last - nodeOffset, 1));
  let raw = nodeOffset + 1;
  let decoded = 0;
  while (raw < last) {
    offsets[decoded++] = raw;
    raw += text.charCodeAt(raw) === 92 ? (text.charCodeAt(raw + 1) === 117 ? 6 : 2) : 1;
  }
  offsets[decoded] = Math.min(raw, text.length);
  return offsets.subarray(0, decoded + 1);
}

/**
 * Calls `visit` for every string that contains `marker`, with its path. The path array is shared and
 * mutated while walking (copy it to keep it): at 27k entries, per-level copies were a large share of load time.
 */
export function forEachStringWith(
  value: unknown,
  marker: string,
  visit: (text: string, path: readonly (string | number)[]) => void,
  path: (string | number)[] = [],
): void {
  if (typeof value === "string") {
    if (value.includes(marker)) visit(value, path);
  } else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      path.push(i);
      forEachStringWith(value[i], marker, visit, path);
      path.pop();
    }
  } else if (value !== null && typeof value === "object") {
    for (const key in value) {
      path.push(key);
      forEachStringWith((value as Record<string, unknown>)[key], marker, visit, path);
      path.pop();
    }
  }
}

/** Every string in a value with its path (a generator; `forEachStringWith` is the fast path for large trees). */
export function* walkStrings(value: unknown, path: (string | number)[] = []): Generator<[string, JsonPath]> {
  if (typeof value === "string") yield [value, path];
  else if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) yield* walkStrings(value[i], [...path, i]);
  } else if (value !== null && typeof value === "object") {
    for (const key of Object.keys(value))
      yield* walkStrings((value as Record<string, unknown>)[key], [...path, key]);
  }
}
