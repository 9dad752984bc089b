// Schema for Enemy entries (content/enemies/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const enemySchema = withStatus(
  entryBase("enemy")
    .extend({})
    .strict(),
).describe("A pre-generated enemy (ch. 30, Pre-Generated Enemies)");
export type Enemy = z.infer<typeof enemySchema>;

export const enemyKind = defineKind({
  kind: "enemy",
  folder: "enemies",
  label: "Enemy",
  plural: "Enemies",
  description: "A pre-generated enemy (ch. 30, Pre-Generated Enemies)",
  nameResolution: "primary",
  schema: enemySchema,
});
