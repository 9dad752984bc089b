// A change to momenta.config.json re-applies it in the editor: saved (a client event or the server's own watcher) or unsaved
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Diagnostic } from "vscode-languageserver";
import { LspClient, REPO } from "./testing/client.ts";

const FILE = "content/conditions/hindered.json";
const CONFIG = "momenta.config.json";
const typo = (list: { message: string }[]) => list.some((d) => d.message.includes("[[Hindred]]"));
const config = (rules: object, ignore?: string[]) =>
  `${JSON.stringify({ rules, ...(ignore ? { ignore } : {}) }, null, 2)}\n`;

/** A copy of the core content with a broken link in FILE, open in a client (watching files for the server or not). */
async function start(capabilities: object): Promise<{ root: string; client: LspClient }> {
  const root = mkdtempSync(join(tmpdir(), "momenta-lsp-config-change-"));
  cpSync(join(REPO, "content"), join(root, "content"), { recursive: true });
  const client = new LspClient(root);
  await client.initialize(capabilities);
  const text = readFileSync(join(root, FILE), "utf8").replace("[[SPD]]", "[[Hindred]] [[SPD]]");
  await client.open(FILE, text);
  const [reference] = await client.diagnosticsFor(FILE, typo);
  expect([reference?.code, reference?.severity]).toEqual(["references", 1]);
  return { root, client };
}

const severities = async (client: LspClient, accept: (list: Diagnostic[]) => boolean) =>
  (await client.diagnosticsFor(FILE, accept)).map((d) => [d.code, d.severity]);

describe("a client that sends file events", () => {
  let root: string;
  let client: LspClient;
  beforeAll(async () => {
    ({ root, client } = await start({ workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } }));
  });
  afterAll(async () => {
    await client.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("re-applies a saved configuration's severity when the client says the file changed", async () => {
    writeFileSync(join(root, CONFIG), config({ references: "warn" }));
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", {
      changes: [{ uri: client.uri(CONFIG), type: 1 }],
    });
    expect(await severities(client, (list) => list[0]?.severity === 2)).toEqual([["references", 2]]);
  });

  it("takes an open, unsaved configuration as the configuration, and keeps it while the buffer does not parse", async () => {
    await client.open(CONFIG, config({ references: "off" }));
    expect(await client.diagnosticsFor(FILE, (list) => list.length === 0)).toEqual([]);
    // half-typed JSON: the last configuration that parsed stays applied, the mistake is shown where it is
    await client.change(CONFIG, '{\n  "rules": {\n    "references": "warn",\n');
    const [json] = await client.diagnosticsFor(CONFIG, (list) => list.length > 0);
    expect([json?.code, json?.range.start.line, json?.message.split("\n")[1]]).toEqual([
      "config",
      3,
      "help: fix the JSON; until it parses, the last configuration that did stays applied",
    ]);
    await client.request("workspace/symbol", { query: "Hindered" });
    expect(client.diagnostics.get(client.uri(FILE))).toEqual([]);
    await client.change(CONFIG, config({ references: "error" }));
    expect(await severities(client, typo)).toEqual([["references", 1]]);
    expect(await client.diagnosticsFor(CONFIG, (list) => list.length === 0)).toEqual([]);
    // closed unsaved: the disk's configuration (a warning) again
    await client.connection.sendNotification("textDocument/didClose", {
      textDocument: { uri: client.uri(CONFIG) },
    });
    expect(await severities(client, (list) => list[0]?.severity === 2)).toEqual([["references", 2]]);
  });
});

describe("a client that sends no file events", () => {
  let root: string;
  let client: LspClient;
  beforeAll(async () => {
    ({ root, client } = await start({}));
  });
  afterAll(async () => {
    await client.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("sees a configuration saved behind its back with its own watcher: a severity, then an ignored folder", async () => {
    writeFileSync(join(root, CONFIG), config({ references: "warn" }));
    expect(await severities(client, (list) => list[0]?.severity === 2)).toEqual([["references", 2]]);
    writeFileSync(join(root, CONFIG), config({}, ["content/conditions/**"]));
    expect(await client.diagnosticsFor(FILE, (list) => list.length === 0)).toEqual([]);
    writeFileSync(join(root, CONFIG), config({ reference: "warn" }));
    const [unknown] = await client.diagnosticsFor(CONFIG, (list) => list.length > 0);
    expect([unknown?.code, unknown?.range.start, unknown?.message]).toEqual([
      "config",
      { line: 2, character: 4 },
      "there is no rule `reference`\nhelp: did you mean `references`",
    ]);
    expect(await severities(client, typo)).toEqual([["references", 1]]);
  });
});
