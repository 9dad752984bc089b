// Rule `components`: chapters use only the allowed MDX components, whose targets (entry, kind, table) exist
import { defineRule, docsUrl, suggest } from "@momenta/content";
import { COMPUTED_TABLES } from "@momenta/rules";
import { CHAPTER_COMPONENTS, kindByName } from "@momenta/schema";
import { KNOCK_ON, reportKnockOn, unloadedTarget } from "./util.ts";

const ALLOWED: Record<string, readonly string[]> = Object.fromEntries(
  Object.entries(CHAPTER_COMPONENTS).map(([name, component]) => [name, component.attributes]),
);
/** Attributes without which a component cannot render. */
const REQUIRED: Record<string, string[]> = {
  StatBlock: ["id"],
  EntryList: ["kind"],
  ComputedTable: ["table"],
  MissingTable: ["name"],
  SourceNote: ["note"],
};

function computedTableIds(): string[] {
  const tables = COMPUTED_TABLES as unknown;
  if (Array.isArray(tables))
    return tables.map((table) => (typeof table === "string" ? table : String((table as { id?: string }).id)));
  if (tables && typeof tables === "object") return Object.keys(tables);
  return [];
}

export const componentsRule = defineRule({
  meta: {
    id: "components",
    description:
      "Chapters use only allowed MDX components, and StatBlock / EntryList / ComputedTable targets exist",
    defaultSeverity: "error",
    stage: "graph",
    docs: docsUrl("components"),
    messages: {
      "unknown-component": "`<{name}>` is not a chapter component",
      "unknown-attribute": "`<{name}>` has no attribute `{attribute}`",
      "missing-attribute": "`<{name}>` needs a `{attribute}` attribute",
      "unknown-entry": '`<StatBlock id="{id}">`: there is no entry `{id}`',
      "unknown-kind": '`<EntryList kind="{kind}">`: there is no kind `{kind}`',
      "unknown-table": '`<ComputedTable table="{table}">`: @momenta/rules computes no table `{table}`',
      "knock-on": KNOCK_ON.message,
    },
    help: {
      "knock-on": KNOCK_ON.help,
      "unknown-component": "use one of {choices}",
      "unknown-component.closest": "did you mean `<{closest}>`",
      "unknown-attribute": "it takes {choices}",
      "unknown-attribute.none": "it takes no attributes",
      "missing-attribute": 'add `{attribute}="…"`',
      // never an example id: the one it gave could be the very entry that is gone
      "unknown-entry":
        "write the id of an existing entry (`<kind>/<slug>`, its file's `id`), or remove the `<StatBlock>`",
      "unknown-entry.closest": "did you mean `{closest}`",
      "unknown-table": "use one of {choices}",
      "unknown-table.closest": "did you mean `{closest}`",
    },
  },
  check(context) {
    const { graph, report } = context;
    const tables = computedTableIds();
    for (const chapter of graph.chapters) {
      for (const use of chapter.components) {
        const target = { chapter, start: use.start, end: use.end };
        const allowed = ALLOWED[use.name];
        if (!allowed) {
          // lowercase tags are HTML elements, which Markdown allows
          if (/^[a-z]/.test(use.name)) continue;
          const [closest] = suggest(use.name, Object.keys(ALLOWED), 1);
          report({
            ...target,
            messageId: "unknown-component",
            ...(closest
              ? { data: { name: use.name, closest }, helpId: "unknown-component.closest" }
              : {
                  data: {
                    name: use.name,
                    choices: Object.keys(ALLOWED)
                      .map((name) => `\`<${name}>\``)
                      .join(", "),
                  },
                }),
          });
          continue;
        }
        for (const attribute of Object.keys(use.attributes)) {
          if (!allowed.includes(attribute))
            report({
              ...target,
              messageId: "unknown-attribute",
              ...(allowed.length
                ? { data: { name: use.name, attribute, choices: allowed.map((a) => `\`${a}\``).join(", ") } }
                : { data: { name: use.name, attribute }, helpId: "unknown-attribute.none" }),
            });
        }
        for (const attribute of REQUIRED[use.name] ?? []) {
          if (use.attributes[attribute] == null && !use.expressionAttributes.includes(attribute))
            report({
              ...target,
              messageId: "missing-attribute",
              data: { name: use.name, attribute },
            });
        }
        const id = use.attributes.id;
        const unloaded = use.name === "StatBlock" && id ? unloadedTarget(graph, id) : undefined;
        if (unloaded) reportKnockOn(context, target, unloaded, `<StatBlock id="${id}">`);
        else if (use.name === "StatBlock" && id && !graph.get(id)) {
          const [closest] = suggest(id, graph.entries.keys(), 1);
          report({
            ...target,
            messageId: "unknown-entry",
            ...(closest ? { data: { id, closest }, helpId: "unknown-entry.closest" } : { data: { id } }),
          });
        }
        const kind = use.attributes.kind;
        if (use.name === "EntryList" && kind && !kindByName(kind))
          report({ ...target, messageId: "unknown-kind", data: { kind } });
        const table = use.attributes.table;
        if (use.name === "ComputedTable" && table && !tables.includes(table)) {
          const [closest] = suggest(table, tables, 1);
          report({
            ...target,
            messageId: "unknown-table",
            ...(closest
              ? { data: { table, closest }, helpId: "unknown-table.closest" }
              : { data: { table, choices: tables.map((t) => `\`${t}\``).join(", ") } }),
          });
        }
      }
    }
  },
});
