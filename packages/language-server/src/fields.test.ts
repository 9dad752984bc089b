// JSON field completion and hover in an entry file, from its kind's schema, over stdio: keys, closed-set values, types
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CompletionItem, CompletionList, Hover } from "vscode-languageserver";
import { LspClient, REPO } from "./testing/client.ts";

const HINDERED = "content/conditions/hindered.json";
const TEXT = readFileSync(join(REPO, HINDERED), "utf8");
let client: LspClient;
beforeAll(async () => {
  client = new LspClient(REPO);
  await client.initialize();
  await client.open(HINDERED);
});
afterAll(() => client.close());

/** Puts the buffer's text (`|` marks the cursor, and is left out) and answers the cursor's position. */
async function at(marked: string): Promise<{ line: number; character: number }> {
  const offset = marked.indexOf("|");
  const text = marked.replace("|", "");
  await client.change(HINDERED, text);
  const before = text.slice(0, offset).split("\n");
  return { line: before.length - 1, character: (before.at(-1) as string).length };
}

const complete = async (marked: string) =>
  client.request<CompletionList | null>("textDocument/completion", {
    textDocument: { uri: client.uri(HINDERED) },
    position: await at(marked),
  });

const hover = async (marked: string) =>
  client.request<Hover | null>("textDocument/hover", {
    textDocument: { uri: client.uri(HINDERED) },
    position: await at(marked),
  });

const labels = (list: CompletionList | null) => list?.items.map((item: CompletionItem) => item.label);

it("completes the field names the entry does not write yet, with their type and description", async () => {
  // a key begun with a quote that is not closed yet: what follows it is still read as the entry's keys
  const list = await complete(TEXT.replace('  "status"', '  "|\n  "status"'));
  expect(labels(list)).toEqual(["aliases", "missing", "typeOf", "d6", "parameter", "special"]);
  expect(list?.items[3]).toEqual({
    label: "d6",
    kind: 10, // Property
    detail: "integer (optional)",
    documentation: {
      kind: "plaintext",
      value:
        "The 1d6 result that inflicts this condition on the table it comes from (ch. 21 Affliction table)",
    },
    sortText: "008",
    // after the opening quote: the word typed is what the editor filters the items with
    textEdit: {
      range: { start: { line: 8, character: 3 }, end: { line: 8, character: 3 } },
      newText: 'd6": ',
    },
  });
  // a closed quote, in a nested object: the source's fields it does not write
  const nested = await complete(TEXT.replace('"book": "core-rules",', '"book": "core-rules",\n    "se|",'));
  expect(nested?.items.map((item) => [item.label, item.detail, item.textEdit?.newText])).toEqual([
    ["section", "string (optional)", 'section": '],
  ]);
  expect(nested?.items[0]?.textEdit).toMatchObject({
    range: { start: { line: 6, character: 5 }, end: { line: 6, character: 8 } },
  });
});

it("completes a closed set's values, across the schema's branches, leaving out what an array holds", async () => {
  const status = await complete(TEXT.replace('"status": "complete"', '"status": "|"'));
  expect(labels(status)).toEqual(["complete", "incomplete"]);
  expect(status?.items[1]?.textEdit).toEqual({
    range: { start: { line: 8, character: 13 }, end: { line: 8, character: 14 } },
    newText: 'incomplete"',
  });
  const attributes = await complete(TEXT.replace('"AGI"', '"AGI", |'));
  expect(attributes?.items.map((item) => item.textEdit?.newText)).toEqual([
    '"REA"',
    '"INS"',
    '"PRE"',
    '"LUCK"',
  ]);
  expect(labels(await complete(TEXT.replace('"AGI"', '"AGI", "P|"')))).toEqual(["REA", "INS", "PRE", "LUCK"]);
  expect(labels(await complete(TEXT.replace('"type": "roll-to-clear"', '"type": |')))).toEqual([
    "auto-clear",
    "roll-to-clear",
    "persistent",
  ]);
  // an open field's value has nothing to offer; prose still completes its references
  expect(await complete(TEXT.replace('"name": "Hindered"', '"name": "Hin|dered"'))).toBeNull();
  expect(labels(await complete(TEXT.replace("[[SPD]]", "[[Impai|")))).toContain("Impaired");
});

it("hovers a key with its type and description", async () => {
  const stackable = await hover(TEXT.replace('"stackable"', '"stack|able"'));
  expect(stackable).toEqual({
    contents: {
      kind: "markdown",
      value:
        '```ts\nstackable: false | object | "unlimited"\n```\n\nWhether the condition stacks, written Condition N: false, { "max": N } or "unlimited" (ch. 22)',
    },
    range: { start: { line: 9, character: 2 }, end: { line: 9, character: 13 } },
  });
  expect((await hover(TEXT.replace('"attributes"', '"attr|ibutes"')))?.contents).toEqual({
    kind: "markdown",
    value:
      '```ts\nattributes: ("POW" | "AGI" | "REA" | "INS" | "PRE" | "LUCK")[]\n```\n\nThe attribute(s) the book names, in its order: "roll-to-clear (POW or AGI)" lists POW and AGI',
  });
  expect((await hover(TEXT.replace('"status"', '"sta|tus"')))?.contents).toEqual({
    kind: "markdown",
    value:
      '```ts\nstatus: "complete" | "incomplete"\n```\n\ncomplete: everything the entry needs is in the source; incomplete: list what is lost in `missing`',
  });
  // a value, and a key the schema does not know, have no field to describe
  expect(await hover(TEXT.replace('"Hindered"', '"Hind|ered"'))).toBeNull();
  expect(
    await hover(TEXT.replace('"stackable"', '"stackabel"').replace('"stackabel"', '"stack|abel"')),
  ).toBeNull();
});
