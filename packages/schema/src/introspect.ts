// The one place zod's internals are read: a schema's kind, its definition, and its children (zod 3 and zod 4)
import type { ZodTypeAny } from "zod";

/**
 * A schema's kind in zod 4's spelling (`object`, `array`, `optional` …). zod 3 keeps it as `_def.typeName`
 * (`ZodObject`), zod 4 as `_zod.def.type` (`object`); both come out the same here.
 */
export type SchemaKind =
  | "string"
  | "number"
  | "boolean"
  | "literal"
  | "enum"
  | "any"
  | "unknown"
  | "never"
  | "null"
  | "undefined"
  | "object"
  | "array"
  | "record"
  | "tuple"
  | "union"
  | "discriminated-union"
  | "intersection"
  | "optional"
  | "nullable"
  | "default"
  | "catch"
  | "readonly"
  | "effects"
  | "lazy"
  | "branded"
  | "pipe"
  | (string & {});

/** zod 3 type names → kinds; anything else is lower-cased without its `Zod` prefix. */
const ZOD3_KINDS: Record<string, SchemaKind> = {
  ZodDiscriminatedUnion: "discriminated-union",
  ZodEffects: "effects",
  ZodBranded: "branded",
  ZodPipeline: "pipe",
  ZodNativeEnum: "native-enum",
};

interface Zod4Internals {
  _zod?: { def?: Record<string, unknown> };
}

/** The schema's definition object (zod 3's `_def`, zod 4's `_zod.def`). */
export function schemaDef(schema: ZodTypeAny | undefined): Record<string, unknown> {
  if (!schema) return {};
  const zod4 = (schema as unknown as Zod4Internals)._zod?.def;
  return zod4 ?? (schema as unknown as { _def?: Record<string, unknown> })._def ?? {};
}

/** What kind of schema this is (undefined for something that is not a zod schema). */
export function schemaKind(schema: ZodTypeAny | undefined): SchemaKind | undefined {
  const def = schemaDef(schema);
  if (typeof def.typeName === "string") {
    const name = def.typeName;
    return ZOD3_KINDS[name] ?? name.replace(/^Zod/, "").toLowerCase();
  }
  if (typeof def.type === "string") {
    // zod 4 spells discriminated unions as unions with a discriminator, and effects as pipes or transforms
    if (def.type === "union" && typeof def.discriminator === "string") return "discriminated-union";
    return def.type;
  }
  return undefined;
}

/** Wrappers that hold one inner schema: optional, nullable, default, catch, readonly, effects, lazy, branded, pipe. */
export function innerSchema(schema: ZodTypeAny | undefined): ZodTypeAny | undefined {
  const def = schemaDef(schema);
  switch (schemaKind(schema)) {
    case "optional":
    case "nullable":
    case "default":
    case "catch":
    case "readonly":
      return def.innerType as ZodTypeAny | undefined;
    case "effects":
      return def.schema as ZodTypeAny | undefined;
    case "lazy":
      return typeof def.getter === "function" ? (def.getter as () => ZodTypeAny)() : undefined;
    case "branded":
      return def.type as ZodTypeAny | undefined;
    case "pipe":
      return (def.in as ZodTypeAny | undefined) ?? undefined;
    default:
      return undefined;
  }
}

/** Look through wrappers (optional, default, effects …) to the schema that holds the data's shape. */
export function unwrapSchema(schema: ZodTypeAny | undefined): ZodTypeAny | undefined {
  let current = schema;
  for (let depth = 0; current && depth < 20; depth++) {
    const inner = innerSchema(current);
    if (!inner) break;
    current = inner;
  }
  return current;
}

/** An object schema's fields, in declaration order (undefined for other kinds). */
export function objectShape(schema: ZodTypeAny | undefined): Record<string, ZodTypeAny> | undefined {
  if (schemaKind(schema) !== "object") return undefined;
  const shape = schemaDef(schema).shape;
  return (typeof shape === "function" ? shape() : shape) as Record<string, ZodTypeAny> | undefined;
}

/** An array schema's element schema. */
export function arrayElement(schema: ZodTypeAny | undefined): ZodTypeAny | undefined {
  if (schemaKind(schema) !== "array") return undefined;
  const def = schemaDef(schema);
  return (def.element ?? def.type) as ZodTypeAny | undefined;
}

/** A record schema's value schema. */
export function recordValue(schema: ZodTypeAny | undefined): ZodTypeAny | undefined {
  if (schemaKind(schema) !== "record") return undefined;
  return schemaDef(schema).valueType as ZodTypeAny | undefined;
}

/** A union's (or discriminated union's) branches, in order. */
export function unionOptions(schema: ZodTypeAny | undefined): ZodTypeAny[] {
  const kind = schemaKind(schema);
  if (kind !== "union" && kind !== "discriminated-union") return [];
  const options = schemaDef(schema).options;
  if (Array.isArray(options)) return options as ZodTypeAny[];
  return options instanceof Map ? [...(options.values() as Iterable<ZodTypeAny>)] : [];
}

/** An intersection's two sides. */
export function intersectionSides(schema: ZodTypeAny | undefined): ZodTypeAny[] {
  if (schemaKind(schema) !== "intersection") return [];
  const def = schemaDef(schema);
  return [def.left, def.right].filter(Boolean) as ZodTypeAny[];
}

/** The schema of field `key` in an object, or in any branch of a union or side of an intersection. */
export function fieldSchema(schema: ZodTypeAny | undefined, key: string): ZodTypeAny | undefined {
  const target = unwrapSchema(schema);
  const shape = objectShape(target);
  if (shape) return shape[key];
  for (const part of [...unionOptions(target), ...intersectionSides(target)]) {
    const found = fieldSchema(part, key);
    if (found) return found;
  }
  return undefined;
}

