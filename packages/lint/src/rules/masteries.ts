// Rule `masteries`: type, a domain that exists and some archetype grants, slot cost ≥ 1, a Resonance's access cost; sets name real masteries
import { defineRule, docsUrl, entryOfKind } from "@momenta/content";
import { RESONANCE_ACCESS_SLOT_COSTS } from "@momenta/rules";
import type { Archetype, Mastery, MasteryDomain, MasterySet } from "@momenta/schema";
import { KNOCK_ON, reportWithKnockOns, validEntries } from "./util.ts";

export const masteriesRule = defineRule({
  meta: {
    id: "masteries",
    description:
      "Masteries have a type, a domain some archetype grants and a slot cost ≥ 1; sets name existing masteries",
    defaultSeverity: "error",
    stage: "graph",
    docs: docsUrl("masteries"),
    notes: { "set-list": "the set's list" },
    messages: {
      "field-required": "a complete mastery needs `{field}`",
      "unknown-domain": "`{id}` is not a mastery domain",
      "domain-not-granted": "no archetype grants `{id}`, so no character could take this mastery",
      "unknown-set": "`{id}` is not a mastery set",
      "set-member-missing": "`{id}` is not a mastery",
      "set-not-listed": "the set `{set}` does not list this mastery",
      "set-backlink": "`{id}` does not name this set in its `set` field",
      "unknown-resonance": "`{id}` is not a Resonance",
      "resonance-access-cost":
        "access to a Resonance costs 1 mastery slot (2 for rare and powerful ones), not {slotCost}",
      "knock-on": KNOCK_ON.message,
    },
    help: {
      "knock-on": KNOCK_ON.help,
      "field-required": 'add `{field}`, or mark the entry `"incomplete"` and list it in `missing`',
      "unknown-domain": "use a `mastery-domain/…` id that exists",
      "domain-not-granted": "add the domain to the archetype that grants it (`masteryDomains`)",
      "unknown-resonance": "use a `resonance/…` id that exists",
      "resonance-access-cost":
        "set `slotCost` to 1, or 2 for a rare and powerful Resonance (see the Spellcasting Catalog)",
      "unknown-set": "use a `mastery-set/…` id that exists",
      "set-not-listed": 'add `"{mastery}"` to the set\'s `masteries`',
      "set-member-missing": "add the mastery entry or fix the id",
      "set-backlink": 'set `"set": "{set}"` in that mastery',
    },
  },
  check(context) {
    const { graph, relatedAt } = context;
    const report = reportWithKnockOns(context, [
      "unknown-domain",
      "unknown-resonance",
      "unknown-set",
      "set-member-missing",
    ]);
    const granted = new Set<string>();
    for (const archetype of validEntries<Archetype>(graph, "archetype")) {
      for (const id of archetype.data.masteryDomains ?? []) granted.add(id);
      for (const rank of archetype.data.ranks ?? [])
        for (const ability of rank.abilities)
          for (const id of ability.grants?.masteryDomains ?? []) granted.add(id);
    }
    for (const domain of validEntries<MasteryDomain>(graph, "mastery-domain"))
      if (domain.data.grantedBy?.length) granted.add(domain.id);
    for (const mastery of validEntries<Mastery>(graph, "mastery")) {
      const data = mastery.data;
      if (mastery.status === "complete") {
        for (const field of ["type", "domain", "slotCost"] as const) {
          if (data[field] === undefined)
            report({
              entry: mastery,
              path: ["name"],
              messageId: "field-required",
              data: { field },
            });
        }
      }
      if (data.domain) {
        const domain = graph.get(data.domain);
        if (domain?.kind !== "mastery-domain")
          report({
            entry: mastery,
            path: ["domain"],
            messageId: "unknown-domain",
            data: { id: data.domain },
          });
        // an incomplete domain may have lost which archetypes grant it: nothing to check against
        else if (
          domain.kind === "mastery-domain" &&
          (domain as { status: string }).status === "complete" &&
          !granted.has(domain.id)
        )
          report({
            entry: mastery,
            path: ["domain"],
            messageId: "domain-not-granted",
            data: { id: domain.id },
          });
      }
      if (data.resonance && graph.get(data.resonance)?.kind !== "resonance")
        report({
          entry: mastery,
          path: ["resonance"],
          messageId: "unknown-resonance",
          data: { id: data.resonance },
        });
      // Spellcasting Catalog: "price access at 1 mastery slot (2 for rare and powerful ones)"
      if (
        data.resonance &&
        data.slotCost !== undefined &&
        !RESONANCE_ACCESS_SLOT_COSTS.includes(data.slotCost)
      )
        report({
          entry: mastery,
          path: ["slotCost"],
          messageId: "resonance-access-cost",
          data: { slotCost: data.slotCost },
        });
      if (data.set) {
        const set = graph.get(data.set);
        const listed = entryOfKind(set, "mastery-set")?.data.masteries;
        if (set?.kind !== "mastery-set")
          report({
            entry: mastery,
            path: ["set"],
            messageId: "unknown-set",
            data: { id: data.set },
          });
        else if (listed && !listed.includes(mastery.id))
          report({
            entry: mastery,
            path: ["set"],
            messageId: "set-not-listed",
            data: { set: set.id, mastery: mastery.id },
            related: [relatedAt(set as never, ["masteries"], "set-list")],
          });
      }
    }
    for (const set of validEntries<MasterySet>(graph, "mastery-set")) {
      set.data.masteries?.forEach((id, index) => {
        const member = graph.get(id);
        if (member?.kind !== "mastery") {
          report({
            entry: set,
            path: ["masteries", index],
            messageId: "set-member-missing",
            data: { id },
          });
          return;
        }
        if (member.valid && entryOfKind(member, "mastery")?.data.set !== set.id)
          report({
            entry: set,
            path: ["masteries", index],
            messageId: "set-backlink",
            data: { id, set: set.id },
          });
      });
    }
  },
});
