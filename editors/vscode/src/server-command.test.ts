// The extension's server command starts the real `momenta lsp --stdio` in the repository, and it answers
import { createRequire } from "node:module";
import { join } from "node:path";
import { LspClient, REPO } from "@momenta/language-server/testing";
import { expect, it } from "vitest";

const require = createRequire(import.meta.url);
const { DOCUMENT_SELECTOR, serverCommand } = require("./server-command.cjs") as {
  DOCUMENT_SELECTOR: unknown[];
  serverCommand(
    folder: string,
    configured?: string,
  ): { command: string; args: string[]; options: { cwd: string } };
};
const manifest = require("../package.json") as { main: string; activationEvents: string[] };

it("starts the workspace's own momenta, or the configured one, with `lsp --stdio`", () => {
  expect(serverCommand(REPO)).toEqual({
    command: join(REPO, "node_modules/.bin/momenta"),
    args: ["lsp", "--stdio"],
    options: { cwd: REPO },
  });
  expect(serverCommand("/nowhere", "/opt/momenta").command).toBe("/opt/momenta");
  expect(serverCommand("/nowhere").command).toBe("momenta");
  expect(DOCUMENT_SELECTOR).toEqual([
    { scheme: "file", language: "json" },
    { scheme: "file", pattern: "**/*.mdx" },
  ]);
  expect(manifest.main).toBe("./dist/extension.cjs");
  expect(manifest.activationEvents).toEqual([
    "workspaceContains:momenta-pack.json",
    "workspaceContains:content/rules",
  ]);
});

it("the command it starts is a language server that initializes on the repository", async () => {
  const { command, args } = serverCommand(REPO);
  const client = new LspClient(REPO, { command, args });
  try {
    const result = await client.initialize();
    expect(result).toMatchObject({ serverInfo: { name: "momenta" }, capabilities: { hoverProvider: true } });
  } finally {
    await client.close();
  }
});
