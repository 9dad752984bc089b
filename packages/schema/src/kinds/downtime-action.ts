// Schema for Downtime action entries (content/downtime-actions/): what a character does between missions
import type { z } from "zod";
import { byStatus } from "../fields/by-status.ts";
import { prose } from "../fields/prose.ts";
import { defineKind } from "../kind.ts";

export const downtimeActionSchema = byStatus("downtime-action", {
  description: prose("What the action does and how it resolves, verbatim"),
}).describe("A downtime action (ch. 17)");
export type DowntimeAction = z.infer<typeof downtimeActionSchema>;

export const downtimeActionKind = defineKind({
  kind: "downtime-action",
  folder: "downtime-actions",
  label: "Downtime action",
  plural: "Downtime actions",
  description: "A downtime action (ch. 17)",
  nameResolution: "primary",
  searchRank: 20,
  schema: downtimeActionSchema,
});
