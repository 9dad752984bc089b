// Schema for Mastery domain entries (content/mastery-domains/): a grouping of masteries and who can take from it
import { z } from "zod";
import { entryBase, entryId, withStatus } from "../fields/entry.ts";
import { prose } from "../fields/prose.ts";
import { defineKind } from "../kind.ts";

const masteryDomainFields = entryBase("mastery-domain")
  .extend({
    grantedBy: z
      .array(entryId("archetype"))
      .optional()
      .describe(
        "Ids of archetypes that open this domain, where the source says; must agree with those archetypes' own `masteryDomains` and ability grants",
      ),
    description: prose("What the source says of the domain").optional(),
  })
  .strict();

/** Typed from the fields: withStatus's result is typed `any`, which would erase the entry type. */
export type MasteryDomain = z.output<typeof masteryDomainFields>;

export const masteryDomainSchema: z.ZodType<MasteryDomain, z.ZodTypeDef, unknown> = withStatus(
  masteryDomainFields,
).describe("A mastery domain, opened by archetypes (ch. 08, Masteries)");

export const masteryDomainKind = defineKind({
  kind: "mastery-domain",
  folder: "mastery-domains",
  label: "Mastery domain",
  plural: "Mastery domains",
  description: "A mastery domain, opened by archetypes (ch. 08, Masteries)",
  nameResolution: "primary",
  searchRank: 16,
  schema: masteryDomainSchema,
});
