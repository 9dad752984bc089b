// Rule `masteries`: fixture cases under test/fixtures/rules/masteries/ and the exact diagnostics each gives
import { describeRule } from "../rule-table.ts";

describeRule("masteries", {
  // the domain's file does not parse: no "`mastery-domain/martial` is not a mastery domain"
  "knock-on": {
    options: { paths: ["content/masteries"] },
    expect: [
      ["knock-on", "content/masteries/lightning-reflexes.json", 7, 13, 7, 37], // `mastery-domain/martial` is not checked: `mastery-domain/martial` is in `content/mastery-domains/martial.json`, which did not load
    ],
  },
  "domain-not-granted": {
    expect: [
      ["domain-not-granted", "content/masteries/lightning-reflexes.json", 10, 13, 10, 34], // no archetype grants `mastery-domain/lore`, so no character could take this mastery
    ],
  },
  "resonance-access-cost": {
    expect: [
      ["resonance-access-cost", "content/masteries/fixture-access.json", 8, 15, 8, 16], // access to a Resonance costs 1 mastery slot (2 for rare and powerful ones), not 3
    ],
  },
  "set-backlink": {
    expect: [
      ["set-not-listed", "content/masteries/combat-reflexes.json", 12, 10, 12, 33], // the set `mastery-set/quickness` does not list this mastery
    ],
  },
  "set-member-missing": {
    expect: [
      ["set-member-missing", "content/mastery-sets/quickness.json", 11, 5, 11, 19], // `mastery/blur` is not a mastery
    ],
  },
  "type-missing": {
    expect: [
      ["field-required", "content/masteries/lightning-reflexes.json", 3, 11, 3, 31], // a complete mastery needs `type`
    ],
  },
  "unknown-resonance": {
    expect: [
      ["unknown-resonance", "content/masteries/fixture-access.json", 9, 16, 9, 33], // `resonance/ignus` is not a Resonance
    ],
  },
  "unknown-domain": {
    expect: [
      ["unknown-domain", "content/masteries/lightning-reflexes.json", 10, 13, 10, 36], // `mastery-domain/martal` is not a mastery domain
    ],
  },
});
