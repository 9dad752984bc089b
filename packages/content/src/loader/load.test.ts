// load reads through one shared, growing buffer: sizes at and around the limits must come out right
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { load } from "./load.ts";

const root = mkdtempSync(join(tmpdir(), "momenta-read-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A valid glossary entry padded (inside its definition) to exactly `bytes` bytes. */
function entryOfSize(slug: string, bytes: number): string {
  const base = {
    id: `glossary/${slug}`,
    name: slug,
    source: { book: "core-rules", chapter: "B" },
    status: "complete",
    definition: "",
    chapter: { number: "22", title: "Conditions and States" },
  };
  const empty = JSON.stringify(base, null, 2).length + 1;
  return `${JSON.stringify({ ...base, definition: "x".repeat(bytes - empty) }, null, 2)}\n`;
}

describe("reading files", () => {
  const folder = join(root, "content", "glossary");
  mkdirSync(folder, { recursive: true });
  const sizes = {
    small: 300,
    "at-limit": 200_000,
    "over-limit": 200_001,
    large: 150_000,
    "far-over": 700_000,
  };
  for (const [slug, size] of Object.entries(sizes))
    writeFileSync(join(folder, `${slug}.json`), entryOfSize(slug, size));

  it("keeps files up to the limit, whole, and reports larger ones with their real size", () => {
    const { graph, diagnostics } = load({ root, limits: { maxFileBytes: 200_000 } });
    expect(graph.source("content/glossary/at-limit.json")?.text.length).toBe(200_000);
    expect(graph.source("content/glossary/large.json")?.text.length).toBe(150_000);
    expect(graph.source("content/glossary/small.json")?.text.length).toBe(300);
    expect(graph.entries.get("glossary/large")?.data).toMatchObject({ name: "large" });
    const tooLarge = diagnostics.filter((diagnostic) => diagnostic.messageId === "too-large");
    expect(tooLarge.map((diagnostic) => [diagnostic.file, diagnostic.message])).toEqual([
      ["content/glossary/far-over.json", expect.stringContaining("700000")],
      ["content/glossary/over-limit.json", expect.stringContaining("200001")],
    ]);
  });

  it("reads every file whole when the limit is above them all (a small file after a large one included)", () => {
    const { graph, diagnostics } = load({ root, limits: { maxFileBytes: 1_000_000 } });
    expect(diagnostics.filter((diagnostic) => diagnostic.messageId === "too-large")).toEqual([]);
    for (const [slug, size] of Object.entries(sizes))
      expect(graph.source(`content/glossary/${slug}.json`)?.text.length).toBe(size);
    expect(graph.entries.get("glossary/small")?.valid).toBe(true);
  });
});
