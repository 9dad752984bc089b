// `momenta --version` prints the package's version, in-process and from the installed command
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { run } from "./main.ts";
import { VERSION } from "./version.ts";

const manifest = JSON.parse(readFileSync(join(import.meta.dirname, "../package.json"), "utf8")) as {
  version: string;
};

describe("momenta --version", () => {
  it.each(["--version", "-v"])("%s prints the package version and exits 0", (flag) => {
    let stdout = "";
    let stderr = "";
    const code = run([flag], { cwd: ".", stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
    expect({ code, stdout, stderr }).toEqual({ code: 0, stdout: `${manifest.version}\n`, stderr: "" });
    expect(VERSION).toBe(manifest.version);
  });

  it("works from bin/momenta.mjs too", () => {
    const result = spawnSync(
      process.execPath,
      [join(import.meta.dirname, "../bin/momenta.mjs"), "--version"],
      {
        encoding: "utf8",
        env: { ...process.env, MOMENTA_NO_BUNDLE: "1" },
      },
    );
    expect({ status: result.status, stdout: result.stdout, stderr: result.stderr }).toEqual({
      status: 0,
      stdout: `${manifest.version}\n`,
      stderr: "",
    });
  });
});
