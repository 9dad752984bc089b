// Rule `weapons`: damage ladders never drop as successes rise; combination parts exist and all carry Combo
import { defineRule, docsUrl, entryOfKind } from "@momenta/content";
import type { Weapon } from "@momenta/schema";
import { LADDER_BANDS } from "@momenta/schema";
import { checkedValid, KNOCK_ON, reportWithKnockOns } from "./util.ts";

/** The tag that marks a combination weapon part (ch. 11). */
const COMBO_TAG = "combo";

export const weaponsRule = defineRule({
  meta: {
    id: "weapons",
    description:
      "Weapon damage ladders are non-decreasing; combination weapons' parts exist, list each other and carry Combo",
    defaultSeverity: "error",
    stage: "graph",
    // combination parts are looked up by id: a weapon's edit re-checks every weapon
    incremental: { wholeWhen: ["weapon"] },
    docs: docsUrl("weapons"),
    notes: { "parts-listed": "its parts are listed here" },
    messages: {
      "ladder-decreasing": "`damage.{band}` is {value}, less than `damage.{previous}` ({previousValue})",
      "part-missing": "combination part `{id}` does not exist",
      "part-not-weapon": "combination part `{id}` is not a weapon",
      "part-self-missing": "`combination.parts` must list this weapon itself (`{id}`)",
      "part-disagrees": "`{id}` lists different combination parts",
      "combo-tag": "`{name}` is a combination part but has no Combo tag",
      "knock-on": KNOCK_ON.message,
    },
    help: {
      "knock-on": KNOCK_ON.help,
      "ladder-decreasing": "more successes never deal less damage: check the numbers against the book",
      "part-missing": "add that weapon or fix the id",
      "part-self-missing": 'add `"{id}"`',
      "part-disagrees": "every part lists the same set of parts",
      "combo-tag": 'add `"Combo"` to `tags`',
    },
  },
  check(context) {
    const { graph, relatedAt } = context;
    const report = reportWithKnockOns(context, ["part-missing"]);
    for (const weapon of checkedValid<Weapon>(context, "weapon")) {
      const ladders: [string[], Record<string, number> | undefined][] = [[["damage"], weapon.data.damage]];
      for (const [path, ladder] of ladders) {
        if (!ladder) continue;
        for (let i = 1; i < LADDER_BANDS.length; i++) {
          const band = LADDER_BANDS[i] as string;
          const previous = LADDER_BANDS[i - 1] as string;
          const value = ladder[band];
          const previousValue = ladder[previous];
          if (value !== undefined && previousValue !== undefined && value < previousValue) {
            report({
              entry: weapon,
              path: [...path, band],
              messageId: "ladder-decreasing",
              data: { band, value, previous, previousValue },
            });
          }
        }
      }
      const parts = weapon.data.combination?.parts;
      if (!parts) continue;
      const hasCombo = (tags: readonly string[] | undefined) =>
        (tags ?? []).some((tag) => tag.toLowerCase() === COMBO_TAG);
      if (!hasCombo(weapon.data.tags))
        report({
          entry: weapon,
          path: ["tags"],
          messageId: "combo-tag",
          data: { name: weapon.name },
        });
      if (!parts.includes(weapon.id))
        report({
          entry: weapon,
          path: ["combination", "parts"],
          messageId: "part-self-missing",
          data: { id: weapon.id },
        });
      parts.forEach((id, index) => {
        if (id === weapon.id) return;
        const part = graph.get(id);
        if (!part) {
          report({
            entry: weapon,
            path: ["combination", "parts", index],
            messageId: "part-missing",
            data: { id },
          });
          return;
        }
        if (part.kind !== "weapon") {
          report({
            entry: weapon,
            path: ["combination", "parts", index],
            messageId: "part-not-weapon",
            data: { id },
          });
          return;
        }
        const typedPart = entryOfKind(part, "weapon");
        if (!typedPart) return;
        const otherParts = typedPart.data.combination?.parts ?? [];
        if ([...otherParts].sort().join() !== [...parts].sort().join()) {
          report({
            entry: weapon,
            path: ["combination", "parts", index],
            messageId: "part-disagrees",
            data: { id },
            related: [relatedAt(part, ["combination"], "parts-listed")],
          });
        }
      });
    }
  },
});