/** The schema at a data path (object keys, array indexes, record keys), looking through wrappers and unions. */
export function schemaAtPath(
  schema: ZodTypeAny | undefined,
  path: ReadonlyArray<string | number>,
): ZodTypeAny | undefined {
  let current = unwrapSchema(schema);
  for (const segment of path) {
    if (!current) return undefined;
    const kind = schemaKind(current);
    if (kind === "object")
      current = typeof segment === "string" ? objectShape(current)?.[segment] : undefined;
    else if (kind === "array") current = arrayElement(current);
    else if (kind === "record") current = recordValue(current);
    else if (kind === "union" || kind === "discriminated-union")
      current = unionOptions(current)
        .map((option) => schemaAtPath(option, [segment]))
        .find(Boolean);
    else if (kind === "intersection" && typeof segment === "string") current = fieldSchema(current, segment);
    else current = undefined;
    current = unwrapSchema(current);
  }
  return current;
}

/** Keys an object schema declares; for unions, the keys of every branch. */
export function objectKeys(schema: ZodTypeAny | undefined): string[] {
  const target = unwrapSchema(schema);
  const shape = objectShape(target);
  if (shape) return Object.keys(shape);
  return [...new Set(unionOptions(target).flatMap((option) => objectKeys(option)))];
}

/**
 * The values the field at `path` may take in any branch of the schema (an entry's `status` is `complete` in one
 * branch and `incomplete` in another), or undefined when any branch leaves it open.
 */
export function valuesAtPath(
  schema: ZodTypeAny,
  path: ReadonlyArray<string | number>,
): unknown[] | undefined {
  let current: ZodTypeAny[] = [schema];
  for (const segment of path) {
    const next: ZodTypeAny[] = [];
    for (const node of current) {
      const target = unwrapSchema(node);
      const kind = schemaKind(target);
      const options = kind === "union" || kind === "discriminated-union" ? unionOptions(target) : [target];
      for (const option of options) {
        const inner = schemaAtPath(option, [segment]);
        if (inner) next.push(inner);
      }
    }
    if (next.length === 0 || next.length > 32) return undefined;
    current = next;
  }
  const all: unknown[] = [];
  for (const node of current) {
    const values = allowedValues(node);
    if (!values) return undefined;
    all.push(...values);
  }
  return [...new Set(all)];
}

/** The values a field of a closed set may take (enum, literals, booleans), or undefined when it is open. */
export function allowedValues(schema: ZodTypeAny | undefined, depth = 0): unknown[] | undefined {
  const target = unwrapSchema(schema);
  const kind = schemaKind(target);
  const def = schemaDef(target);
  if (kind === "enum") {
    const values = def.values ?? def.entries;
    return Array.isArray(values)
      ? values
      : values && typeof values === "object"
        ? Object.values(values)
        : undefined;
  }
  if (kind === "literal") return Array.isArray(def.values) ? def.values : [def.value];
  if (kind === "boolean") return [true, false];
  if ((kind === "union" || kind === "discriminated-union") && depth < 4) {
    const all: unknown[] = [];
    for (const option of unionOptions(target)) {
      const values = allowedValues(option, depth + 1);
      if (!values) return undefined;
      all.push(...values);
    }
    return all.length > 0 ? [...new Set(all)] : undefined;
  }
  return undefined;
}

/** Whether a field may be left out: optional or defaulted, through any other wrappers. */
export function isOptionalField(schema: ZodTypeAny | undefined): boolean {
  for (let current = schema, depth = 0; current && depth < 20; current = innerSchema(current), depth++) {
    const kind = schemaKind(current);
    if (kind === "optional" || kind === "default") return true;
  }
  return false;
}

/**
 * The forms a union of literals and objects takes (Stackable: `false`, `{ "max": N }` or `"unlimited"`): each literal
 * value, or an object's required keys; undefined when an option is of another kind, or the schema is no such union.
 */
export function unionForms(
  schema: ZodTypeAny | undefined,
): ({ value: unknown } | { keys: string[] })[] | undefined {
  const target = unwrapSchema(schema);
  if (schemaKind(target) !== "union") return undefined;
  const forms: ({ value: unknown } | { keys: string[] })[] = [];
  for (const option of unionOptions(target)) {
    const values = allowedValues(option);
    const shape = values ? undefined : objectShape(unwrapSchema(option));
    if (values) forms.push(...values.map((value) => ({ value })));
    else if (shape) forms.push({ keys: Object.keys(shape).filter((key) => !isOptionalField(shape[key])) });
    else return undefined;
  }
  return forms;
}

/**
 * What an object field must hold, for a help that says how to fill it in: the discriminator and its values of a
 * discriminated union (`type` one of …), or an object's required keys; undefined for anything else.
 */
export function objectFieldShape(
  schema: ZodTypeAny | undefined,
): { discriminator: string; values: unknown[] } | { keys: string[] } | undefined {
  const target = unwrapSchema(schema);
  const kind = schemaKind(target);
  if (kind === "discriminated-union") {
    const discriminator = schemaDef(target).discriminator;
    if (typeof discriminator !== "string") return undefined;
    const values = valuesAtPath(target as ZodTypeAny, [discriminator]);
    return values ? { discriminator, values } : undefined;
  }
  const shape = objectShape(target);
  if (!shape) return undefined;
  return { keys: Object.keys(shape).filter((key) => !isOptionalField(shape[key])) };
}
