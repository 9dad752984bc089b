// Rule `limit-breaks`: prerequisites name a sane core minimum or an archetype that exists
import { defineRule, docsUrl } from "@momenta/content";
import type { LimitBreak } from "@momenta/schema";
import { KNOCK_ON, reportWithKnockOns, validEntries } from "./util.ts";

/** A core is the sum of two attributes; at the highest ranks neither goes far past 10 (ch. 05, 13). */
export const MAX_SANE_CORE = 20;

export const limitBreaksRule = defineRule({
  meta: {
    id: "limit-breaks",
    description: "Limit Break prerequisites name a core with a sane minimum, or an archetype that exists",
    defaultSeverity: "error",
    stage: "graph",
    docs: docsUrl("limit-breaks"),
    messages: {
      "unknown-archetype": "`{id}` is not an archetype",
      "core-too-high": "a {core} minimum of {minimum} is out of reach (cores stay below {max})",
      "knock-on": KNOCK_ON.message,
    },
    help: {
      "knock-on": KNOCK_ON.help,
      "unknown-archetype": "use one of {choices}",
      "core-too-high": "check the prerequisite against the book",
    },
  },
  check(context) {
    const { graph } = context;
    const report = reportWithKnockOns(context, ["unknown-archetype"]);
    for (const entry of validEntries<LimitBreak>(graph, "limit-break")) {
      const prerequisite = entry.data.prerequisite;
      if (!prerequisite) continue;
      if ("archetype" in prerequisite) {
        const found = graph.get(prerequisite.archetype);
        if (found?.kind !== "archetype") {
          report({
            entry,
            path: ["prerequisite", "archetype"],
            messageId: "unknown-archetype",
            data: {
              id: prerequisite.archetype,
              choices: graph
                .byKind("archetype")
                .slice(0, 6)
                .map((archetype) => `\`${archetype.id}\``)
                .join(", "),
            },
          });
        }
      }
      if ("core" in prerequisite && prerequisite.minimum > MAX_SANE_CORE) {
        report({
          entry,
          path: ["prerequisite", "minimum"],
          messageId: "core-too-high",
          data: { core: prerequisite.core, minimum: prerequisite.minimum, max: MAX_SANE_CORE },
        });
      }
    }
  },
});
