// JSON field completion and hover in an entry file, from its kind's zod schema: field names, closed-set values, types
import {
  arrayElement,
  fieldSchema,
  innerSchema,
  isOptionalField,
  type KindDefinition,
  kindByFolder,
  kindByName,
  objectKeys,
  recordValue,
  schemaAtPath,
  schemaDef,
  schemaKind,
  unionOptions,
  unwrapSchema,
  valuesAtPath,
} from "@momenta/schema";
import {
  findNodeAtLocation,
  findNodeAtOffset,
  getLocation,
  getNodePath,
  type Node,
  parseTree,
} from "jsonc-parser";
import {
  type CompletionItem,
  CompletionItemKind,
  type CompletionList,
  type Hover,
  MarkupKind,
} from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";

/** A zod schema node, as the kind registry holds them. */
type ZodTypeAny = KindDefinition["schema"];

/** What a key of a record means (a configuration's rule id), for its completion item and hover. */
export interface KeyInfo {
  detail: string;
  documentation?: string;
}

/**
 * The keys a record at a path takes, which its schema cannot list (`rules` in momenta.config.json: the registry's
 * rule ids); undefined where any key goes.
 */
export type KeyCatalog = (
  objectPath: readonly (string | number)[],
) => ReadonlyMap<string, KeyInfo> | undefined;

/**
 * The schema an entry file is checked against: its `id`'s kind (`condition/…`, as the loader checks a misfiled
 * entry), else its folder's (`content/conditions/…`); undefined for a file that is not an entry.
 */
export function entrySchemaOf(file: string, text: string): ZodTypeAny | undefined {
  if (!file.endsWith(".json")) return undefined;
  const id = /"id"\s*:\s*"([a-z][a-z-]*)\//.exec(text)?.[1];
  const byId = id ? kindByName(id) : undefined;
  if (byId) return byId.schema;
  const folder = file.split("/").at(-2);
  return folder ? kindByFolder(folder)?.schema : undefined;
}

/** A field's `.describe()` text: the first one met from its outermost wrapper in. */
export function descriptionOf(schema: ZodTypeAny | undefined): string | undefined {
  for (let current = schema, depth = 0; current && depth < 20; current = innerSchema(current), depth++) {
    const { description } = current as { description?: string };
    if (description) return description;
  }
  return undefined;
}

/** Most values a closed set lists in a type before it is summarised. */
const MAX_LISTED = 8;

/** A closed set as a type: `"POW" | "AGI" | …`. */
function valuesText(values: readonly unknown[]): string {
  const listed = values.slice(0, MAX_LISTED).map((value) => JSON.stringify(value));
  return values.length > MAX_LISTED
    ? `${listed.join(" | ")} | … (${values.length} values)`
    : listed.join(" | ");
}

/**
 * The type of field `key` of the object at `objectPath`: a literal's or enum's values across every branch of the
 * schema (an entry's `status` is `"complete" | "incomplete"`, one per branch), else the field's own type.
 */
function fieldType(schema: ZodTypeAny, objectPath: readonly (string | number)[], key: string): string {
  const field = fieldSchema(schemaAtPath(schema, objectPath), key);
  const kind = schemaKind(unwrapSchema(field));
  const values =
    kind === "literal" || kind === "enum" ? valuesAtPath(schema, [...objectPath, key]) : undefined;
  return values ? valuesText(values) : typeText(field);
}

/** A field's type as the file writes it: `string`, `"POW" | "AGI" | …`, `string[]`, `false | object | "unlimited"`. */
export function typeText(schema: ZodTypeAny | undefined, depth = 0): string {
  const target = unwrapSchema(schema);
  const kind = schemaKind(target);
  const def = schemaDef(target);
  if (depth > 4) return "…";
  switch (kind) {
    case "string":
    case "boolean":
    case "null":
      return kind;
    case "number": {
      const checks = Array.isArray(def.checks) ? (def.checks as { kind?: string }[]) : [];
      return checks.some((check) => check.kind === "int") ? "integer" : "number";
    }
    case "literal":
    case "enum":
      return valuesText(valuesAtPath(target as ZodTypeAny, []) ?? []);
    case "array": {
      const element = typeText(arrayElement(target), depth + 1);
      return element.includes(" | ") ? `(${element})[]` : `${element}[]`;
    }
    case "record":
      return `{ [key: string]: ${typeText(recordValue(target), depth + 1)} }`;
    case "object":
    case "discriminated-union":
      return "object";
    case "union":
      return [...new Set(unionOptions(target).map((option) => typeText(option, depth + 1)))].join(" | ");
    default:
      return kind ?? "unknown";
  }
}

/** The keys an object already writes. */
function writtenKeys(object: Node | undefined): Set<string> {
  const keys = new Set<string>();
  if (object?.type !== "object") return keys;
  for (const property of object.children ?? []) {
    const key = property.children?.[0]?.value;
    if (typeof key === "string") keys.add(key);
  }
  return keys;
}

/** Where a bare word being typed starts (a key typed without its quote yet). */
function wordStart(text: string, offset: number): number {
  let start = offset;
  while (start > 0 && /[\w$-]/.test(text[start - 1] as string)) start--;
  return start;
}

/**
 * Completion in an entry's JSON: the names of the fields its schema declares at the cursor's object that the object
 * does not write yet (with their description), or the values of a field of a closed set. Undefined elsewhere.
 */
