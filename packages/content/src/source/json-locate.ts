// Source ranges in JSON files: a path's node in the tree, or a path stepped to in the raw text, and string offsets
import type { Node } from "jsonc-parser";
import type { JsonPath } from "../diagnostic.ts";
import { decodeJsonString, stringEnd } from "./json-scan.ts";

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
 * Calls `visit` for every string that contains `marker` (a substring, or a pattern it matches), with its path. The
 * path array is shared and mutated while walking (copy it to keep it): at 27k entries, per-level copies were a large
 * share of load time.
 */
export function forEachStringWith(
  value: unknown,
  marker: string | RegExp,
  visit: (text: string, path: readonly (string | number)[]) => void,
  path: (string | number)[] = [],
): void {
  if (typeof value === "string") {
    if (typeof marker === "string" ? value.includes(marker) : marker.test(value)) visit(value, path);
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
