// A zod schema compiled once into plain closures that accept exactly what zod accepts and return zod's output
import { schemaDef, schemaKind } from "@momenta/schema";
import type { ZodTypeAny } from "zod";

/**
 * Returned when the input is invalid. The compiled check then knows only *that* zod rejects the input, not why:
 * the caller runs zod itself for the issues. Every clean entry (the vast majority) skips zod's per-node parse
 * contexts, status objects and issue arrays, which at 27k entries cost more than reading the files.
 */
export const INVALID: unique symbol = Symbol("invalid");

/** `input` → zod's output (the input itself when zod would return an equal copy), or `INVALID`. */
export type CompiledCheck = (input: unknown) => unknown;

/** A schema node zod type name this compiler does not model; the whole schema then stays on zod. */
export class UnsupportedSchema extends Error {}

/** What `superRefine`, `refine`, `preprocess` and `transform` callbacks receive: any issue means "invalid". */
interface EffectContext {
  addIssue: (issue: unknown) => void;
  readonly path: (string | number)[];
}

interface Def {
  checks?: { kind: string; value?: number; inclusive?: boolean; regex?: RegExp }[];
  coerce?: boolean;
  values?: readonly unknown[];
  value?: unknown;
  innerType?: ZodTypeAny;
  type?: ZodTypeAny;
  schema?: ZodTypeAny;
  options?: readonly ZodTypeAny[];
  discriminator?: string;
  optionsMap?: Map<unknown, ZodTypeAny>;
  unknownKeys?: string;
  catchall?: ZodTypeAny;
  shape?: () => Record<string, ZodTypeAny>;
  exactLength?: { value: number } | null;
  minLength?: { value: number } | null;
  maxLength?: { value: number } | null;
  defaultValue?: () => unknown;
  effect?:
    | { type: "preprocess"; transform: (input: unknown, ctx: EffectContext) => unknown }
    | { type: "refinement"; refinement: (input: unknown, ctx: EffectContext) => unknown }
    | { type: "transform"; transform: (input: unknown, ctx: EffectContext) => unknown };
}

const defOf = (schema: ZodTypeAny): Def => schemaDef(schema) as Def;

/**
 * Compile a zod schema, or throw `UnsupportedSchema` when it uses a type or check not modelled here (records,
 * tuples, lazy schemas, coercion, string formats…). Supported: string (min, max, length, regex), number (int, min,
 * max, finite), boolean, literal, enum, array, object (strict or strip), union, discriminated union, optional,
 * nullable, default, any/unknown, and effects (preprocess, refinement, transform). Each mirrors zod 3's `_parse`.
 */
export function compileSchema(schema: ZodTypeAny): CompiledCheck {
  return compileNode(schema, new Map());
}

/** `compileSchema`, or undefined when the schema needs zod itself. */
export function tryCompileSchema(schema: ZodTypeAny): CompiledCheck | undefined {
  try {
    return compileSchema(schema);
  } catch (error) {
    if (error instanceof UnsupportedSchema) return undefined;
    throw error;
  }
}

function compileNode(schema: ZodTypeAny, seen: Map<ZodTypeAny, CompiledCheck>): CompiledCheck {
  const cached = seen.get(schema);
  if (cached) return cached;
  const compiled = build(schema, seen);
  seen.set(schema, compiled);
  return compiled;
}

