// Prose fields: Markdown strings that may hold [[references]] the linter resolves and the site links
import { z } from "zod";

/** A Markdown string. References use `[[Name]]`, `[[kind:Name]]`, `[[Name|label]]`, `[[Wracked 2 (Fire)]]`. */
export const prose = (what: string) =>
  z
    .string()
    .min(1)
    .describe(`${what}. Markdown; game terms as references such as [[Hindered]] or [[maneuver:Move]]`);

/** An effect ladder keyed by result band (ch. 03): what 0, 1, 2 and 3+ successes do. */
export const effectLadder = (what: string) =>
  z
    .object({
      "0s": prose("What happens on 0 successes"),
      "1s": prose("What happens on 1 success"),
      "2s": prose("What happens on 2 successes"),
      "3+": prose("What happens on 3 or more successes"),
      overflow: prose(
        "Extra effect for each success beyond 3 (overflow), where the entry has one",
      ).optional(),
    })
    .strict()
    .describe(`${what}: the 0s / 1s / 2s / 3+ ladder (ch. 03)`);
