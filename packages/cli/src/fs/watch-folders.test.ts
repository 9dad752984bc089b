// `watchContent` keeps hearing a file, and a folder, after each is replaced by rename (a new inode each time)
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type WatchHandle, watchContent } from "./watch-folders.ts";

let dir: string;
let handle: WatchHandle | undefined;
/** The names reported since the last wait, and who waits for the next one. */
let names: (string | undefined)[];
let waiters: (() => void)[];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "momenta-watch-folders-"));
  mkdirSync(join(dir, "conditions"));
  writeFileSync(join(dir, "conditions/hindered.json"), "{}\n");
  names = [];
  waiters = [];
  handle = watchContent(dir, (name) => {
    names.push(name);
    for (const wake of waiters.splice(0)) wake();
  });
});
afterEach(() => {
  handle?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Wait (with a bound) until `name` is reported; the names reported up to then, which are then forgotten. */
async function reported(name: string, ms = 30_000): Promise<(string | undefined)[]> {
  const deadline = Date.now() + ms;
  while (!names.includes(name)) {
    if (Date.now() > deadline)
      throw new Error(`\`${name}\` not reported within ${ms} ms (got ${names.join(", ")})`);
    await new Promise<void>((wake) => {
      waiters.push(wake);
      setTimeout(wake, 100).unref();
    });
  }
  const seen = names;
  names = [];
  return seen;
}

/** Write a temp file beside `path` and rename it over `path`, as `sed -i` saves. */
function replaceByRename(path: string, text: string): void {
  writeFileSync(`${path}.sedtmp`, text);
  renameSync(`${path}.sedtmp`, path);
}

describe("watchContent", () => {
  it("reports a file replaced by rename, and every write to it after that", async () => {
    const file = join(dir, "conditions/hindered.json");
    replaceByRename(file, '{ "a": 1 }\n');
    await reported("conditions/hindered.json");
    writeFileSync(file, '{ "a": 2 }\n');
    await reported("conditions/hindered.json");
    replaceByRename(file, '{ "a": 3 }\n');
    await reported("conditions/hindered.json");
    writeFileSync(file, '{ "a": 4 }\n');
    await reported("conditions/hindered.json");
  });

  it("watches a folder replaced by rename anew", async () => {
    mkdirSync(join(dir, "next"));
    writeFileSync(join(dir, "next/hindered.json"), "{}\n");
    // emptied, then replaced in one rename (the old folder's watch is still open when the event comes)
    rmSync(join(dir, "conditions/hindered.json"));
    await reported("conditions/hindered.json");
    renameSync(join(dir, "next"), join(dir, "conditions"));
    await reported("conditions");
    writeFileSync(join(dir, "conditions/hindered.json"), '{ "a": 1 }\n');
    await reported("conditions/hindered.json");
  });
});
