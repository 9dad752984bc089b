// ReferenceStore must record exactly what @momenta/schema's findReferences finds, and share one parse per text
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { findReferences, type Reference, referenceEndAt } from "@momenta/schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forEachStringWith } from "../source/json.ts";
import { ReferenceStore, UNRESOLVED } from "./references.ts";

const CONTENT = join(import.meta.dirname, "../../../../content");

/** The store's uses of one string as `findReferences` shapes them: the shared text with this use's offsets. */
function found(store: ReferenceStore, text: string): Reference[] {
  const from = store.size;
  store.scan(text, ["field"]);
  return store.uses(from, store.size).map(({ reference, start, end }) => {
    const { raw, ...rest } = reference;
    return { raw, start, end, ...rest };
  });
}

describe("ReferenceStore", () => {
  it("matches findReferences on every string of the real content, key order included", () => {
    const store = new ReferenceStore();
    let compared = 0;
    for (const folder of readdirSync(CONTENT)) {
      if (folder === "rules") continue;
      for (const file of readdirSync(join(CONTENT, folder))) {
        const value: unknown = JSON.parse(readFileSync(join(CONTENT, folder, file), "utf8"));
        forEachStringWith(value, "[[", (text) => {
          const expected = findReferences(text);
          expect(JSON.stringify(found(store, text))).toBe(JSON.stringify(expected));
          compared += expected.length;
        });
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it("matches findReferences on generated text, repeated bodies and odd brackets included", () => {
    const piece = fc.oneof(
      fc.constantFrom(
        "[[",
        "]]",
        "[",
        "]",
        "[[[",
        "]]]",
        "|",
        "#",
        ":",
        "(",
        ")",
        " ",
        "\n",
        "2",
        "maneuver:",
        "Hindered",
      ),
      fc.string({ maxLength: 6 }),
    );
    const store = new ReferenceStore();
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const text = pieces.join("");
        // twice through the same store: the second pass reuses cached parses
        expect(found(store, text)).toStrictEqual(findReferences(text));
        expect(JSON.stringify(found(store, text))).toBe(JSON.stringify(findReferences(text)));
      }),
      { numRuns: 3000 },
    );
  });

  it("shares one frozen parse between uses of the same text, each with its own offsets and path", () => {
    const store = new ReferenceStore();
    store.scan("[[Hindered 2]] and [[Hindered 2]]", ["effect"]);
    store.scan("then [[Hindered 2]]", ["special", 1]);
    const [first, second, third] = store.uses(0, store.size);
    expect(store.size).toBe(3);
    expect(first?.reference).toBe(second?.reference);
    expect(third?.reference).toBe(first?.reference);
    expect(Object.isFrozen(first?.reference)).toBe(true);
    expect(first?.reference).toStrictEqual({
      raw: "[[Hindered 2]]",
      target: "Hindered 2",
      name: "Hindered",
      count: 2,
    });
    expect([first?.start, first?.end, second?.start, second?.end, third?.start]).toEqual([0, 14, 19, 33, 5]);
    expect(third?.path).toEqual(["special", 1]);
  });

  it("resolves each distinct text once, and again against another graph", () => {
    const store = new ReferenceStore();
    store.scan("[[Hindered]] [[Hindered]] [[Grabbed 2]]", []);
    expect(store.uses(0, 3).map((use) => use.resolution)).toEqual([UNRESOLVED, UNRESOLVED, UNRESOLVED]);
    const asked: string[] = [];
    store.resolveAll((reference) => {
      asked.push(reference.raw);
      return { ok: false, reason: "missing", candidates: [reference.name] };
    });
    expect(asked).toEqual(["[[Hindered]]", "[[Grabbed 2]]"]);
    expect(store.uses(0, 3).map((use) => use.resolution.ok || use.resolution.candidates[0])).toEqual([
      "Hindered",
      "Hindered",
      "Grabbed",
    ]);
  });

  it("keeps chapter references by their raw text, escaped bars included", () => {
    const store = new ReferenceStore();
    store.addRaw("[[Hindered\\|slowed]]", "Hindered|slowed", 40, []);
    const [use] = store.uses(0, 1);
    expect(use).toMatchObject({ start: 40, end: 60, path: [] });
    expect(use?.reference).toMatchObject({ raw: "[[Hindered\\|slowed]]", name: "Hindered", label: "slowed" });
  });

  it("tells bodies with the same hash apart (`Aa` and `BB` collide under h * 31 + c)", () => {
    const store = new ReferenceStore();
    store.scan("[[Aa]] [[BB]] [[Aa]] [[BB]]", []);
    const uses = store.uses(0, store.size);
    expect(uses.map((use) => use.reference.raw)).toEqual(["[[Aa]]", "[[BB]]", "[[Aa]]", "[[BB]]"]);
    expect(uses[0]?.reference).toBe(uses[2]?.reference);
    expect(uses[0]?.reference).not.toBe(uses[1]?.reference);
  });

  it("keeps every distinct body through its table's growth", () => {
    const store = new ReferenceStore();
    const names = Array.from({ length: 5000 }, (_, i) => `Name ${i} Of Thing`);
    store.scan(names.map((name) => `[[${name}]]`).join(" "), []);
    store.scan(
      names
        .map((name) => `[[${name}]]`)
        .reverse()
        .join(" "),
      [],
    );
    const uses = store.uses(0, store.size);
    expect(uses).toHaveLength(10000);
    for (let i = 0; i < 5000; i++) {
      expect(uses[i]?.reference.name).toBe(names[i]);
      expect(uses[9999 - i]?.reference).toBe(uses[i]?.reference);
    }
  });

  it("grows past its initial capacity without losing uses", () => {
    const store = new ReferenceStore();
    const text = Array.from({ length: 3000 }, (_, i) => `[[Name ${i % 7}]]`).join(" ");
    store.scan(text, []);
    const uses = store.uses(0, store.size);
    expect(uses).toHaveLength(3000);
    expect(uses[2999]?.reference.raw).toBe("[[Name 3]]");
    expect(text.slice(uses[2999]?.start, uses[2999]?.end)).toBe("[[Name 3]]");
  });

  it("counts the `[[` that close nothing, and a skipped `id` or `$schema` holding one", () => {
    const store = new ReferenceStore();
    const counted = (entry: Record<string, unknown>) => {
      const before = store.unclosedOpeners;
      store.scanEntry(entry);
      return store.unclosedOpeners - before;
    };
    expect(counted({ id: "tag/a", text: "[[A]] and [[B|b]]", list: ["[[C]]"] })).toBe(0);
    expect(counted({ text: "[[A]] then [[B is open", deep: { more: ["[[C\n]]"] } })).toBe(2);
    expect(counted({ id: "tag/[[a", $schema: "[[x]]" })).toBe(2);
  });

  it("counts none only when every `[[` of a string lies inside a reference it recorded", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[[\]a|\n]{0,40}$/), (text) => {
        const store = new ReferenceStore();
        store.scan(text, ["field"]);
        if (store.unclosedOpeners > 0) return;
        const uses = store.uses(0, store.size);
        for (let at = text.indexOf("[["); at !== -1; at = text.indexOf("[[", at + 1))
          if (referenceEndAt(text, at) === -1)
            expect(uses.some((use) => use.start < at && at < use.end)).toBe(true);
      }),
    );
  });

  it("asks `wanted` once per distinct text in a walk, and again in the next walk", () => {
    const store = new ReferenceStore();
    store.scan("[[A]] [[B]] [[A]] [[A]] [[B]]", ["field"]);
    const asked: string[] = [];
    const visited: string[] = [];
    const wanted = (reference: { raw: string }) => {
      asked.push(reference.raw);
      return reference.raw === "[[A]]";
    };
    const walk = () => {
      ReferenceStore.beginWalk();
      store.forEachUse(0, 2, "x", (use) => visited.push(`${use.reference.raw}@${use.start}`), wanted);
      store.forEachUse(
        2,
        store.size,
        "x",
        (use) => visited.push(`${use.reference.raw}@${use.start}`),
        wanted,
      );
    };
    walk();
    expect(asked).toEqual(["[[A]]", "[[B]]"]);
    expect(visited).toEqual(["[[A]]@0", "[[A]]@12", "[[A]]@18"]);
    walk();
    expect(asked).toEqual(["[[A]]", "[[B]]", "[[A]]", "[[B]]"]);
  });
});
