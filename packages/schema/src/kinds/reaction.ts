// Schema for Reaction entries (content/reactions/): cost, trigger and effect, taken outside your turn
import { z } from "zod";
import { byStatus } from "../fields/by-status.ts";
import { prose } from "../fields/prose.ts";
import { defineKind } from "../kind.ts";
import { actionFields } from "./maneuver.ts";

export const reactionSchema = byStatus("reaction", {
  ...actionFields,
  trigger: prose("The event that lets you take it, verbatim from its stat block's Trigger: line"),
  family: z
    .enum(["reactive-defense", "reactive-attack"])
    .optional()
    .describe(
      "The family the book puts it in (ch. 19): reactive defense (Dodge, Deflect) or reactive attack; absent when it names none",
    ),
}).describe("A reaction: cost, trigger and effect (ch. 19)");
export type Reaction = z.infer<typeof reactionSchema>;

export const reactionKind = defineKind({
  kind: "reaction",
  folder: "reactions",
  label: "Reaction",
  plural: "Reactions",
  description: "A reaction: cost, trigger and effect (ch. 19)",
  nameResolution: "primary",
  searchRank: 3,
  schema: reactionSchema,
});
