// Schema for Spell focus entries (content/foci/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const focusSchema = withStatus(
  entryBase("focus")
    .extend({})
    .strict(),
).describe("A spell focus (ch. 11, Equipment catalog)");
export type Focus = z.infer<typeof focusSchema>;

export const focusKind = defineKind({
  kind: "focus",
  folder: "foci",
  label: "Spell focus",
  plural: "Spell foci",
  description: "A spell focus (ch. 11, Equipment catalog)",
  nameResolution: "primary",
  schema: focusSchema,
});
