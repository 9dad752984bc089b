// The content graph API the site builds on: ids, kinds, chapters in order, and name resolution
import { load } from "@momenta/content";
import { parseReferenceBody } from "@momenta/schema";
import { describe, expect, it } from "vitest";
import { lintCase, withCase } from "../../../test/support/lint-harness.ts";

const resolve = (graph: ReturnType<typeof lintCase>["graph"], body: string) =>
  graph.resolve(parseReferenceBody(body));
const targetOf = (graph: ReturnType<typeof lintCase>["graph"], body: string) => {
  const resolution = resolve(graph, body);
  return resolution.ok ? resolution.target.id : resolution.reason;
};

describe("content graph", () => {
  const { graph } = lintCase();

  it("indexes entries by id and kind, sorted by name", () => {
    expect(graph.get("weapon/dagger")?.kind).toBe("weapon");
    expect(graph.byKind("condition").map((entry) => entry.name)).toEqual([
      "Affliction",
      "Faltering",
      "Grabbed",
      "Hindered",
      "Paranoid",
      "Wracked",
    ]);
    expect(graph.byKind("no-such-kind")).toEqual([]);
  });

  it("keeps chapters in reading order with heading slugs", () => {
    expect(graph.chapters.map((chapter) => chapter.id)).toEqual(["chapter/conditions-and-states"]);
    expect(graph.chapters[0]?.headings).toEqual([
      { depth: 1, text: "Conditions and States", slug: "conditions-and-states" },
      { depth: 2, text: "Stacking", slug: "stacking" },
    ]);
  });

  it("resolves exact ids, qualified names, counts and parameters", () => {
    expect(targetOf(graph, "condition/grabbed")).toBe("condition/grabbed");
    expect(targetOf(graph, "condition:Hindered")).toBe("condition/hindered");
    expect(targetOf(graph, "hindered")).toBe("condition/hindered");
    expect(targetOf(graph, "Wracked 2 (Fire)")).toBe("condition/wracked");
    expect(targetOf(graph, "chapter:Conditions and States")).toBe("chapter/conditions-and-states");
    expect(resolve(graph, "Conditions and States#stacking")).toMatchObject({ ok: true, anchor: "stacking" });
  });

  it("prefers primary kinds over the glossary, which is only a fallback", () => {
    expect(targetOf(graph, "Grabbed")).toBe("condition/grabbed");
    expect(targetOf(graph, "glossary:Grabbed")).toBe("glossary/grabbed");
  });

  it("explains failures: missing with suggestions, bad kinds", () => {
    expect(resolve(graph, "Hindred")).toEqual({ ok: false, reason: "missing", candidates: ["Hindered"] });
    expect(resolve(graph, "conditon:Hindered")).toMatchObject({
      ok: false,
      reason: "bad-kind",
      candidates: ["condition"],
    });
  });

  it("reports ambiguity when two primary kinds share a name", () => {
    const { graph: withTag } = lintCase("references", "ambiguous");
    expect(resolve(withTag, "Grabbed")).toEqual({
      ok: false,
      reason: "ambiguous",
      candidates: ["condition/grabbed", "tag/grabbed"],
    });
  });

  it("stores resolved references on entries with their field path", () => {
    const dagger = graph.entries.get("weapon/dagger");
    expect(dagger?.references.map((r) => [r.reference.raw, r.path.join("."), r.resolution.ok])).toEqual([
      ["[[Piercing]]", "special", true],
      ["[[Wracked 1 (Fire)]]", "special", true],
    ]);
  });

  it("resolves a reference's text as it resolves the parsed reference", () => {
    expect(graph.resolve("[[condition:Hindered]]")).toBe(
      graph.resolve(parseReferenceBody("condition:Hindered")),
    );
    expect(graph.resolve("Wracked 2 (Fire)")).toMatchObject({
      ok: true,
      target: { id: "condition/wracked" },
    });
    expect(graph.resolve("[[Hindred]]")).toEqual({ ok: false, reason: "missing", candidates: ["Hindered"] });
  });

  it("lists an id's referrers with their ranges in the file", () => {
    const referrers = graph.referrers("condition/hindered");
    expect(
      referrers.map(({ from, file, reference, path, line, column, endLine, endColumn }) => ({
        from: from.id,
        file,
        raw: reference.raw,
        path: path.join("."),
        range: [line, column, endLine, endColumn],
      })),
    ).toEqual([
      {
        from: "condition/grabbed",
        file: "content/conditions/grabbed.json",
        raw: "[[Hindered]]",
        path: "effect",
        range: [8, 39, 8, 51],
      },
      {
        from: "chapter/conditions-and-states",
        file: "content/rules/22-conditions-and-states.mdx",
        raw: "[[Hindered|hindered]]",
        path: "",
        range: [12, 36, 12, 57],
      },
    ]);
    expect(graph.referrers("condition/no-such")).toEqual([]);
    expect(graph.pathOf("content/conditions/grabbed.json")).toMatch(
      /^\/.*\/content\/conditions\/grabbed\.json$/,
    );
  });

  it("visits every reference use once, skipping those `wanted` turns down", () => {
    const seen: string[] = [];
    graph.forEachReference(
      (use, owner) => seen.push(`${owner.id} ${use.reference.raw}`),
      (reference) => reference.name === "Hindered",
    );
    expect(seen).toEqual([
      "condition/grabbed [[Hindered]]",
      "chapter/conditions-and-states [[Hindered|hindered]]",
    ]);
  });

  it("load accepts a folder that is itself the content folder", async () => {
    const ids = await withCase(undefined, undefined, async (root) => {
      const { graph: inner } = load({ root: `${root}/content` });
      return [...inner.entries.keys()].length;
    });
    expect(ids).toBe(graph.entries.size);
  });
});
