// A tag as an entry prints it (weapons, attack consumables, enemy attacks): one pattern, so editors complete it alike
import { z } from "zod";

/** One word of a name as printed (a tag's, a damage type's): capitalised, letters, apostrophes and hyphens. */
export const NAME_WORD = "[A-Z][A-Za-z'-]*";

/** A tag as printed, naming a tag entry, with its number or parameter: `"Melee 1"`, `"Range 5"`, `"Deflect"`. */
export const tagUse = z
  .string()
  .regex(new RegExp(`^${NAME_WORD}(?: ${NAME_WORD})*(?: \\d+)?(?: \\([^()]+\\))?$`), {
    message: "must be a tag as printed: its name, then its number or `(parameter)` where the tag takes one",
  })
  .describe(
    "A tag entry by name, with its number where the tag takes one: `Melee 1`, `Range 20`, `Deflect` (Appendix A)",
  );
