// The builder's options from the content graph: every one an entry (a pack's badged), the source's losses listed, the
// inputs' bounds read from the character JSON Schema, and the page's JSON unable to close its script tag
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { entryLabel } from "../src/builder/form.ts";
import type { BuilderData } from "../src/builder/model.ts";
import { builderData, builderDataScript } from "../src/builder/options.ts";
import { getGraph } from "../src/lib/content.ts";
import { REPO_DIR } from "./support/build.ts";

let data: BuilderData;
beforeAll(async () => {
  // each test file runs in its own process, so this pack set stays local to this file
  process.env.MOMENTA_PACKS = join(REPO_DIR, "examples/homebrew");
  data = builderData(await getGraph());
});

describe("the builder's options", () => {
  it("are the graph's entries, a pack's badged with the pack's name", async () => {
    const graph = await getGraph();
    for (const kind of ["archetype", "mastery", "mastery-domain", "weapon", "armor", "focus", "wondrous"])
      expect(
        data.entries
          .filter((entry) => entry.kind === kind)
          .map((entry) => entry.id)
          .sort(),
        kind,
      ).toEqual(
        graph
          .byKind(kind)
          .map((entry) => entry.id)
          .sort(),
      );
    const homebrew = data.entries.filter((entry) => entry.pack);
    expect(homebrew.length).toBeGreaterThan(0);
    for (const entry of homebrew) expect(entryLabel(entry)).toBe(`${entry.name} (Homebrew · ${entry.pack})`);
    const rapier = data.entries.find((entry) => entry.id === "weapon/rapier");
    expect(rapier && entryLabel(rapier)).toBe("Rapier");
  });

  it("name the tables the source lost where a choice would be, each with its chapter", () => {
    const lost = new Map(data.lost.map((table) => [table.name, table]));
    for (const name of [
      "mastery entries",
      "Limit Break slots by tier",
      "list of 10 Arts",
      "types of archetypes",
    ])
      expect(lost.get(name)?.url, name).toMatch(/^\/chapter\/[a-z0-9-]+\/$/);
  });

  it("take the inputs' bounds from the character kind's JSON Schema", () => {
    expect(data.limits).toEqual({
      rank: { min: 1, max: 3 },
      intensity: { min: 1, max: 5 },
      attributeMin: 0,
      slugPattern: "^[a-z0-9]+(?:-[a-z0-9]+)*$",
    });
  });

  it("go into the page as JSON no string can close the script tag with", () => {
    const hostile = {
      ...data,
      entries: [
        { id: "x", kind: "weapon", name: "</script><script>alert(1)</script>", valid: true, missing: [] },
      ],
    };
    const text = builderDataScript(hostile);
    expect(text).not.toContain("<");
    expect((JSON.parse(text) as BuilderData).entries[0]?.name).toBe("</script><script>alert(1)</script>");
  });
});
