// Completion and hover in momenta.config.json: its zod schema's fields, and the registry's rule ids under `rules`
import { PACK_RULES, RULES, SAFETY_RULES } from "@momenta/lint";
import { CONFIG_FILE, configSchema } from "@momenta/schema";
import { entrySchemaOf, type KeyCatalog, type KeyInfo } from "./fields.ts";

/** Every rule id a configuration may name, with its description and default severity; a pack's leaves out the safety rules. */
function ruleCatalog(pack: boolean): ReadonlyMap<string, KeyInfo> {
  const rules = new Map<string, KeyInfo>();
  const all = [...RULES, ...(pack ? PACK_RULES : [])].sort((a, b) => a.meta.id.localeCompare(b.meta.id));
  for (const { meta } of all) {
    // a pack's configuration is refused the safety rules (the `config` rule says so): not offered there
    if (rules.has(meta.id) || (pack && SAFETY_RULES.has(meta.id))) continue;
    rules.set(meta.id, { detail: `rule, default ${meta.defaultSeverity}`, documentation: meta.description });
  }
  return rules;
}

const CATALOGS = { core: ruleCatalog(false), pack: ruleCatalog(true) };

/** The schema a JSON file of the root is completed and hovered from: the configuration's, or an entry's kind's. */
export function jsonFieldsOf(
  file: string,
  text: string,
  pack: boolean,
): { schema: NonNullable<ReturnType<typeof entrySchemaOf>>; keys?: KeyCatalog } | undefined {
  if (file === CONFIG_FILE) {
    const rules = pack ? CATALOGS.pack : CATALOGS.core;
    return {
      schema: configSchema,
      keys: (path) => (path.length === 1 && path[0] === "rules" ? rules : undefined),
    };
  }
  const schema = entrySchemaOf(file, text);
  return schema ? { schema } : undefined;
}
