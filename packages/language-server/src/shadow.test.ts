// The editor-text mirror: unsaved buffers reach the loader without touching the author's files or leaving the mirror
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Shadow } from "./shadow.ts";

let work: string;
let root: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "momenta-shadow-"));
  root = join(work, "repo");
  mkdirSync(join(root, "content/weapons"), { recursive: true });
  writeFileSync(join(root, "content/weapons/dagger.json"), "on disk\n");
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe("Shadow", () => {
  it("puts editor text in the mirror and leaves the author's file as saved", () => {
    const shadow = new Shadow(root, ["content"]);
    shadow.set("content/weapons/dagger.json", "unsaved\n");
    const mirror = shadow.loadRoot;
    expect(readFileSync(join(mirror, "content/weapons/dagger.json"), "utf8")).toBe("unsaved\n");
    expect(readFileSync(join(root, "content/weapons/dagger.json"), "utf8")).toBe("on disk\n");
    shadow.set("content/weapons/dagger.json", "edited again\n");
    expect(readFileSync(join(root, "content/weapons/dagger.json"), "utf8")).toBe("on disk\n");
    shadow.dispose();
  });

  it("never writes or removes through a symlinked folder, which would lead out of the mirror", () => {
    const outside = join(work, "outside");
    mkdirSync(outside);
    writeFileSync(join(outside, "secret.json"), "precious\n");
    symlinkSync(outside, join(root, "content/foci"));
    const shadow = new Shadow(root, ["content"]);
    shadow.set("content/foci/secret.json", "overwritten?\n");
    shadow.set("content/weapons/dagger.json", "unsaved\n");
    const mirror = shadow.loadRoot;
    expect(readFileSync(join(mirror, "content/weapons/dagger.json"), "utf8")).toBe("unsaved\n");
    shadow.set("content/foci/secret.json", undefined);
    expect(readFileSync(join(outside, "secret.json"), "utf8")).toBe("precious\n");
    expect(readdirSync(outside)).toEqual(["secret.json"]);
    shadow.dispose();
  });
});
