// Entry schemas whose own fields are required once an entry is complete and optional while it is incomplete
import { z } from "zod";
import { entryBase, withStatus } from "./entry.ts";

/**
 * `entryBase(kind)` plus `fields`, split on `status`: a complete entry must carry every field, an
 * incomplete one may lack those the source lost (and says so in `missing`). The split keeps the
 * `missing` check reachable for incomplete entries and gives editors the required fields of complete ones.
 */
export function byStatus<T extends z.ZodRawShape>(kind: string, fields: T) {
  const complete = entryBase(kind)
    .extend({
      status: z
        .literal("complete")
        .describe(
          "complete: everything the entry needs is in the source; incomplete: list what is lost in `missing`",
        ),
      ...fields,
    })
    .strict();
  const optionalFields = Object.fromEntries(
    Object.entries(fields).map(([key, field]) => [key, field.optional()]),
  ) as { [K in keyof T]: z.ZodOptional<T[K]> };
  const incomplete = entryBase(kind)
    .extend({
      status: z
        .literal("incomplete")
        .describe(
          "incomplete: the source lost part of this entry; `missing` says what, and those fields may be absent",
        ),
      ...optionalFields,
    })
    .strict();
  return withStatus(z.discriminatedUnion("status", [complete, incomplete]));
}
