// Schema for Interlude scene entries (content/interlude-scenes/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const interludeSceneSchema = withStatus(
  entryBase("interlude-scene")
    .extend({})
    .strict(),
).describe("An interlude scene (ch. 16)");
export type InterludeScene = z.infer<typeof interludeSceneSchema>;

export const interludeSceneKind = defineKind({
  kind: "interlude-scene",
  folder: "interlude-scenes",
  label: "Interlude scene",
  plural: "Interlude scenes",
  description: "An interlude scene (ch. 16)",
  nameResolution: "primary",
  schema: interludeSceneSchema,
});
