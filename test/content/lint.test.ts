// The real content/ lints without errors: every reference resolves, every rule holds (warnings mark what the source lost)
import { join } from "node:path";
import { lintContentSync } from "@momenta/lint";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "../..");

describe("content/", () => {
  const result = lintContentSync({ root });

  it("has no lint errors", () => {
    const errors = result.diagnostics
      .filter((d) => d.severity === "error")
      .map((d) => `${d.file}:${d.line}:${d.column} ${d.ruleId}/${d.messageId}: ${d.message}`);
    expect(errors).toEqual([]);
  });

  it("loads every catalog and chapter into the graph", () => {
    expect(result.graph.entries.size).toBeGreaterThan(300);
    expect(
      result.graph.chapters.map(
        (chapter) => chapter.frontmatter.chapter ?? chapter.frontmatter.catalog?.book,
      ),
    ).toEqual([
      ...Array.from({ length: 31 }, (_, i) => String(i).padStart(2, "0")),
      "A",
      "B",
      ...["archetypes", "masteries", "equipment", "spellcasting", "limit-breaks", "enemies"],
    ]);
  });

  it("warns only about what the source lost", () => {
    const ruleIds = new Set(result.diagnostics.filter((d) => d.severity === "warn").map((d) => d.ruleId));
    expect([...ruleIds].filter((id) => id !== "incomplete" && id !== "glossary-mention")).toEqual([]);
  });

  it("every reference resolves to exactly one target", () => {
    const unresolved = [...result.graph.entries.values(), ...result.graph.chapters].flatMap((owner) =>
      owner.references.filter((r) => !r.resolution.ok).map((r) => `${owner.file}: ${r.reference.raw}`),
    );
    expect(unresolved).toEqual([]);
  });
});
