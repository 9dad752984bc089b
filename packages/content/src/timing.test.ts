// Timings add up per label and print as a table of time and share, slowest first
import { describe, expect, it } from "vitest";
import { formatTimings, Timings } from "./timing.ts";

describe("Timings", () => {
  it("sums by label and lists the slowest first", () => {
    const timings = new Timings();
    timings.add("parse", 10);
    timings.add("read", 30);
    timings.add("parse", 25);
    expect(timings.list()).toEqual([
      ["parse", 35],
      ["read", 30],
    ]);
  });

  it("measures work, returns its result and counts it even when it throws", () => {
    const timings = new Timings();
    expect(timings.measure("ok", () => 42)).toBe(42);
    expect(() =>
      timings.measure("fails", () => {
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(
      timings
        .list()
        .map(([label]) => label)
        .sort(),
    ).toEqual(["fails", "ok"]);
  });
});

describe("formatTimings", () => {
  it("prints shares of the total, folds the tail past the limit, and closes with the total", () => {
    const timings = new Timings();
    timings.add("read files", 50);
    timings.add("parse JSON", 30);
    timings.add("rule ids", 15);
    timings.add("rule tags", 5);
    expect(formatTimings(timings, 200, 2)).toBe(
      [
        "phase      | time (ms) | relative",
        "-----------|-----------|---------",
        "read files |      50.0 |    25.0%",
        "parse JSON |      30.0 |    15.0%",
        "(2 more)   |      20.0 |    10.0%",
        "total      |     200.0 |   100.0%",
        "",
      ].join("\n"),
    );
  });

  it("without a total, gives shares of the phases' sum", () => {
    const timings = new Timings();
    timings.add("a", 3);
    timings.add("b", 1);
    expect(formatTimings(timings)).toContain("a     |       3.0 |    75.0%");
  });
});
