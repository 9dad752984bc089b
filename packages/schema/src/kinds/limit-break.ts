// Schema for Limit Break entries (content/limit-breaks/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const limitBreakSchema = withStatus(
  entryBase("limit-break")
    .extend({})
    .strict(),
).describe("A Limit Break (ch. 26, Limit Breaks catalog)");
export type LimitBreak = z.infer<typeof limitBreakSchema>;

export const limitBreakKind = defineKind({
  kind: "limit-break",
  folder: "limit-breaks",
  label: "Limit Break",
  plural: "Limit Breaks",
  description: "A Limit Break (ch. 26, Limit Breaks catalog)",
  nameResolution: "primary",
  schema: limitBreakSchema,
});
