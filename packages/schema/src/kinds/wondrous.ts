// Schema for Wondrous item entries (content/wondrous-items/)
import type { z } from "zod";
import { byStatus } from "../fields/by-status.ts";
import { prose } from "../fields/prose.ts";
import { defineKind } from "../kind.ts";

export const wondrousSchema = byStatus("wondrous", {
  description: prose("The Description line: how the item looks").optional(),
  effect: prose("The Effect line, verbatim: what the item grants while equipped in a wondrous item slot"),
}).describe("A wondrous item (ch. 11, Equipment catalog)");
export type Wondrous = z.infer<typeof wondrousSchema>;

export const wondrousKind = defineKind({
  kind: "wondrous",
  folder: "wondrous-items",
  label: "Wondrous item",
  plural: "Wondrous items",
  description: "A wondrous item (ch. 11, Equipment catalog)",
  nameResolution: "primary",
  searchRank: 12,
  schema: wondrousSchema,
});
