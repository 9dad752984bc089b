// The raw-text pass over a JSON file: what JSON.parse silently accepts (depth, duplicate and forbidden keys, sizes)
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

/** A JSON string literal's value, or undefined for a bad escape (the tree parser then reports it). */
export function decodeJsonString(literal: string): string | undefined {
  try {
    return JSON.parse(literal) as string;
  } catch {
    return undefined;
  }
}

/** Offset just past the string literal opening at `at`, or -1 when it never closes. */
export function stringEnd(text: string, at: number): number {
  for (let i = at; ; ) {
    i = text.indexOf('"', i + 1);
    if (i === -1) return -1;
    let backslashes = 0;
    while (text.charCodeAt(i - 1 - backslashes) === 92) backslashes++;
    if (backslashes % 2 === 0) return i + 1;
  }
}

/** Only whitespace (what `trim()` removes)? Without building the trimmed copy for every file. */
export function isBlank(text: string): boolean {
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
export function countColons(text: string): number {
  let count = 0;
  for (let at = text.indexOf(":"); at !== -1; at = text.indexOf(":", at + 1)) count++;
  return count;
}
