// Rule `characters`: stated derived stats equal what @momenta/rules computes, and the build is legal (ch. 12 Mira)
import type { Entry } from "@momenta/content";
import { defineRule } from "@momenta/content";
import type { Character } from "@momenta/schema";
import { charactersMeta, checkCharacter } from "../checks/characters.ts";
import { reportWithKnockOns, validEntries } from "./util.ts";

// the check itself is checks/characters.ts, which the site's character builder runs in the browser as well
export const charactersRule = defineRule({
  meta: charactersMeta,
  check(context) {
    const { graph } = context;
    // an id a file that did not parse would define is that file's knock-on, not "does not exist"
    const report = reportWithKnockOns(context, ["unknown-id"]);
    const lookup = (id: string) => graph.get(id) as Entry | undefined;
    for (const character of validEntries<Character>(graph, "character")) {
      for (const { path, messageId, data } of checkCharacter(character.data, lookup).problems)
        report({ entry: character, path, messageId, data });
    }
  },
});
