// entryOfKind types an entry's data by the kind string and the schema check, never by a cast
import { resolve } from "node:path";
import { isKindName, KINDS, type Weapon } from "@momenta/schema";
import { describe, expect, expectTypeOf, it } from "vitest";
import { load } from "./loader/load.ts";
import type { Entry } from "./model.ts";
import { entryOfKind, isEntryOfKind, type TypedEntry, typedEntry } from "./typed-entry.ts";

const REPO = resolve(import.meta.dirname, "../../..");
const { graph } = load({ root: REPO });

describe("entryOfKind", () => {
  it("returns each valid entry of the content under its own kind, its data its schema's output", () => {
    let typedCount = 0;
    for (const { kind, schema } of KINDS) {
      if (!isKindName(kind)) throw new Error(`${kind} is not a registry kind name`);
      for (const entry of graph.byKind(kind)) {
        const typed = entryOfKind(entry, kind);
        expect(typed, entry.id).toBe(entry.valid ? entry : undefined);
        if (typed) expect(schema.parse(typed.data), entry.id).toEqual(typed.data);
        if (typed) typedCount++;
        expect(typedEntry(entry), entry.id).toBe(typed);
      }
    }
    expect(typedCount).toBe([...graph.entries.values()].filter((entry) => entry.valid).length);
    expect(typedCount).toBeGreaterThan(100);
  });

  it("refuses an entry of another kind, an invalid entry and no entry", () => {
    const weapon = graph.byKind("weapon")[0] as Entry;
    expect(entryOfKind(weapon, "armor")).toBeUndefined();
    expect(entryOfKind({ ...weapon, valid: false }, "weapon")).toBeUndefined();
    expect(entryOfKind(undefined, "weapon")).toBeUndefined();
    expect(entryOfKind(graph.chapters[0], "weapon")).toBeUndefined();
    expect(typedEntry(graph.chapters[0])).toBeUndefined();
    expect(typedEntry({ ...weapon, kind: "no-such-kind" })).toBeUndefined();
    expect(typedEntry({ ...weapon, valid: false })).toBeUndefined();
    expect(isEntryOfKind(weapon, "weapon")).toBe(true);
    expect(isEntryOfKind({ ...weapon, kind: "armor" }, "weapon")).toBe(false);
  });

  it("types the data by the kind's schema", () => {
    const weapon = entryOfKind(graph.byKind("weapon")[0], "weapon");
    expectTypeOf(weapon).toEqualTypeOf<TypedEntry<"weapon"> | undefined>();
    expectTypeOf<TypedEntry<"weapon">["data"]>().toEqualTypeOf<Weapon>();
    expect(typeof weapon?.data.weightClass).toBe("string");
  });
});
