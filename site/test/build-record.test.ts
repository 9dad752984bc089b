// A build's record of its homebrew packs: what lets `npm run pdf` and `cards` refuse a dist built with MOMENTA_PACKS
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  BUILD_RECORD,
  packsDigest,
  packsOf,
  readBuildRecord,
  writeBuildRecord,
} from "../src/lib/build-record.ts";
import { DIST_DIR, distIsFresh } from "./support/build.ts";

const dir = mkdtempSync(join(tmpdir(), "momenta-record-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the build record", () => {
  it("tells the core site from a build with packs, and one set of packs from another", () => {
    const core = packsDigest(packsOf(undefined, "/repo"));
    const withPack = packsDigest(packsOf(`packs/a${delimiter}`, "/repo"));
    expect(packsOf(`packs/a${delimiter}/abs/b`, "/repo")).toEqual(["/repo/packs/a", "/abs/b"]);
    expect(core).toBe(packsDigest([]));
    expect(withPack).not.toBe(core);
    expect(packsDigest(["/a", "/b"])).not.toBe(packsDigest(["/b", "/a"]));
  });

  it("is read back as written, and a missing or broken one is no record (the dist is rebuilt)", () => {
    expect(readBuildRecord(dir)).toBeUndefined();
    writeBuildRecord(dir, { packs: packsDigest(["/x"]) });
    expect(readBuildRecord(dir)).toEqual({ packs: packsDigest(["/x"]) });
    writeFileSync(join(dir, BUILD_RECORD), "{ not json");
    expect(readBuildRecord(dir)).toBeUndefined();
  });

  it("makes site/dist stale for a process that wants other packs than it was built with", () => {
    const record = readBuildRecord(DIST_DIR);
    if (!record) return expect(distIsFresh()).toBe(false);
    const before = process.env.MOMENTA_PACKS;
    try {
      process.env.MOMENTA_PACKS = join(dir, "some-pack");
      expect(distIsFresh()).toBe(false);
    } finally {
      if (before === undefined) delete process.env.MOMENTA_PACKS;
      else process.env.MOMENTA_PACKS = before;
    }
  });
});
