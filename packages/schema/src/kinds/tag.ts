// Schema for Tag entries (content/tags/): the controlled vocabulary of weapon, attack, spell and mastery tags
import { z } from "zod";
import { byStatus } from "../fields/by-status.ts";
import { prose } from "../fields/prose.ts";
import { defineKind } from "../kind.ts";

export const tagSchema = byStatus("tag", {
  parameter: z
    .enum(["none", "number", "damage-type"])
    .describe(
      'What follows the tag name where it is used: nothing ("Deflect"), a number N ("Melee 1" for Melee N), or a damage type in parentheses',
    ),
  definition: prose("What the tag does, verbatim from the chapter named in `source`").optional(),
  summary: prose(
    "The book's one-line identification from Appendix B (Glossary), verbatim; carried while Appendix A's entry is lost",
  ).optional(),
})
  .superRefine((value, ctx) => {
    if (value.status === "complete" && value.definition === undefined) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["definition"],
        message: "a complete tag needs its `definition`; without one it is incomplete",
        params: { code: "definition-required" },
      });
    }
  })
  .describe("A tag from the controlled vocabulary, with its parameter if any (Appendix A)");
export type Tag = z.infer<typeof tagSchema>;

export const tagKind = defineKind({
  kind: "tag",
  folder: "tags",
  label: "Tag",
  plural: "Tags",
  description: "A tag from the controlled vocabulary, with its parameter if any (Appendix A)",
  nameResolution: "primary",
  referenceCount: "the tag's N",
  searchRank: 21,
  definesTerm: true,
  schema: tagSchema,
});