function build(schema: ZodTypeAny, seen: Map<ZodTypeAny, CompiledCheck>): CompiledCheck {
  const def = defOf(schema);
  switch (schemaKind(schema)) {
    case "string":
      return stringCheck(def);
    case "number":
      return numberCheck(def);
    case "boolean":
      if (def.coerce) throw new UnsupportedSchema("coerced boolean");
      return (input) => (typeof input === "boolean" ? input : INVALID);
    case "literal": {
      const literal = def.value;
      return (input) => (input === literal ? input : INVALID);
    }
    case "enum": {
      const values = new Set(def.values);
      return (input) => (typeof input === "string" && values.has(input) ? input : INVALID);
    }
    case "any":
    case "unknown":
      return (input) => input;
    case "optional": {
      const inner = compileNode(def.innerType as ZodTypeAny, seen);
      return (input) => (input === undefined ? undefined : inner(input));
    }
    case "nullable": {
      const inner = compileNode(def.innerType as ZodTypeAny, seen);
      return (input) => (input === null ? null : inner(input));
    }
    case "default": {
      const inner = compileNode(def.innerType as ZodTypeAny, seen);
      const defaultValue = def.defaultValue as () => unknown;
      return (input) => inner(input === undefined ? defaultValue() : input);
    }
    case "array":
      return arrayCheck(def, seen);
    case "object":
      return objectCheck(def, seen);
    case "union":
      return unionCheck(def, seen);
    case "discriminated-union":
      return discriminatedUnionCheck(def, seen);
    case "effects":
      return effectsCheck(def, seen);
    default:
      throw new UnsupportedSchema(`zod type ${schemaKind(schema) ?? "(unknown)"}`);
  }
}

function stringCheck(def: Def): CompiledCheck {
  if (def.coerce) throw new UnsupportedSchema("coerced string");
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  const patterns: RegExp[] = [];
  for (const check of def.checks ?? []) {
    if (check.kind === "min") min = Math.max(min, check.value as number);
    else if (check.kind === "max") max = Math.min(max, check.value as number);
    else if (check.kind === "length") {
      min = Math.max(min, check.value as number);
      max = Math.min(max, check.value as number);
    } else if (check.kind === "regex") patterns.push(check.regex as RegExp);
    else throw new UnsupportedSchema(`string check ${check.kind}`);
  }
  return (input) => {
    if (typeof input !== "string" || input.length < min || input.length > max) return INVALID;
    for (const pattern of patterns) {
      // zod resets lastIndex too, so global patterns behave the same on every call
      pattern.lastIndex = 0;
      if (!pattern.test(input)) return INVALID;
    }
    return input;
  };
}

function numberCheck(def: Def): CompiledCheck {
  if (def.coerce) throw new UnsupportedSchema("coerced number");
  const tests: ((value: number) => boolean)[] = [];
  for (const check of def.checks ?? []) {
    const bound = check.value as number;
    if (check.kind === "int") tests.push((value) => Number.isInteger(value));
    else if (check.kind === "finite") tests.push((value) => Number.isFinite(value));
    else if (check.kind === "min")
      tests.push(check.inclusive ? (value) => value >= bound : (value) => value > bound);
    else if (check.kind === "max")
      tests.push(check.inclusive ? (value) => value <= bound : (value) => value < bound);
    else throw new UnsupportedSchema(`number check ${check.kind}`);
  }
  return (input) => {
    if (typeof input !== "number" || Number.isNaN(input)) return INVALID;
    for (const test of tests) if (!test(input)) return INVALID;
    return input;
  };
}

function arrayCheck(def: Def, seen: Map<ZodTypeAny, CompiledCheck>): CompiledCheck {
  const item = compileNode(def.type as ZodTypeAny, seen);
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  if (def.exactLength) {
    min = def.exactLength.value;
    max = def.exactLength.value;
  }
  if (def.minLength) min = Math.max(min, def.minLength.value);
  if (def.maxLength) max = Math.min(max, def.maxLength.value);
  return (input) => {
    if (!Array.isArray(input) || input.length < min || input.length > max) return INVALID;
    let output: unknown[] | undefined;
    for (let i = 0; i < input.length; i++) {
      const value = input[i];
      const result = item(value);
      if (result === INVALID) return INVALID;
      if (output === undefined && result !== value) output = input.slice(0, i);
      if (output !== undefined) output.push(result);
    }
    return output ?? input;
  };
}

/** zod's parsed type `object` (its `getParsedType`): not null, an array, a promise, a Map, a Set or a Date. */
function isObject(input: unknown): input is Record<string, unknown> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return false;
  const { then, catch: catcher } = input as { then?: unknown; catch?: unknown };
  if (then && typeof then === "function" && catcher && typeof catcher === "function") return false;
  return !(input instanceof Map || input instanceof Set || input instanceof Date);
}

