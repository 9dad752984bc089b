// `npm start` (scripts/run.mjs start) on content with one error among many warnings: the error is repeated at the end
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const REPO = join(import.meta.dirname, "..");

describe("npm start", () => {
  const root = mkdtempSync(join(tmpdir(), "momenta-start-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("ends with the errors (not the warnings) and builds nothing when the content has an error", () => {
    cpSync(join(REPO, "content"), join(root, "content"), { recursive: true });
    cpSync(join(REPO, "packages/schema/json-schema"), join(root, "packages/schema/json-schema"), {
      recursive: true,
    });
    const file = join(root, "content/weapons/dagger.json");
    writeFileSync(file, readFileSync(file, "utf8").replace("always [[Piercing]]", "always [[Piercng]]"));
    const result = spawnSync(process.execPath, [join(REPO, "scripts/run.mjs"), "start"], {
      cwd: REPO,
      encoding: "utf8",
      env: { ...process.env, MOMENTA_CONTENT_ROOT: root, NO_COLOR: "1" },
      timeout: 240_000,
    });
    expect(result.status).toBe(1);
    const output = `${result.stdout}${result.stderr}`;
    // the full report first (with its warnings), then the error once more after it, and the way out last
    const error = "error[references]: `[[Piercng]]` does not match any entry or chapter";
    const repeat = output.lastIndexOf(error);
    expect(output.indexOf(error)).toBeLessThan(repeat);
    expect(output.slice(0, repeat)).toContain("warning[incomplete]");
    const tail = output.slice(repeat);
    expect(tail).not.toContain("warning[");
    expect(tail).toContain("help: did you mean `[[Piercing]]`");
    expect(tail.trimEnd().split("\n").at(-1)).toBe(
      "✖ `momenta lint` exited with 1: fix the errors above, then `npm start` again",
    );
    expect(output).not.toContain("building the site");
  }, 300_000);
});
