// Schema for Interlude scene entries (content/interlude-scenes/): the scenes played after the Respite phase
import type { z } from "zod";
import { byStatus } from "../fields/by-status.ts";
import { prose } from "../fields/prose.ts";
import { defineKind } from "../kind.ts";

export const interludeSceneSchema = byStatus("interlude-scene", {
  description: prose("What the scene is and the benefit it gives, verbatim"),
}).describe("An interlude scene (ch. 16)");
export type InterludeScene = z.infer<typeof interludeSceneSchema>;

export const interludeSceneKind = defineKind({
  kind: "interlude-scene",
  folder: "interlude-scenes",
  label: "Interlude scene",
  plural: "Interlude scenes",
  description: "An interlude scene (ch. 16)",
  nameResolution: "primary",
  searchRank: 19,
  schema: interludeSceneSchema,
});
