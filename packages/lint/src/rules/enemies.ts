// Rule `enemies`: challenge-class rules — every creature can be hit in its Mass; Grunts never call shots
// (Pre-Generated Enemies, content/rules/catalog-pre-generated-enemies.mdx: "By default, enemies attack Mass. An enemy
// calls Edge or Mark shots only if its stat block says so, via a Precise line … Grunts never call shots.")

import { defineRule, docsUrl } from "@momenta/content";
import type { Enemy } from "@momenta/schema";
import { validEntries } from "./util.ts";

export const enemiesRule = defineRule({
  meta: {
    id: "enemies",
    description: "Enemies obey their challenge class: a Mass hit location, no called shots for Grunts",
    defaultSeverity: "error",
    stage: "graph",
    docs: docsUrl("enemies"),
    messages: {
      "no-mass": "the hit locations do not include Mass; every creature has one",
      "grunt-precise": "a Grunt's behavior calls shots (`Precise`), but Grunts never call shots",
    },
    help: {
      "no-mass":
        'add a `{ "location": "Mass" }` row (Pre-Generated Enemies: "By default, enemies attack Mass")',
      "grunt-precise": "remove the Precise line, or raise the challenge class to Regular",
    },
  },
  check({ graph, report }) {
    for (const enemy of validEntries<Enemy>(graph, "enemy")) {
      const { hitLocations, behavior, challengeClass } = enemy.data;
      if (hitLocations && !hitLocations.some((row) => row.location.toLowerCase() === "mass")) {
        report({
          entry: enemy,
          path: ["hitLocations"],
          messageId: "no-mass",
        });
      }
      if (challengeClass === "Grunt" && behavior && /\bPrecise\b/.test(behavior)) {
        report({
          entry: enemy,
          path: ["behavior"],
          messageId: "grunt-precise",
        });
      }
    }
  },
});
