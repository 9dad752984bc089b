// Rule `characters`: stated derived stats equal what @momenta/rules computes, and the build is legal (ch. 12 Mira)
import type { Entry, JsonPath } from "@momenta/content";
import { defineRule, docsUrl } from "@momenta/content";
import {
  type BuildGear,
  type BuildInput,
  type BuildMastery,
  buildArchetypesOf,
  checkBuild,
  derivedStatsInputOf,
  deriveStats,
  type StatBonus,
} from "@momenta/rules";
import type { Archetype, Armor, Character, Mastery, Weapon } from "@momenta/schema";
import { validEntries } from "./util.ts";

/** Domains the rules open to every character (ch. 12 lists General for Mira though no archetype grants it). */
const ALWAYS_AVAILABLE_DOMAINS = ["mastery-domain/general"];

export const charactersRule = defineRule({
  meta: {
    id: "characters",
    description: "A character's stated derived stats equal the rules' computation and the build is legal",
    defaultSeverity: "error",
    stage: "graph",
    docs: docsUrl("characters"),
    messages: {
      "unknown-id": "`{id}` does not exist",
      "stat-mismatch": "{stat} is stated as {stated}, but the rules compute {computed} ({calculation})",
      "build-violation": "illegal build: {message} ({where})",
    },
  },
  check({ graph, report }) {
    const archetypes: Record<string, Archetype> = {};
    for (const entry of validEntries<Archetype>(graph, "archetype")) archetypes[entry.id] = entry.data;
    for (const character of validEntries<Character>(graph, "character")) {
      const data = character.data;
      const refs: [JsonPath, string][] = [
        [["ancestry"], data.ancestry],
        ...data.archetypes.map((a, i): [JsonPath, string] => [["archetypes", i, "archetype"], a.archetype]),
        ...data.masteries.map((m, i): [JsonPath, string] => [["masteries", i, "mastery"], m.mastery]),
        ...data.gear.map((id, i): [JsonPath, string] => [["gear", i], id]),
        ...(data.masteryDomains ?? []).map((id, i): [JsonPath, string] => [["masteryDomains", i], id]),
      ];
      let broken = false;
      for (const [path, id] of refs) {
        const found = graph.get(id);
        if (!found?.valid) {
          if (!found)
            report({
              entry: character,
              path,
              messageId: "unknown-id",
              data: { id },
              help: "add that entry or fix the id",
            });
          broken = true;
        }
      }
      if (broken || data.archetypes.some((a) => !archetypes[a.archetype])) continue;
      const gear = data.gear.map((id) => graph.get(id) as Entry);
      const extra: StatBonus[] = [];
      for (const item of gear) {
        const guard =
          item.kind === "armor" ? (item.data as Armor & { guardBonus?: number }).guardBonus : undefined;
        if (guard) extra.push({ stat: "maxGuard", amount: guard, source: item.name });
      }
      const derived = deriveStats(derivedStatsInputOf(data, archetypes, extra));
      const stated = data.statedDerivedStats;
      if (stated) {
        const compare = (
          key: string,
          label: string,
          statedValue: number | undefined,
          computed: { value: number; parts: readonly { label: string; amount: number }[] },
          path: JsonPath,
        ) => {
          if (statedValue === undefined || statedValue === computed.value) return;
          report({
            entry: character,
            path,
            messageId: "stat-mismatch",
            data: {
              stat: label,
              stated: statedValue,
              computed: computed.value,
              calculation: computed.parts.map((part) => `${part.amount} ${part.label}`).join(" + "),
            },
            help: `check \`${key}\` and the entries it is computed from`,
          });
        };
        const rows: [keyof typeof stated, string, keyof typeof derived][] = [
          ["maxVitality", "Max Vitality", "maxVitality"],
          ["maxStrain", "Max Strain", "maxStrain"],
          ["woundSlots", "Wound Slots", "woundSlots"],
          ["burdenSlots", "Burden Slots", "burdenSlots"],
          ["resolve", "Resolve", "resolve"],
          ["maxVigor", "Max Vigor", "maxVigor"],
          ["vigorRegain", "Vigor regain", "vigorRegain"],
          ["maxGuard", "Max Guard", "maxGuard"],
          ["gearSlots", "Gear Slots", "gearSlots"],
          ["wondrousItemSlots", "Wondrous Item Slots", "wondrousSlots"],
          ["consumablePoints", "Consumable Points", "consumablePoints"],
          ["maxBonds", "Max Bonds", "maxBonds"],
        ];
        for (const [key, label, computedKey] of rows) {
          const row = stated[key] as { value: number } | undefined;
          compare(key, label, row?.value, derived[computedKey] as never, [
            "statedDerivedStats",
            key,
            "value",
          ]);
        }
        const slots = stated.masterySlots;
        if (slots) {
          for (const board of ["body", "mind", "soul", "wildcard"] as const) {
            compare(
              `masterySlots.${board}`,
              `${board} mastery slots`,
              slots[board],
              derived.masterySlots[board],
              ["statedDerivedStats", "masterySlots", board],
            );
          }
          const total = (["body", "mind", "soul", "wildcard"] as const).reduce(
            (sum, board) => sum + derived.masterySlots[board].value,
            0,
          );
          compare(
            "masterySlots.total",
            "total mastery slots",
            slots.total,
            { value: total, parts: [{ label: "body + mind + soul + wildcard", amount: total }] },
            ["statedDerivedStats", "masterySlots", "total"],
          );
        }
        const ancestry = archetypes[data.ancestry]?.ancestryStats;
        if (ancestry) {
          for (const [key, label] of [
            ["spd", "SPD"],
            ["sen", "SEN"],
          ] as const) {
            const value = ancestry[key];
            if (value !== undefined)
              compare(
                key,
                label,
                stated[key]?.value,
                { value, parts: [{ label: "from the ancestry", amount: value }] },
                ["statedDerivedStats", key, "value"],
              );
          }
        }
      }
      // masteries whose type or domain the source lost cannot be fitted: check the rest of the build
      const masteryEntries = data.masteries.map((m) => graph.get(m.mastery) as Entry & { data: Mastery });
      const masteriesKnown = masteryEntries.every((m) => m.data.type && m.data.domain);
      const input: BuildInput = {
        stage: data.characterRank <= 3 ? "creation" : "advanced",
        attributes: data.attributes,
        archetypes: buildArchetypesOf(data, archetypes),
        characterRank: data.characterRank,
        gear: gear.map((item): BuildGear => {
          const weapon = item.kind === "weapon" ? (item.data as Weapon) : undefined;
          const out: { -readonly [K in keyof BuildGear]: BuildGear[K] } = {
            name: item.id,
            kind: item.kind as BuildGear["kind"],
          };
          if (weapon?.weightClass) out.weightClass = weapon.weightClass;
          if (item.kind === "armor") out.armorCategory = (item.data as Armor).category;
          if (weapon?.alwaysEquipped) out.free = true;
          return out;
        }),
        alwaysAvailableDomains: ALWAYS_AVAILABLE_DOMAINS,
        ...(masteriesKnown
          ? {
              masteries: masteryEntries.map((m, i): BuildMastery => {
                const board = data.masteries[i]?.board;
                return {
                  name: m.id,
                  type: m.data.type as BuildMastery["type"],
                  domain: m.data.domain as string,
                  slots: m.data.slotCost ?? 1,
                  ...(m.data.resonance ? { category: "Resonance" } : {}),
                  ...(board && board !== "bonus" ? { board } : {}),
                };
              }),
            }
          : {}),
      };
      for (const violation of checkBuild(input)) {
        if (violation.severity !== "error") continue;
        const [head, index] = violation.path;
        const path: JsonPath =
          head === "attributes" || head === "gear" || head === "masteries" || head === "archetypes"
            ? violation.path.slice(0, 2)
            : head === "characterRank"
              ? ["characterRank"]
              : typeof index === "number"
                ? ["name"]
                : ["name"];
        report({
          entry: character,
          path,
          messageId: "build-violation",
          data: {
            message: violation.message.replace(/\.$/, ""),
            // a chapter by number ("ch. 08"), a catalog by name ("Spellcasting Catalog")
            where: /^(?:\d\d|[AB])$/.test(violation.chapter) ? `ch. ${violation.chapter}` : violation.chapter,
          },
          help: "fix the build, or the entries it draws on",
        });
      }
    }
  },
});
