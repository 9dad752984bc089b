// Schema for Resonance entries (content/resonances/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const resonanceSchema = withStatus(
  entryBase("resonance")
    .extend({})
    .strict(),
).describe("A Resonance: a spell's flavor, with one entry per Art it supports (ch. 24, Spellcasting)");
export type Resonance = z.infer<typeof resonanceSchema>;

export const resonanceKind = defineKind({
  kind: "resonance",
  folder: "resonances",
  label: "Resonance",
  plural: "Resonances",
  description: "A Resonance: a spell's flavor, with one entry per Art it supports (ch. 24, Spellcasting)",
  nameResolution: "primary",
  schema: resonanceSchema,
});
