// Schema for Character entries (content/characters/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const characterSchema = withStatus(
  entryBase("character")
    .extend({})
    .strict(),
).describe("A built character with its stated derived stats (ch. 12 worked example)");
export type Character = z.infer<typeof characterSchema>;

export const characterKind = defineKind({
  kind: "character",
  folder: "characters",
  label: "Character",
  plural: "Characters",
  description: "A built character with its stated derived stats (ch. 12 worked example)",
  nameResolution: "primary",
  schema: characterSchema,
});
