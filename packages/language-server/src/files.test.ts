// Files created, deleted and closed: a new entry resolves, a deleted one is missing, a closed buffer is dropped
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { LspClient, REPO } from "./testing/client.ts";

const FILE = "content/conditions/smouldering.json";
const NEW = "content/conditions/kindled.json";
let pack: string;
let client: LspClient;

beforeAll(async () => {
  pack = mkdtempSync(join(tmpdir(), "momenta-lsp-test-"));
  cpSync(join(REPO, "examples/homebrew"), pack, { recursive: true });
  client = new LspClient(pack);
  await client.initialize();
});
afterAll(async () => {
  await client.close();
  rmSync(pack, { recursive: true, force: true });
});

const missing = (list: { message: string }[]) => list.some((d) => d.message.includes("[[Kindled]]"));
const watched = (file: string, type: 1 | 3) =>
  client.connection.sendNotification("workspace/didChangeWatchedFiles", {
    changes: [{ uri: client.uri(file), type }],
  });

it("resolves a reference once its entry is created on disk, and reports it again once deleted", async () => {
  const text = readFileSync(join(pack, FILE), "utf8").replace("[[", "[[Kindled]] [[");
  await client.open(FILE, text);
  expect((await client.diagnosticsFor(FILE, missing)).map((d) => d.code)).toEqual(["references"]);
  const entry = JSON.parse(readFileSync(join(pack, FILE), "utf8"));
  entry.id = "condition/ember-court.kindled";
  entry.name = "Kindled";
  writeFileSync(join(pack, NEW), `${JSON.stringify(entry, null, 2)}\n`);
  await watched(NEW, 1);
  expect(await client.diagnosticsFor(FILE, (list) => !missing(list))).toEqual([]);
  rmSync(join(pack, NEW));
  await watched(NEW, 3);
  expect((await client.diagnosticsFor(FILE, missing)).map((d) => d.code)).toEqual(["references"]);
});

it("drops a closed buffer's unsaved text: the file lints as it is on disk", async () => {
  await client.connection.sendNotification("textDocument/didClose", {
    textDocument: { uri: client.uri(FILE) },
  });
  expect(await client.diagnosticsFor(FILE, (list) => !missing(list))).toEqual([]);
});
