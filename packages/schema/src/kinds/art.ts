// Schema for Art entries (content/arts/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const artSchema = withStatus(
  entryBase("art")
    .extend({})
    .strict(),
).describe("An Art: a spell's verb, with cost, basic shape and effect ladders (ch. 24, Spellcasting)");
export type Art = z.infer<typeof artSchema>;

export const artKind = defineKind({
  kind: "art",
  folder: "arts",
  label: "Art",
  plural: "Arts",
  description: "An Art: a spell's verb, with cost, basic shape and effect ladders (ch. 24, Spellcasting)",
  nameResolution: "primary",
  schema: artSchema,
});
