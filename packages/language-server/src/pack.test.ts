// The server on a homebrew pack folder: its entries are linted as the pack linter lints them, against the core
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { LspClient, REPO } from "./testing/client.ts";

/** The rule page every `references` diagnostic links (`codeDescription`): the checkout's own file. */
const REFERENCES_DOCS = pathToFileURL(join(REPO, "packages/lint/docs/rules/references.md")).href;

const PACK = join(REPO, "examples/homebrew");
const FILE = "content/conditions/smouldering.json";

let client: LspClient;
beforeAll(async () => {
  client = new LspClient(PACK);
  await client.initialize();
});
afterAll(() => client.close());

it("publishes a pack entry's diagnostics as you type, with the core's names in the did-you-mean", async () => {
  const text = readFileSync(join(PACK, FILE), "utf8");
  await client.open(FILE);
  expect(await client.diagnosticsFor(FILE)).toEqual([]);
  await client.change(FILE, text.replace("[[", "[[Hindred]] [["));
  expect(await client.diagnosticsFor(FILE)).toEqual([
    {
      range: { start: { line: 13, character: 45 }, end: { line: 13, character: 56 } },
      severity: 1,
      code: "references",
      source: "momenta",
      codeDescription: { href: REFERENCES_DOCS },
      message: "`[[Hindred]]` does not match any entry or chapter\nhelp: did you mean `[[Hindered]]`",
      // the rule's fix of its help, in the diagnostic: the range it replaces and the text
      data: {
        ruleId: "references",
        messageId: "missing",
        fix: {
          range: { start: { line: 13, character: 45 }, end: { line: 13, character: 56 } },
          text: "[[Hindered]]",
        },
      },
    },
  ]);
  // the author's file is untouched: the loader read the edit from the server's memory
  expect(readFileSync(join(PACK, FILE), "utf8")).toBe(text);
});

it("refuses to rename a core entry from a pack, so the core's files are never edited", async () => {
  const text = readFileSync(join(PACK, FILE), "utf8");
  await client.open(FILE);
  const offset = text.indexOf("[[Fire]]") + 3;
  const before = text.slice(0, offset).split("\n");
  const position = { line: before.length - 1, character: (before.at(-1) as string).length };
  const textDocument = { uri: client.uri(FILE) };
  const refusal = "`Fire` belongs to the core rules; a pack renames only its own entries";
  await expect(client.request("textDocument/prepareRename", { textDocument, position })).rejects.toThrow(
    refusal,
  );
  await expect(
    client.request("textDocument/rename", { textDocument, position, newName: "Flame" }),
  ).rejects.toThrow(refusal);
});

it("keeps publishing a pack's patch diagnostics after a content buffer is edited (issue 24)", async () => {
  const pack = mkdtempSync(join(tmpdir(), "momenta-lsp-patch-"));
  cpSync(PACK, pack, { recursive: true });
  const patch = "patches/condition/hindered.json";
  mkdirSync(join(pack, "patches/condition"), { recursive: true });
  writeFileSync(join(pack, patch), '{ "stackable": { "max": "three" } }\n');
  const patched = new LspClient(pack);
  try {
    await patched.initialize();
    await patched.open(FILE);
    const before = await patched.diagnosticsFor(patch, (list) => list.length > 0);
    expect(before.map((d) => d.code)).toEqual(["schema"]);
    const text = readFileSync(join(pack, FILE), "utf8");
    // two edits: the second's diagnostics come after anything the first one's re-lint published
    await patched.change(FILE, `${text} `);
    await patched.diagnosticsFor(FILE);
    await patched.change(FILE, `${text}  `);
    await patched.diagnosticsFor(FILE);
    expect(patched.diagnostics.get(patched.uri(patch))).toEqual(before);
  } finally {
    await patched.close();
    rmSync(pack, { recursive: true, force: true });
  }
});
