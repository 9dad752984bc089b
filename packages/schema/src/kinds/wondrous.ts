// Schema for Wondrous item entries (content/wondrous-items/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const wondrousSchema = withStatus(
  entryBase("wondrous")
    .extend({})
    .strict(),
).describe("A wondrous item (ch. 11, Equipment catalog)");
export type Wondrous = z.infer<typeof wondrousSchema>;

export const wondrousKind = defineKind({
  kind: "wondrous",
  folder: "wondrous-items",
  label: "Wondrous item",
  plural: "Wondrous items",
  description: "A wondrous item (ch. 11, Equipment catalog)",
  nameResolution: "primary",
  schema: wondrousSchema,
});
