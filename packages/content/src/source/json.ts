// JSON content files: parse with positions (jsonc-parser AST), reject unsafe shapes (scan and locator beside it)
import { type Node, type ParseError, parseTree, printParseErrorCode } from "jsonc-parser";
import {
  countColons,
  DEFAULT_JSON_LIMITS,
  FORBIDDEN_KEYS,
  isBlank,
  type JsonLimits,
  type JsonProblem,
  scanJson,
} from "./json-scan.ts";

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

/** A `,` right before a closing `}` or `]` (whitespace between): the parser blames the bracket; the comma is the mistake. */
function trailingCommaBefore(text: string, offset: number): number {
  if (text[offset] !== "}" && text[offset] !== "]") return -1;
  let at = offset - 1;
  while (at >= 0 && /\s/.test(text[at] ?? "")) at--;
  return text[at] === "," ? at : -1;
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
      const comma = trailingCommaBefore(text, error.offset);
      if (comma !== -1)
        return { messageId: "syntax", message: "trailing comma", start: comma, end: comma + 1 };
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

export {
  forEachStringWith,
  locateInText,
  locateJsonPath,
  type NodeLocation,
  type PropertyIndex,
  stringIndexToOffset,
  stringOffsets,
  walkStrings,
} from "./json-locate.ts";
export {
  DEFAULT_JSON_LIMITS,
  FORBIDDEN_KEYS,
  type JsonLimits,
  type JsonProblem,
  scanJson,
} from "./json-scan.ts";
