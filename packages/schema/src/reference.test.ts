// The reference syntax: parsing each form, offsets, and the reader-visible text
import { describe, expect, it } from "vitest";
import { findReferences, normalizeName, parseReferenceBody, plainText, slugify } from "./reference.ts";

describe("parseReferenceBody", () => {
  it.each([
    ["Hindered", { target: "Hindered", name: "Hindered" }],
    ["maneuver:Move", { kind: "maneuver", target: "Move", name: "Move" }],
    ["Hindered|hindered", { target: "Hindered", name: "Hindered", label: "hindered" }],
    ["Wracked 2 (Fire)", { target: "Wracked 2", name: "Wracked", count: 2, parameter: "Fire" }],
    [
      "condition:Affliction (Paranoia)",
      { kind: "condition", target: "Affliction", name: "Affliction", parameter: "Paranoia" },
    ],
    [
      "chapter:Combat#initiative",
      { kind: "chapter", target: "Combat", name: "Combat", anchor: "initiative" },
    ],
    ["tag:Melee 1", { kind: "tag", target: "Melee 1", name: "Melee", count: 1 }],
  ])("parses [[%s]]", (body, expected) => {
    expect(parseReferenceBody(body)).toMatchObject(expected);
  });
});

describe("findReferences", () => {
  it("finds every reference with its offsets", () => {
    const text = "You gain [[Hindered 1]] and [[maneuver:Move|move]].";
    const found = findReferences(text);
    expect(found.map((reference) => text.slice(reference.start, reference.end))).toEqual([
      "[[Hindered 1]]",
      "[[maneuver:Move|move]]",
    ]);
  });

  it("ignores unclosed and nested brackets", () => {
    expect(findReferences("[[Hindered and [x] ]")).toEqual([]);
  });
});

describe("plainText", () => {
  it("shows labels, or targets with their parameter", () => {
    expect(plainText("Take [[Wracked 2 (Fire)]] and [[Hindered|hindered]].")).toBe(
      "Take Wracked 2 (Fire) and hindered.",
    );
  });
});

describe("names", () => {
  it("normalizes case, spaces and quotes", () => {
    expect(normalizeName("  Alchemist’s   FIRE ")).toBe("alchemist's fire");
  });
  it("slugifies", () => {
    expect(slugify("Alchemist's Fire")).toBe("alchemists-fire");
    expect(slugify("Acquire & Craft")).toBe("acquire-and-craft");
  });
});
