// The registry's declared properties hold together: one search rank per kind, fallback kinds ranked last
import { describe, expect, it } from "vitest";
import { KINDS, kindByFolder, kindByName } from "./registry.ts";

describe("kind registry", () => {
  it("finds each kind by its name and its folder", () => {
    for (const definition of KINDS) {
      expect(kindByName(definition.kind)).toBe(definition);
      expect(kindByFolder(definition.folder)).toBe(definition);
    }
  });

  it("gives each kind its own search rank, the fallback kinds after every primary kind", () => {
    const ranks = KINDS.map((definition) => definition.searchRank);
    expect(ranks.every(Number.isInteger)).toBe(true);
    expect(new Set(ranks).size).toBe(KINDS.length);
    const rankOf = (tier: string) =>
      KINDS.filter((definition) => definition.nameResolution === tier).map(
        (definition) => definition.searchRank,
      );
    expect(Math.min(...rankOf("fallback"))).toBeGreaterThan(Math.max(...rankOf("primary")));
  });

  it("marks the kinds that define the book's vocabulary", () => {
    expect(KINDS.filter((definition) => definition.definesTerm).map((definition) => definition.kind)).toEqual(
      ["glossary", "tag"],
    );
  });
});
