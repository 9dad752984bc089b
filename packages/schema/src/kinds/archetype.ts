// Schema for Archetype entries (content/archetypes/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const archetypeSchema = withStatus(
  entryBase("archetype")
    .extend({})
    .strict(),
).describe("An archetype: ancestry, basic path or specialist path, rank by rank (ch. 07, Archetypes)");
export type Archetype = z.infer<typeof archetypeSchema>;

export const archetypeKind = defineKind({
  kind: "archetype",
  folder: "archetypes",
  label: "Archetype",
  plural: "Archetypes",
  description: "An archetype: ancestry, basic path or specialist path, rank by rank (ch. 07, Archetypes)",
  nameResolution: "primary",
  schema: archetypeSchema,
});
