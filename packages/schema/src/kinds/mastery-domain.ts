// Schema for Mastery domain entries (content/mastery-domains/)
import { z } from "zod";
import { entryBase, withStatus } from "../fields/entry.ts";
import { defineKind } from "../kind.ts";

export const masteryDomainSchema = withStatus(
  entryBase("mastery-domain")
    .extend({})
    .strict(),
).describe("A mastery domain, opened by archetypes (ch. 08, Masteries)");
export type MasteryDomain = z.infer<typeof masteryDomainSchema>;

export const masteryDomainKind = defineKind({
  kind: "mastery-domain",
  folder: "mastery-domains",
  label: "Mastery domain",
  plural: "Mastery domains",
  description: "A mastery domain, opened by archetypes (ch. 08, Masteries)",
  nameResolution: "primary",
  schema: masteryDomainSchema,
});
