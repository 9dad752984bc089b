// The server applies the lint configuration: a pack's severities in the editor, and the file's own mistakes shown in it
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { LspClient, REPO } from "./testing/client.ts";

const FILE = "content/conditions/smouldering.json";
const CONFIG = '{\n  "rules": {\n    "references": "warn",\n    "untrusted-prose": "off"\n  }\n}\n';
let pack: string;
let client: LspClient;

beforeAll(async () => {
  pack = mkdtempSync(join(tmpdir(), "momenta-lsp-config-"));
  cpSync(join(REPO, "examples/homebrew"), pack, { recursive: true });
  writeFileSync(join(pack, "momenta.config.json"), CONFIG);
  client = new LspClient(pack);
  await client.initialize();
});
afterAll(async () => {
  await client.close();
  rmSync(pack, { recursive: true, force: true });
});

it("reports a broken reference as the configuration says (a warning), and the refused safety rule in the file", async () => {
  const text = readFileSync(join(pack, FILE), "utf8");
  await client.open(FILE);
  await client.change(FILE, text.replace("[[", "[[Hindred]] [["));
  const [reference] = await client.diagnosticsFor(FILE, (list) => list.length > 0);
  expect([reference?.code, reference?.severity, reference?.message]).toEqual([
    "references",
    2, // Warning: the configuration's `"references": "warn"`
    "`[[Hindred]]` does not match any entry or chapter\nhelp: did you mean `[[Hindered]]`",
  ]);
  const config = await client.diagnosticsFor("momenta.config.json", (list) => list.length > 0);
  expect(config.map((d) => [d.code, d.severity, d.range.start, d.message])).toEqual([
    [
      "config",
      1,
      { line: 3, character: 4 },
      "a pack's configuration cannot change `untrusted-prose`: it keeps a pack's text inert wherever it is read\nhelp: remove `untrusted-prose` from `rules`; its diagnostics stay as the rule reports them",
    ],
  ]);
});
