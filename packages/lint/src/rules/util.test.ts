// writeReference: a reference written back with some parts changed or dropped, every other part kept as written
import { parseReferenceBody } from "@momenta/schema";
import { describe, expect, it } from "vitest";
import { writeReference } from "./util.ts";

describe("writeReference", () => {
  it.each([
    ["Wracked 4 (Fire)#stacks|burning", { count: 3 }, "[[Wracked 3 (Fire)#stacks|burning]]"],
    ["Wracked 4 (Fire)", { count: undefined }, "[[Wracked (Fire)]]"],
    ["Hindered (Fire)", { parameter: undefined }, "[[Hindered]]"],
    ["Hinderd|slowed", { name: "Hindered" }, "[[Hindered|slowed]]"],
    ["condtion:Hindered 2", { kind: "condition" }, "[[condition:Hindered 2]]"],
    ["maneuver:Move#range", { kind: undefined }, "[[Move#range]]"],
    ["tag:Melee 2", { name: "Reach" }, "[[tag:Reach 2]]"],
  ] as const)("[[%s]] with %o is %s", (body, change, expected) => {
    expect(writeReference(parseReferenceBody(body), change)).toBe(expected);
  });
});
