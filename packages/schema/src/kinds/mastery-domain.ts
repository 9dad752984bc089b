// Schema for Mastery domain entries (content/mastery-domains/): a grouping of masteries and who can take from it
import { z } from "zod";
import { entryBase, entryId, withStatus } from "../fields/entry.ts";
import { prose } from "../fields/prose.ts";
import { defineKind } from "../kind.ts";

export const masteryDomainSchema = withStatus(
  entryBase("mastery-domain")
    .extend({
      grantedBy: z
        .array(entryId("archetype"))
        .optional()
        .describe(
          "Ids of archetypes that open this domain, where the source says; must agree with those archetypes' own `masteryDomains` and ability grants",
        ),
      description: prose("What the source says of the domain").optional(),
    })
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
