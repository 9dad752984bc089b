// Schema for Tag entries (content/tags/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const tagSchema = withStatus(
  entryBase("tag")
    .extend({})
    .strict(),
).describe("A tag from the controlled vocabulary, with its parameter if any (Appendix A)");
export type Tag = z.infer<typeof tagSchema>;

export const tagKind = defineKind({
  kind: "tag",
  folder: "tags",
  label: "Tag",
  plural: "Tags",
  description: "A tag from the controlled vocabulary, with its parameter if any (Appendix A)",
  nameResolution: "primary",
  schema: tagSchema,
});
