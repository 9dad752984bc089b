// Rule `archetypes`: complete archetypes have ranks 1–3; ancestries state SPD, SEN and SIZE; ids they grant exist
import type { JsonPath } from "@momenta/content";
import { defineRule, docsUrl, listOf, suggest } from "@momenta/content";
import type { Archetype } from "@momenta/schema";
import { KNOCK_ON, reportKnockOn, unloadedTarget, validEntries } from "./util.ts";

export const archetypesRule = defineRule({
  meta: {
    id: "archetypes",
    description:
      "Archetypes have ranks 1–3, ancestries state SPD/SEN/SIZE (or are incomplete), granted ids exist",
    defaultSeverity: "error",
    stage: "graph",
    docs: docsUrl("archetypes"),
    messages: {
      ranks: "a complete archetype has ranks 1, 2 and 3; this one has {count}",
      "ancestry-stats": "the ancestry does not state {missing}",
      "unknown-id": "`{id}` does not exist",
      "knock-on": KNOCK_ON.message,
    },
    help: {
      ranks: 'add the missing ranks, or mark the entry `"incomplete"` and list them in `missing`',
      "ancestry-stats":
        'add them to `ancestryStats`, or mark the entry `"incomplete"` and list them in `missing`',
      "unknown-id": "the {kind} ids are {choices}",
      "unknown-id.closest": "did you mean `{closest}`",
      "knock-on": KNOCK_ON.help,
    },
  },
  check(context) {
    const { graph, report } = context;
    for (const entry of validEntries<Archetype>(graph, "archetype")) {
      const data = entry.data;
      const complete = entry.status === "complete";
      if (complete && (data.ranks?.length ?? 0) !== 3) {
        report({
          entry,
          path: data.ranks ? ["ranks"] : ["name"],
          messageId: "ranks",
          data: { count: data.ranks?.length ?? 0 },
        });
      }
      if (data.type === "ancestry" && complete) {
        const stats = data.ancestryStats ?? {};
        const lacking = (["spd", "sen", "size"] as const).filter((key) => stats[key] === undefined);
        if (lacking.length > 0) {
          report({
            entry,
            path: data.ancestryStats ? ["ancestryStats"] : ["type"],
            messageId: "ancestry-stats",
            data: { missing: lacking.map((key) => key.toUpperCase()).join(", ") },
          });
        }
      }
      const ids: [JsonPath, string][] = [];
      data.masteryDomains?.forEach((id, index) => {
        ids.push([["masteryDomains", index], id]);
      });
      data.ranks?.forEach((rank, r) => {
        rank.statBlocks?.forEach((id, index) => {
          ids.push([["ranks", r, "statBlocks", index], id]);
        });
        rank.abilities.forEach((ability, a) => {
          const grants = ability.grants;
          if (!grants) return;
          const base: JsonPath = ["ranks", r, "abilities", a, "grants"];
          for (const key of ["masteryDomains", "maneuvers", "reactions"] as const) {
            grants[key]?.forEach((id, index) => {
              ids.push([[...base, key, index], id]);
            });
          }
        });
      });
      for (const [path, id] of ids) {
        if (graph.get(id)) continue;
        const unloaded = unloadedTarget(graph, id);
        if (unloaded) {
          reportKnockOn(context, { entry, path }, unloaded, id);
          continue;
        }
        // the field says which kind it holds (`maneuvers`, `masteryDomains`): its ids are the choices
        const kind = id.includes("/") ? id.slice(0, id.indexOf("/")) : "";
        const same = graph.byKind(kind).map((other) => other.id);
        const [closest] = suggest(id, same, 1);
        report({
          entry,
          path,
          messageId: "unknown-id",
          data: { id, kind, choices: listOf(same.map((other) => `\`${other}\``)), closest: closest ?? "" },
          ...(closest && { helpId: "unknown-id.closest", fix: { text: closest } }),
        });
      }
    }
  },
});
