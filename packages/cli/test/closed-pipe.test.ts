// `momenta --help | head` and `momenta export | head`: a reader that closes early ends the CLI quietly, not on EPIPE
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN } from "./cli-child.ts";

const repo = join(import.meta.dirname, "../../..");
const MAIN = join(repo, "packages/cli/src/main.ts");
let cache: string;
beforeAll(() => {
  cache = mkdtempSync(join(tmpdir(), "momenta-pipe-"));
});
afterAll(() => rmSync(cache, { recursive: true, force: true }));

/** Run `<command> | <reader>` in bash with pipefail, so the status is the CLI's own (the reader exits 0). */
function piped(command: string, reader: string, env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync("bash", ["-o", "pipefail", "-c", `${command} | ${reader} > /dev/null`], {
    cwd: repo,
    encoding: "utf8",
    env: { ...process.env, MOMENTA_CACHE_DIR: cache, ...env },
    timeout: 60_000,
  });
  return { status: result.status, stderr: result.stderr };
}

describe("a pipe closed early", () => {
  it.each([
    ["--help | head -1 (bundled CLI)", `node ${BIN} --help`, "head -1", {}],
    ["--help | true (the reader never reads)", `node ${BIN} --help`, "true", {}],
    ["export | head -c 100 (bundled CLI)", `node ${BIN} export`, "head -c 100", {}],
    [
      "export | head -c 100 (sources through tsx)",
      `node ${BIN} export`,
      "head -c 100",
      { MOMENTA_NO_BUNDLE: "1" },
    ],
    ["export | head -c 100 (cli/main.ts)", `node --import tsx ${MAIN} export`, "head -c 100", {}],
  ])("%s exits 0 with nothing on stderr", (_name, command, reader, env) => {
    expect(piped(command, reader, env)).toEqual({ status: 0, stderr: "" });
  });

  it("keeps the exit code of a lint that found errors", () => {
    const fixture = join(repo, "packages/lint/test/fixtures/rules/parse/invalid-json");
    expect(piped(`node ${BIN} lint --root ${fixture}`, "head -c 1")).toEqual({ status: 1, stderr: "" });
  });
});
