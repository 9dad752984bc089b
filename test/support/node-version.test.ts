// The Node that runs the tests: within the engines' range, and the major that MOMENTA_NODE_MAJOR names when set
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";

const engines = JSON.parse(readFileSync(join(import.meta.dirname, "../../package.json"), "utf8")).engines
  .node;

it("is a Node the engines admit, and the one the run asked for (test/node/lts.test.ts asks for 24)", () => {
  const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
  // ">=20.19": the floor this machine kind's Node 20 must keep meeting
  const [floorMajor = 0, floorMinor = 0] = (/^>=(\d+)\.(\d+)$/.exec(engines) ?? []).slice(1).map(Number);
  expect(floorMajor).toBeGreaterThan(0);
  expect(major > floorMajor || (major === floorMajor && minor >= floorMinor)).toBe(true);
  if (process.env.MOMENTA_NODE_MAJOR) expect(major).toBe(Number(process.env.MOMENTA_NODE_MAJOR));
});
