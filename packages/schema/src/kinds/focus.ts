// Schema for Spell focus entries (content/foci/)
import { z } from "zod";
import { byStatus } from "../fields/by-status.ts";
import { prose } from "../fields/prose.ts";
import { defineKind } from "../kind.ts";

export const focusSchema = byStatus("focus", {
  category: z
    .enum(["basic", "exotic"])
    .describe(
      "basic: the focus every spellcasting archetype receives; exotic: found, crafted or rewarded (Equipment catalog)",
    ),
  description: prose("The Description line: how the focus looks and where it comes from").optional(),
  effect: prose('The Effect line, verbatim; null where the book prints "none"')
    .nullable()
    .describe('The Effect line, verbatim; null where the book prints "none"'),
  notes: prose("Further text the catalog prints with this focus, verbatim").optional(),
}).describe("A spell focus (ch. 11, Equipment catalog)");
export type Focus = z.infer<typeof focusSchema>;

export const focusKind = defineKind({
  kind: "focus",
  folder: "foci",
  label: "Spell focus",
  plural: "Spell foci",
  description: "A spell focus (ch. 11, Equipment catalog)",
  nameResolution: "primary",
  searchRank: 11,
  catalogGroup: "category",
  schema: focusSchema,
});
