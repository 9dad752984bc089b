// `momenta lsp` without `--stdio` is a usage error: the server speaks only over stdio
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { expect, it } from "vitest";
import { USAGE } from "./index.ts";
import { REPO } from "./testing/client.ts";

it("prints the usage and exits 2 without --stdio", () => {
  const cli = join(REPO, "packages/language-server/src/main.ts");
  const result = spawnSync(process.execPath, ["--import", "tsx", cli, "lsp"], {
    cwd: REPO,
    encoding: "utf8",
  });
  expect([result.status, result.stdout, result.stderr]).toEqual([2, "", USAGE]);
});
