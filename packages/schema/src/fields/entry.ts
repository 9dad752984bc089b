// Fields every catalog entry shares: id, name, aliases, source, status
import { z } from "zod";

/** Books and catalogs of the source text an entry can come from. */
export const SOURCE_BOOKS = [
  "core-rules",
  "archetypes",
  "masteries",
  "equipment",
  "spellcasting",
  "limit-breaks",
  "enemies",
] as const;

export const source = z
  .object({
    book: z
      .enum(SOURCE_BOOKS)
      .describe("The part of the book this entry comes from: core-rules or one of the catalogs"),
    chapter: z
      .string()
      .regex(/^(\d\d|[AB])$/)
      .optional()
      .describe("Core Rules chapter that states it, as in the breadcrumb: 00–30, A or B"),
    section: z
      .string()
      .min(1)
      .optional()
      .describe('Heading inside the chapter or catalog, e.g. "Light Weapons"'),
  })
  .strict()
  .describe("Where in the source text this entry comes from");
export type Source = z.infer<typeof source>;

/** What the source lost for an entry; a visible marker, never invented text. */
export const missing = z
  .array(z.string().min(1))
  .min(1)
  .describe('What the source text lacks for this entry, e.g. "stat block" or "effect ladder"');

export const status = z
  .enum(["complete", "incomplete"])
  .describe(
    "complete: everything the entry needs is in the source; incomplete: list what is lost in `missing`",
  );

/** A slug (`hindered`, `chain-shirt`): lower-case words joined by single hyphens, as a RegExp source. */
export const SLUG_SOURCE = "[a-z0-9]+(?:-[a-z0-9]+)*";
export const SLUG_PATTERN = new RegExp(`^${SLUG_SOURCE}$`);
/** `kind/slug`, lower-case, stable forever: the one statement of what an entry id looks like. */
export const ENTRY_ID_PATTERN = new RegExp(`^[a-z][a-z-]*/${SLUG_SOURCE}$`);
/** An id of one of these kinds (`art/rend` for `art`). */
export const kindIdPattern = (...kinds: readonly string[]) =>
  new RegExp(`^${kinds.length === 1 ? kinds[0] : `(${kinds.join("|")})`}/${SLUG_SOURCE}$`);
export const entryId = (kind: string) =>
  z
    .string()
    .regex(kindIdPattern(kind), { message: `must look like \`${kind}/slug\`` })
    .describe(
      `Stable id \`${kind}/slug\`; never changes once published (renames keep the old id in \`aliases\`)`,
    );

/**
 * The shared shape of every entry of `kind`. Kind schemas extend it with their own fields,
 * then call `withStatus` so `missing` is required exactly when `status` is incomplete.
 */
export const entryBase = (kind: string) =>
  z.object({
    $schema: z.string().optional().describe("Path to this kind's JSON Schema, for editor autocompletion"),
    id: entryId(kind),
    name: z.string().min(1).describe("Name as printed in the book"),
    aliases: z
      .array(z.string().min(1))
      .optional()
      .describe("Other names or old ids that must still resolve to this entry"),
    source,
    status,
    missing: missing.optional(),
  });

/**
 * Require `missing` for incomplete entries and forbid it for complete ones. The check reads the raw input
 * before the wrapped schema runs, so it is reported even when other fields of the entry are invalid.
 */
export function withStatus<T extends z.ZodTypeAny>(schema: T): z.ZodEffects<T, z.output<T>, unknown> {
  return z.preprocess((input, ctx) => {
    if (typeof input !== "object" || input === null) return input;
    const value = input as { status?: unknown; missing?: unknown };
    const listed = Array.isArray(value.missing) && value.missing.length > 0;
    if (value.status === "incomplete" && !listed) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["missing"],
        message: "an incomplete entry must list what is missing",
        params: { code: "missing-required" },
      });
    }
    if (value.status === "complete" && listed) {
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["missing"],
        message: "a complete entry must not list missing parts",
        params: { code: "missing-forbidden" },
      });
    }
    return input;
  }, schema);
}
