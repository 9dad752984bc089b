// `momenta lint --watch` as a child process on a temp copy of content/: an edit prints its error, the fix the clean state
import { type ChildProcess, spawn } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const BIN = join(import.meta.dirname, "../bin/momenta.mjs");
const REPO = join(import.meta.dirname, "../../..");

describe("momenta lint --watch", () => {
  const dir = mkdtempSync(join(tmpdir(), "momenta-watch-"));
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lints all, then prints the new diagnostics after an edit and the clean state after the fix", async () => {
    cpSync(join(REPO, "content"), join(dir, "content"), { recursive: true });
    cpSync(join(REPO, "packages/schema/json-schema"), join(dir, "packages/schema/json-schema"), {
      recursive: true,
    });
    const file = join(dir, "content/weapons/dagger.json");
    const original = readFileSync(file, "utf8");
    let out = "";
    const proc = spawn(process.execPath, [BIN, "lint", "--watch"], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: "1" },
    });
    child = proc;
    proc.stdout.on("data", (chunk) => (out += String(chunk)));
    proc.stderr.on("data", (chunk) => (out += String(chunk)));
    // each printed state ends with the watching line; a write can arrive in two events (truncate, then text), so
    // wait for the first state after the last one seen that shows what is expected
    let seen = 0;
    const waitFor = async (pattern: RegExp) => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const states = out.split("watching for changes").slice(0, -1);
        const index = states.findIndex((state, i) => i >= seen && pattern.test(state));
        if (index >= 0) {
          seen = index + 1;
          return states[index] as string;
        }
        if (Date.now() > deadline) throw new Error(`no state matching ${pattern} in:\n${out}`);
        await new Promise((done) => setTimeout(done, 50));
      }
    };
    const first = await waitFor(/checked \d+ files/);
    expect(first).toMatch(/checked \d+ files: 0 errors/);

    writeFileSync(file, original.replace('"status": "complete"', '"status": "nonsense"'));
    const broken = await waitFor(/error\[schema\]/);
    expect(broken).toContain("changed: weapons/dagger.json");
    expect(broken).toContain("content/weapons/dagger.json");
    expect(broken).toMatch(/error\[schema\]/);
    expect(broken).toMatch(/checked \d+ files: 1 error/);

    writeFileSync(file, original);
    const fixed = await waitFor(/checked \d+ files: 0 errors/);
    expect(fixed).toContain("changed: weapons/dagger.json");
    expect(fixed).toMatch(/checked \d+ files: 0 errors/);
    expect(fixed).not.toContain("error[");
  }, 120_000);
});
