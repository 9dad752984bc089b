// Merges generated entries into a developer's .vscode/settings.json, keeping their own entries and comments
import { applyEdits, type ModificationOptions, modify, type ParseError, parse } from "jsonc-parser";
import { WriteError } from "./atomic-write.ts";

export interface SchemaAssociation {
  fileMatch: string[];
  url: string;
}

export interface GeneratedSettings {
  /** Our `json.schemas` entries; an existing entry is ours when `isOurs(url)` (it is then replaced). */
  schemas: SchemaAssociation[];
  isOurs(url: string): boolean;
  /** `files.associations` keys we set; the developer's other associations stay. */
  associations: Record<string, string>;
}

const FORMAT: ModificationOptions = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: "\n" } };

/** A settings file as VS Code reads it (comments and trailing commas allowed), or undefined if it is not an object. */
export function parseSettings(text: string): Record<string, unknown> | undefined {
  const errors: ParseError[] = [];
  const value: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0 || value === null || typeof value !== "object" || Array.isArray(value))
    return undefined;
  return value as Record<string, unknown>;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The settings text with our entries in it: a new file when there is none, else the existing text edited in
 * place (its other keys, its own schema entries and its comments untouched). A file that is not JSON with
 * comments is refused rather than overwritten.
 */
export function mergeEditorSettings(
  existing: string | undefined,
  ours: GeneratedSettings,
  file: string,
): string {
  if (existing === undefined || existing.trim() === "") {
    const settings = { "json.schemas": ours.schemas, "files.associations": ours.associations };
    return `${JSON.stringify(settings, null, 2)}\n`;
  }
  const settings = parseSettings(existing);
  if (!settings) {
    throw new WriteError(
      `\`${file}\` is not a JSON object (with comments), so it was left as it is: fix it or delete it`,
      file,
    );
  }
  let text = existing;
  const current = Array.isArray(settings["json.schemas"]) ? (settings["json.schemas"] as unknown[]) : [];
  const theirs = current.filter((entry) => {
    const url = (entry as { url?: unknown } | null)?.url;
    return !(typeof url === "string" && ours.isOurs(url));
  });
  const schemas = [...ours.schemas, ...theirs];
  if (!same(current, schemas)) text = applyEdits(text, modify(text, ["json.schemas"], schemas, FORMAT));
  const associations = settings["files.associations"];
  for (const [pattern, language] of Object.entries(ours.associations)) {
    if (associations && typeof associations === "object" && !Array.isArray(associations)) {
      if ((associations as Record<string, unknown>)[pattern] !== language)
        text = applyEdits(text, modify(text, ["files.associations", pattern], language, FORMAT));
    } else {
      text = applyEdits(text, modify(text, ["files.associations"], ours.associations, FORMAT));
      break;
    }
  }
  return text.endsWith("\n") ? text : `${text}\n`;
}
