// The Resonance schema accepts per-Art entries as the catalog prints them and rejects inconsistent ones
import { describe, expect, it } from "vitest";
import { resonanceSchema } from "./resonance.ts";

const tempus = {
  id: "resonance/tempus",
  name: "Tempus",
  source: { book: "spellcasting", section: "Resonances" },
  status: "complete",
  description: "The rarest of Resonances.",
  entries: [
    {
      art: "art/rend",
      ladders: ["Vitality"],
      attackTags: ["[[Cosmic]]", "[[Seeking]]"],
      condition: "[[Slowed]]",
      opposableBy: { attribute: "LUCK", roll: "luck" },
    },
    { art: "art/mend", supported: false },
  ],
};

/** The paths of every issue zod reports when the first entry is patched. */
function issuePaths(patch: Record<string, unknown>, entries: readonly object[] = tempus.entries): string[] {
  const [first, ...rest] = entries;
  const result = resonanceSchema.safeParse({ ...tempus, entries: [{ ...first, ...patch }, ...rest] });
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join("."));
}

describe("resonance schema", () => {
  it("accepts an attack entry and a Not Supported entry", () => {
    expect(issuePaths({})).toEqual([]);
  });

  it.each([
    ["a condition that is not one reference", { condition: "Slowed" }, "entries.0.condition"],
    [
      "a tag that is not one reference",
      { attackTags: ["[[Cosmic]] and [[Seeking]]"] },
      "entries.0.attackTags.0",
    ],
    [
      "an opposition attribute outside the six",
      { opposableBy: { attribute: "SEN", roll: "action" } },
      "entries.0.opposableBy.attribute",
    ],
    ["an id of another kind as the Art", { art: "resonance/rend" }, "entries.0.art"],
    [
      "a bonus effect for a ladder it does not use",
      { bonusEffect: { Strain: "Clears all." } },
      "entries.0.bonusEffect",
    ],
    ["supported: true (only false is written)", { supported: true }, "entries.0.supported"],
  ])("rejects %s", (_what, patch, path) => {
    expect(issuePaths(patch)).toContain(path);
  });

  it("rejects a second entry for the same Art", () => {
    const twice = [...tempus.entries, { art: "art/rend", ladders: ["Strain"] }];
    expect(issuePaths({}, twice)).toContain("entries.2.art");
  });

  it("rejects a Not Supported entry that still carries fields", () => {
    const entries = [{ ...tempus.entries[0] }, { art: "art/mend", supported: false, ladders: ["Vitality"] }];
    expect(issuePaths({}, entries)).toContain("entries.1");
  });

  it("rejects a complete Resonance without entries", () => {
    const result = resonanceSchema.safeParse({ ...tempus, entries: undefined });
    expect(result.success ? [] : result.error.issues.map((issue) => issue.path.join("."))).toContain(
      "entries",
    );
  });
});
