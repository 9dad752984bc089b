// Rule `spellcasting`: Resonances name existing Arts and conditions; Art areas stay within the step-4 cap
import { defineRule, docsUrl, kindLabel, listOf } from "@momenta/content";
import type { Art, Resonance } from "@momenta/schema";
import { slugify } from "@momenta/schema";
import { KNOCK_ON, reportKnockOn, reportWithKnockOns, unloadedTarget, validEntries } from "./util.ts";

/** Area shaping is capped at step 4 (ch. 24). */
export const MAX_AREA_STEP = 4;

export const spellcastingRule = defineRule({
  meta: {
    id: "spellcasting",
    description: "Resonance entries name existing Arts and conditions; Art areas are at most step 4",
    defaultSeverity: "error",
    stage: "graph",
    docs: docsUrl("spellcasting"),
    messages: {
      "unknown-art": "`{id}` is not an Art",
      "not-a-condition": "`{raw}` names a {label}, but a Resonance's `condition` must be a condition",
      "area-step": "area step {step} is over the cap of step {max}",
      "knock-on": KNOCK_ON.message,
    },
    help: {
      "knock-on": KNOCK_ON.help,
      "unknown-art": "use one of {choices}",
      "unknown-art.closest": "did you mean `{closest}`",
      "not-a-condition": "name one of the conditions: {choices}",
      "not-a-condition.renamed":
        "`{id}` is named `{name}` now: write `[[{name}]]`, or give it the alias `{old}`",
      // renamed onto another condition's name: writing the new name would only be ambiguous
      "not-a-condition.renamed-taken":
        "`{id}` is named `{name}` now, as `{other}` is: give it back a name of its own",
      "area-step": "area shaping stops at step 4 (ch. 24)",
    },
  },
  check(context) {
    const { graph } = context;
    const report = reportWithKnockOns(context, ["unknown-art"]);
    const arts = graph.byKind("art");
    for (const resonance of validEntries<Resonance>(graph, "resonance")) {
      resonance.data.entries?.forEach((item, index) => {
        const found = graph.get(item.art);
        if (found?.kind !== "art") {
          const guess = arts.find((art) =>
            art.id.endsWith(item.art.split("/").pop()?.slice(0, 3) ?? "\u0000"),
          );
          report({
            entry: resonance,
            path: ["entries", index, "art"],
            messageId: "unknown-art",
            ...(guess
              ? { data: { id: item.art, closest: guess.id }, helpId: "unknown-art.closest" }
              : { data: { id: item.art, choices: arts.map((art) => `\`${art.id}\``).join(", ") } }),
          });
        }
      });
      for (const resolved of resonance.references) {
        if (resolved.path[0] !== "entries" || resolved.path[2] !== "condition" || !resolved.resolution.ok)
          continue;
        const kind = resolved.resolution.target.kind;
        if (kind !== "condition") {
          const { reference } = resolved;
          // a glossary term took the name only because the condition's file did not load: that file's knock-on
          const unloaded = reference.kind
            ? undefined
            : unloadedTarget(graph, undefined, { ...reference, kind: "condition" });
          if (unloaded) {
            const at = { span: { start: resolved.start, end: resolved.end } };
            reportKnockOn(context, { entry: resonance, path: resolved.path, ...at }, unloaded, reference.raw);
            continue;
          }
          // the condition this name was, before a rename: the fix is its new name, not the list
          const renamed = graph.entries.get(`condition/${slugify(reference.target)}`);
          const label = kindLabel(resolved.resolution.target);
          const other = renamed && graph.named(renamed.name, "condition").find((found) => found !== renamed);
          report({
            entry: resonance,
            path: resolved.path,
            span: { start: resolved.start, end: resolved.end },
            messageId: "not-a-condition",
            ...(renamed
              ? {
                  data: {
                    raw: reference.raw,
                    label,
                    id: renamed.id,
                    name: renamed.name,
                    old: reference.target,
                    other: other?.id ?? "",
                  },
                  helpId: other ? "not-a-condition.renamed-taken" : "not-a-condition.renamed",
                }
              : {
                  data: {
                    raw: reference.raw,
                    label,
                    choices: listOf(
                      graph.byKind("condition").map((condition) => `\`[[${condition.name}]]\``),
                    ),
                  },
                }),
          });
        }
      }
    }
    for (const art of validEntries<Art>(graph, "art")) {
      const area = art.data.basicShape?.area.value;
      const step = area ? /\bstep (\d+)/i.exec(area) : null;
      if (step && Number(step[1]) > MAX_AREA_STEP) {
        report({
          entry: art,
          path: ["basicShape", "area", "value"],
          messageId: "area-step",
          data: { step: Number(step[1]), max: MAX_AREA_STEP },
        });
      }
    }
  },
});
