// Schema for Maneuver entries (content/maneuvers/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const maneuverSchema = withStatus(
  entryBase("maneuver")
    .extend({})
    .strict(),
).describe("A maneuver: cost, frequency and effect (ch. 19)");
export type Maneuver = z.infer<typeof maneuverSchema>;

export const maneuverKind = defineKind({
  kind: "maneuver",
  folder: "maneuvers",
  label: "Maneuver",
  plural: "Maneuvers",
  description: "A maneuver: cost, frequency and effect (ch. 19)",
  nameResolution: "primary",
  schema: maneuverSchema,
});
