// The bundled CLI's V8 code cache: written by the first run, rewritten by a lint, never used for another bundle
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BIN } from "./cli-child.ts";

const dir = mkdtempSync(join(tmpdir(), "momenta-code-cache-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const BUNDLE = join(dir, "cli.cjs");
const CACHE = `${BUNDLE}.v8`;
const REPO = join(import.meta.dirname, "../../..");

function momenta(...args: string[]) {
  return spawnSync(process.execPath, [BIN, ...args], {
    encoding: "utf8",
    env: { ...process.env, MOMENTA_CACHE_DIR: dir, NO_COLOR: "1" },
    timeout: 120_000,
  });
}

/** The cache's header: the bundle's size and modification time it was made for, and whether a lint made it. */
function header(): { size: number; mtimeMs: number; ofLint: boolean } {
  const file = readFileSync(CACHE);
  return { size: file.readDoubleLE(0), mtimeMs: file.readDoubleLE(8), ofLint: file.readDoubleLE(16) === 1 };
}

describe("the bundled CLI's code cache", () => {
  it("is written by the first run for its bundle, and a lint writes it again", () => {
    const help = momenta("--help");
    expect(help.status).toBe(0);
    const bundle = statSync(BUNDLE);
    expect(header()).toEqual({ size: bundle.size, mtimeMs: bundle.mtimeMs, ofLint: false });
    const lint = momenta("lint", "--root", REPO, "-f", "json");
    expect(JSON.parse(lint.stdout).fileCount).toBeGreaterThan(400);
    expect(header()).toEqual({ size: bundle.size, mtimeMs: bundle.mtimeMs, ofLint: true });
  }, 180_000);

  it("is not used for another bundle: the run is right, and writes one for its own", () => {
    const expected = momenta("--version").stdout;
    const file = readFileSync(CACHE);
    // the same data under another bundle's size: read as any other bundle's would be
    file.writeDoubleLE(file.readDoubleLE(0) + 1, 0);
    writeFileSync(CACHE, file);
    const run = momenta("--version");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(expected);
    expect(header().size).toBe(statSync(BUNDLE).size);
  }, 180_000);
});
