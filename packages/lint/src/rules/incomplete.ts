// Rule `incomplete`: every incomplete entry and <MissingTable> marker, as a warning `momenta coverage` summarizes
import { defineRule, docsUrl } from "@momenta/content";
import { checkedChapters, checkedEntries } from "./util.ts";

export const incompleteRule = defineRule({
  meta: {
    id: "incomplete",
    description: "Incomplete entries and missing-table markers, so what the source lost stays visible",
    defaultSeverity: "warn",
    stage: "graph",
    incremental: { wholeWhen: [] },
    docs: docsUrl("incomplete"),
    messages: {
      entry: "{label} `{name}` is incomplete: missing {missing}",
      table: "table `{name}` is missing from the source",
    },
    help: {
      entry: "complete it from the source when the text turns up; never invent it",
      table: "restore it from the source, or compute it with @momenta/rules if the rules determine it",
    },
  },
  check(context) {
    const { report } = context;
    for (const entry of checkedEntries(context)) {
      if (entry.status !== "incomplete") continue;
      report({
        entry,
        path: ["status"],
        messageId: "entry",
        data: {
          label: entry.definition.label.toLowerCase(),
          name: entry.name,
          missing: entry.missing.join("; ") || "(unlisted)",
        },
      });
    }
    for (const chapter of checkedChapters(context)) {
      for (const use of chapter.components) {
        if (use.name !== "MissingTable") continue;
        report({
          chapter,
          start: use.start,
          end: use.end,
          messageId: "table",
          data: { name: use.attributes.name ?? "(unnamed)" },
        });
      }
    }
  },
});
