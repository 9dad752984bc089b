// SIGINT during a bundle build (the CLI's cached bundle, the standalone package) leaves no temp file or folder
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BIN } from "./cli-child.ts";

const BUNDLE_SCRIPT = join(import.meta.dirname, "../scripts/bundle.mjs");
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "momenta-bundle-signal-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** Start `node <args>`, send SIGINT once `ready()` holds (polled), and resolve with how the child ended. */
function interrupt(args: string[], env: NodeJS.ProcessEnv, ready: () => boolean) {
  const child = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: "ignore" });
  const poll = setInterval(() => {
    if (ready()) {
      clearInterval(poll);
      child.kill("SIGINT");
    }
  }, 5);
  return new Promise<{ code: number | null; signal: string | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      clearInterval(poll);
      resolve({ code, signal });
    }),
  );
}

describe("bundle builds under SIGINT", () => {
  it("bin/momenta.mjs: an interrupted rebuild leaves no `.tmp` in the cache, and the next run builds it", async () => {
    const cache = join(dir, "cache");
    // the cache folder appears just before esbuild starts bundling, which takes over a second
    const ended = await interrupt([BIN, "--help"], { MOMENTA_CACHE_DIR: cache }, () => existsSync(cache));
    expect(ended).toEqual({ code: null, signal: "SIGINT" });
    expect(readdirSync(dir)).toEqual(["cache"]);
    expect(readdirSync(cache)).toEqual([]);
    const again = await interrupt([BIN, "--help"], { MOMENTA_CACHE_DIR: cache }, () => false);
    expect(again).toEqual({ code: 0, signal: null });
    // the bundle, and the code cache the completed run wrote at its exit
    expect(readdirSync(cache).sort()).toEqual(["cli.cjs", "cli.cjs.v8"]);
  }, 60_000);

  it("scripts/bundle.mjs: an interrupted build removes its temp folder and keeps the previous package", async () => {
    const out = join(dir, "pkg");
    mkdirSync(out);
    writeFileSync(join(out, "package.json"), "{}\n");
    const ended = await interrupt([BUNDLE_SCRIPT, "--out", out], {}, () =>
      readdirSync(dir).some((name) => name.startsWith(".pkg.")),
    );
    expect(ended).toEqual({ code: null, signal: "SIGINT" });
    expect(readdirSync(dir)).toEqual(["pkg"]);
    expect(readdirSync(out)).toEqual(["package.json"]);
  }, 60_000);
});
