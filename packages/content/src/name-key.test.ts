// nameKey must equal @momenta/schema's normalizeName for every input; the fast path only skips work
import { normalizeName } from "@momenta/schema";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { nameKey } from "./name-key.ts";

describe("nameKey", () => {
  it("lower-cases plain ASCII names", () => {
    expect(nameKey("Gravity Well")).toBe("gravity well");
  });

  it("normalizes everything else as normalizeName does", () => {
    expect(nameKey("  Alchemist’s\tFire ")).toBe("alchemist's fire");
    expect(nameKey("Ｆｕｌｌ　Width")).toBe("full width");
  });

  it("equals normalizeName on any string (property)", () => {
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom(" ", "\t", "\u00a0", "’", "Ａ", "é", "e\u0301", "A", "z", "-"),
        fc.string({ minLength: 1, maxLength: 1 }),
      ),
      maxLength: 16,
    });
    fc.assert(
      fc.property(text, (name) => {
        expect(nameKey(name)).toBe(normalizeName(name));
      }),
      { numRuns: 3000 },
    );
  });
});