function objectCheck(def: Def, seen: Map<ZodTypeAny, CompiledCheck>): CompiledCheck {
  const mode = def.unknownKeys;
  if (mode !== "strict" && mode !== "strip") throw new UnsupportedSchema(`object with ${mode} keys`);
  if (schemaKind(def.catchall as ZodTypeAny) !== "never") throw new UnsupportedSchema("object catchall");
  const shape = (def.shape as () => Record<string, ZodTypeAny>)();
  const keys = Object.keys(shape);
  const checks = keys.map((key) => compileNode(shape[key] as ZodTypeAny, seen));
  const position = new Map(keys.map((key, i) => [key, i]));
  const strict = mode === "strict";
  return (input) => {
    if (!isObject(input)) return INVALID;
    // zod writes its output in shape order without unknown keys: the input can stand for it when it already is so
    let same = true;
    let last = -1;
    for (const key in input) {
      const at = position.get(key);
      if (at === undefined) {
        if (strict) return INVALID;
        same = false;
      } else if (at < last) same = false;
      else last = at;
    }
    let values: unknown[] | undefined;
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const value = input[key];
      const result = (checks[i] as CompiledCheck)(value);
      if (result === INVALID) return INVALID;
      if (result !== value) same = false;
      if (!same && values === undefined) {
        // every earlier result equalled its input
        values = [];
        for (let j = 0; j < i; j++) values.push(input[keys[j] as string]);
      }
      if (values !== undefined) values.push(result);
    }
    if (same) return input;
    const output: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i] as string;
      const result = values ? values[i] : input[key];
      // mirrors zod's mergeObjectSync: absent optional keys stay absent, `__proto__` is never assigned
      if (key !== "__proto__" && (result !== undefined || key in input)) output[key] = result;
    }
    return output;
  };
}

function unionCheck(def: Def, seen: Map<ZodTypeAny, CompiledCheck>): CompiledCheck {
  const options = (def.options ?? []).map((option) => compileNode(option, seen));
  // zod returns the first option that parses without issues
  return (input) => {
    for (const option of options) {
      const result = option(input);
      if (result !== INVALID) return result;
    }
    return INVALID;
  };
}

function discriminatedUnionCheck(def: Def, seen: Map<ZodTypeAny, CompiledCheck>): CompiledCheck {
  const discriminator = def.discriminator as string;
  const options = new Map<unknown, CompiledCheck>();
  for (const [value, option] of def.optionsMap ?? []) options.set(value, compileNode(option, seen));
  return (input) => {
    if (!isObject(input)) return INVALID;
    const option = options.get(input[discriminator]);
    return option ? option(input) : INVALID;
  };
}

function effectsCheck(def: Def, seen: Map<ZodTypeAny, CompiledCheck>): CompiledCheck {
  const inner = compileNode(def.schema as ZodTypeAny, seen);
  const effect = def.effect;
  if (!effect) throw new UnsupportedSchema("effects without an effect");
  // one context per compiled node: callbacks only report through it, and any report means zod fails the input
  let failed = false;
  const context: EffectContext = {
    addIssue: () => {
      failed = true;
    },
    path: [],
  };
  switch (effect.type) {
    case "preprocess":
      return (input) => {
        failed = false;
        const processed = effect.transform(input, context);
        if (failed) return INVALID;
        return inner(processed);
      };
    case "refinement":
      return (input) => {
        const value = inner(input);
        if (value === INVALID) return INVALID;
        failed = false;
        effect.refinement(value, context);
        return failed ? INVALID : value;
      };
    case "transform":
      return (input) => {
        const value = inner(input);
        if (value === INVALID) return INVALID;
        failed = false;
        const output = effect.transform(value, context);
        return failed ? INVALID : output;
      };
    default:
      throw new UnsupportedSchema("unknown effect");
  }
}
