// Schema for Pattern entries (content/patterns/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const patternSchema = withStatus(
  entryBase("pattern")
    .extend({})
    .strict(),
).describe("A dice pattern such as Solid Hit (ch. 04)");
export type Pattern = z.infer<typeof patternSchema>;

export const patternKind = defineKind({
  kind: "pattern",
  folder: "patterns",
  label: "Pattern",
  plural: "Patterns",
  description: "A dice pattern such as Solid Hit (ch. 04)",
  nameResolution: "primary",
  schema: patternSchema,
});
