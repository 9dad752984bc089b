// Reads the tag and damage-type names from a content folder, for the JSON Schemas' enums (node-only)
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Vocabulary } from "./json-schema.ts";
import { damageTypeSchema } from "./kinds/damage-type.ts";
import { tagSchema } from "./kinds/tag.ts";

function entries(folder: string): unknown[] {
  return readdirSync(folder)
    .filter((file) => file.endsWith(".json"))
    .sort()
    .map((file) => JSON.parse(readFileSync(join(folder, file), "utf8")));
}

/** The names of `content/tags/` and `content/damage-types/`, each entry checked by its kind's schema. */
export function readVocabulary(content: string): Vocabulary {
  return {
    tags: entries(join(content, "tags")).map((entry) => {
      const tag = tagSchema.parse(entry);
      return { name: tag.name, parameter: tag.parameter };
    }),
    damageTypes: entries(join(content, "damage-types")).map((entry) => damageTypeSchema.parse(entry).name),
  };
}
