// Schema for Reaction entries (content/reactions/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const reactionSchema = withStatus(
  entryBase("reaction")
    .extend({})
    .strict(),
).describe("A reaction: cost, trigger and effect (ch. 19)");
export type Reaction = z.infer<typeof reactionSchema>;

export const reactionKind = defineKind({
  kind: "reaction",
  folder: "reactions",
  label: "Reaction",
  plural: "Reactions",
  description: "A reaction: cost, trigger and effect (ch. 19)",
  nameResolution: "primary",
  schema: reactionSchema,
});
