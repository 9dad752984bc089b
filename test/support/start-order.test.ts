// The start order of test files: longest first by the last run, else by the checked-in durations, site build first
import { describe, expect, it } from "vitest";
import { durationsFromCache, readDurations, type SequencedFile, startOrder } from "./start-order.ts";

const file = (key: string, buildsDist = false): SequencedFile => ({
  key,
  project: key.split(":")[0] ?? "",
  buildsDist,
});

const keys = (files: readonly SequencedFile[]) => files.map((f) => f.key);

describe("startOrder", () => {
  const files = [
    file("unit:a.test.ts"),
    file("unit:b.test.ts"),
    file("cli:c.test.ts"),
    file("site:short.test.ts", true),
    file("site:long.test.ts", true),
    file("site:no-dist.test.ts"),
  ];

  it("starts the longest site file that builds dist, then unit and cli longest first, then the other site files", () => {
    const checkedIn = {
      "unit:a.test.ts": 100,
      "unit:b.test.ts": 900,
      "cli:c.test.ts": 500,
      "site:short.test.ts": 200,
      "site:long.test.ts": 80_000,
      "site:no-dist.test.ts": 40_000,
    };
    expect(keys(startOrder(files, {}, checkedIn))).toEqual([
      "site:long.test.ts",
      "unit:b.test.ts",
      "cli:c.test.ts",
      "unit:a.test.ts",
      "site:no-dist.test.ts",
      "site:short.test.ts",
    ]);
  });

  it("prefers the last run's durations to the checked-in ones, file by file", () => {
    const checkedIn = { "unit:a.test.ts": 100, "unit:b.test.ts": 900, "cli:c.test.ts": 500 };
    expect(keys(startOrder(files.slice(0, 3), { "unit:a.test.ts": 5000 }, checkedIn))).toEqual([
      "unit:a.test.ts",
      "unit:b.test.ts",
      "cli:c.test.ts",
    ]);
  });

  it("gives a file that neither knows the median of the checked-in durations", () => {
    const checkedIn = { "unit:a.test.ts": 100, "unit:b.test.ts": 900, "cli:c.test.ts": 500 };
    const order = startOrder([...files.slice(0, 3), file("unit:new.test.ts")], {}, checkedIn);
    // the median is 500: the new file sorts with cli:c (stable: after it, as it was listed after it)
    expect(keys(order)).toEqual(["unit:b.test.ts", "cli:c.test.ts", "unit:new.test.ts", "unit:a.test.ts"]);
  });
});

describe("durationsFromCache", () => {
  const cache = JSON.stringify({
    version: "4.1.12",
    results: [
      ["unit:b.test.ts", { duration: 1234.5, failed: false }],
      ["unit:gone.test.ts", { duration: 99, failed: false }],
      ["unit:a.test.ts", { duration: 40, failed: false }],
    ],
  });

  it("keeps the files there are, rounded to 100 ms and sorted, and an untimed file's old figure", () => {
    const out = durationsFromCache(cache, ["unit:b.test.ts", "unit:a.test.ts", "cli:c.test.ts"], {
      "cli:c.test.ts": 700,
      "unit:gone.test.ts": 5,
    });
    expect(JSON.stringify(out)).toBe('{"cli:c.test.ts":700,"unit:a.test.ts":0,"unit:b.test.ts":1200}');
  });
});

describe("the checked-in durations", () => {
  it("time a test file of each project, in ms", () => {
    const durations = readDurations();
    for (const project of ["unit", "cli", "site"])
      expect(Object.keys(durations).some((key) => key.startsWith(`${project}:`))).toBe(true);
    for (const value of Object.values(durations)) expect(Number.isInteger(value) && value >= 0).toBe(true);
  });
});
