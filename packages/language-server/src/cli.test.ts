// `momenta lsp` in the composed CLI: listed in --help, its own --help, and a usage error without `--stdio`
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { expect, it } from "vitest";
import { USAGE } from "./index.ts";
import { REPO } from "./testing/client.ts";

const cli = join(REPO, "packages/language-server/src/main.ts");
const momenta = (...args: string[]) =>
  spawnSync(process.execPath, ["--import", "tsx", cli, ...args], { cwd: REPO, encoding: "utf8" });

it("prints the usage and exits 2 without --stdio", () => {
  const result = momenta("lsp");
  expect([result.status, result.stdout, result.stderr]).toEqual([2, "", USAGE]);
});

it("prints the usage on stdout and exits 0 when asked with --help or -h", () => {
  for (const flag of ["--help", "-h"]) {
    const result = momenta("lsp", flag);
    expect([result.status, result.stdout, result.stderr]).toEqual([0, USAGE, ""]);
  }
});

it("lists `lsp` in `momenta --help`, between the validator's commands and --version", () => {
  const result = momenta("--help");
  expect(result.status).toBe(0);
  expect(result.stdout).toContain(
    "  momenta init-pack <dir>           scaffold a homebrew pack\n" +
      "  momenta lsp --stdio               the language server for .json and .mdx content (editors start it)\n" +
      "  momenta --version ",
  );
});
