// Schema for Downtime action entries (content/downtime-actions/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const downtimeActionSchema = withStatus(
  entryBase("downtime-action")
    .extend({})
    .strict(),
).describe("A downtime action (ch. 17)");
export type DowntimeAction = z.infer<typeof downtimeActionSchema>;

export const downtimeActionKind = defineKind({
  kind: "downtime-action",
  folder: "downtime-actions",
  label: "Downtime action",
  plural: "Downtime actions",
  description: "A downtime action (ch. 17)",
  nameResolution: "primary",
  schema: downtimeActionSchema,
});