export function completeField(
  schema: ZodTypeAny,
  document: TextDocument,
  offset: number,
  keyCatalog?: KeyCatalog,
): CompletionList | undefined {
  const text = document.getText();
  const location = getLocation(text, offset);
  const node = location.previousNode;
  const range = (start: number, end: number) => ({
    start: document.positionAt(start),
    end: document.positionAt(end),
  });
  if (location.isAtPropertyKey) {
    const objectPath = location.path.slice(0, -1);
    const objectSchema = schemaAtPath(schema, objectPath);
    const catalog = objectKeys(objectSchema).length === 0 ? keyCatalog?.(objectPath) : undefined;
    const keys = catalog ? [...catalog.keys()] : objectKeys(objectSchema);
    if (keys.length === 0) return undefined;
    // the key being typed is left out of the keys written (a quote not closed yet would swallow what follows it)
    const typing = node?.type === "property" || node?.type === "string" ? node : undefined;
    // inside the key's quotes the item replaces what follows the opening one, so the word typed is the filter (as
    // VS Code and Neovim's omnifunc both read it); a bare word is replaced whole
    const quoted = typing !== undefined && text[typing.offset] === '"';
    const start = typing ? typing.offset + (quoted ? 1 : 0) : wordStart(text, offset);
    const end = typing ? typing.offset + typing.length : offset;
    const tree = parseTree(text.slice(0, typing ? typing.offset : start) + text.slice(end));
    const object = tree ? (objectPath.length === 0 ? tree : findNodeAtLocation(tree, objectPath)) : undefined;
    const written = writtenKeys(object);
    // a key renamed in place keeps its colon
    const hasColon = /^\s*:/.test(text.slice(end));
    const items: CompletionItem[] = [];
    keys.forEach((key, index) => {
      if (written.has(key)) return;
      const field = fieldSchema(objectSchema, key);
      const info = catalog?.get(key);
      const description = info ? info.documentation : descriptionOf(field);
      items.push({
        label: key,
        kind: CompletionItemKind.Property,
        detail: info
          ? info.detail
          : `${fieldType(schema, objectPath, key)}${isOptionalField(field) ? " (optional)" : ""}`,
        ...(description ? { documentation: { kind: MarkupKind.PlainText, value: description } } : {}),
        // the schema's order, which is the order the entries write their fields in
        sortText: String(index).padStart(3, "0"),
        textEdit: {
          range: range(start, end),
          newText: `${quoted ? "" : '"'}${key}"${hasColon ? "" : ": "}`,
        },
      });
    });
    return { isIncomplete: false, items };
  }
  const values = valuesAtPath(schema, location.path);
  if (!values || values.length === 0) return undefined;
  const literal =
    node && (node.type === "string" || node.type === "number" || node.type === "boolean") ? node : undefined;
  // inside a string's quotes, as for keys: the item replaces what follows the opening one
  const quoted = literal?.type === "string" && text[literal.offset] === '"';
  const start = literal ? literal.offset + (quoted ? 1 : 0) : offset;
  const end = literal ? literal.offset + literal.length : offset;
  // in an array, the values it holds already are not offered again
  const tree =
    typeof location.path.at(-1) === "number"
      ? parseTree(text.slice(0, literal?.offset ?? start) + text.slice(end))
      : undefined;
  const array = tree ? findNodeAtLocation(tree, location.path.slice(0, -1)) : undefined;
  const held = new Set(
    array?.type === "array" ? (array.children ?? []).map((item) => JSON.stringify(item.value)) : [],
  );
  const items: CompletionItem[] = [];
  values.forEach((value, index) => {
    const written = JSON.stringify(value);
    if (held.has(written)) return;
    items.push({
      label: typeof value === "string" ? value : written,
      kind: CompletionItemKind.EnumMember,
      sortText: String(index).padStart(3, "0"),
      textEdit: {
        range: range(start, end),
        newText: quoted && typeof value === "string" ? written.slice(1) : written,
      },
    });
  });
  return { isIncomplete: false, items };
}

/** Hover on a key of an entry's JSON: the field's type, whether it may be left out, and its description. */
export function hoverField(
  schema: ZodTypeAny,
  document: TextDocument,
  offset: number,
  keyCatalog?: KeyCatalog,
): Hover | null {
  const text = document.getText();
  const tree = parseTree(text);
  const node = tree ? findNodeAtOffset(tree, offset) : undefined;
  const property = node?.parent;
  if (node?.type !== "string" || property?.type !== "property" || property.children?.[0] !== node)
    return null;
  const path = getNodePath(node);
  const key = path.at(-1);
  if (typeof key !== "string") return null;
  const objectPath = path.slice(0, -1);
  const field = fieldSchema(schemaAtPath(schema, objectPath), key);
  const info = field ? undefined : keyCatalog?.(objectPath)?.get(key);
  if (!field && !info) return null;
  const description = info ? info.documentation : descriptionOf(field);
  const type = info
    ? `${key}: ${typeText(schemaAtPath(schema, path))}`
    : `${key}${isOptionalField(field) ? "?" : ""}: ${fieldType(schema, objectPath, key)}`;
  return {
    contents: {
      kind: MarkupKind.Markdown,
      value: `\`\`\`ts\n${type}\n\`\`\`${description ? `\n\n${description}` : ""}`,
    },
    range: { start: document.positionAt(node.offset), end: document.positionAt(node.offset + node.length) },
  };
}
