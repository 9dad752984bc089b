// Schema for Condition entries (content/conditions/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const conditionSchema = withStatus(
  entryBase("condition")
    .extend({})
    .strict(),
).describe("A condition: stacking, clear type and effect (ch. 22)");
export type Condition = z.infer<typeof conditionSchema>;

export const conditionKind = defineKind({
  kind: "condition",
  folder: "conditions",
  label: "Condition",
  plural: "Conditions",
  description: "A condition: stacking, clear type and effect (ch. 22)",
  nameResolution: "primary",
  schema: conditionSchema,
});
