// Document symbols (a chapter's headings, an entry's fields) and workspace symbols over stdio, on the real content
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DocumentSymbol, SymbolInformation } from "vscode-languageserver";
import { LspClient, REPO } from "./testing/client.ts";

const HINDERED = "content/conditions/hindered.json";
const CHAPTER = "content/rules/20-attacking.mdx";
let client: LspClient;
beforeAll(async () => {
  client = new LspClient(REPO);
  await client.initialize();
});
afterAll(() => client.close());

/** A symbol tree as `name` lines, children indented, with where each one's name is. */
const outline = (symbols: DocumentSymbol[], depth = 0): string[] =>
  symbols.flatMap((symbol) => [
    `${"  ".repeat(depth)}${symbol.name} @${symbol.selectionRange.start.line + 1}`,
    ...outline(symbol.children ?? [], depth + 1),
  ]);

it("lists an entry's fields in file order, nested fields below theirs", async () => {
  await client.open(HINDERED);
  const symbols = await client.request<DocumentSymbol[]>("textDocument/documentSymbol", {
    textDocument: { uri: client.uri(HINDERED) },
  });
  expect(outline(symbols)).toEqual([
    "$schema @2",
    "id @3",
    "name @4",
    "source @5",
    "  book @6",
    "  chapter @7",
    "status @9",
    "stackable @10",
    "clear @11",
    "  type @12",
    "  attributes @13",
    "effect @18",
  ]);
  expect(symbols[2]).toMatchObject({ name: "name", detail: "Hindered", kind: 8 });
});

it("lists a chapter's headings as a tree, each spanning its section", async () => {
  await client.open(CHAPTER);
  const symbols = await client.request<DocumentSymbol[]>("textDocument/documentSymbol", {
    textDocument: { uri: client.uri(CHAPTER) },
  });
  expect(outline(symbols)).toEqual([
    "Melee vs. Ranged Attacks @25",
    "  Line of Sight @41",
    "  Cover @50",
    "Hit Locations @58",
    "Damage Types @74",
    "  Resistance and Weakness @80",
    "Area Attacks @117",
  ]);
  // a section ends where the next heading of its depth begins
  const [first, second] = symbols;
  expect(first?.range.end).toEqual(second?.range.start);
  expect(first?.children?.[0]).toMatchObject({ detail: "#line-of-sight" });
});

it("finds any entry or chapter by name, exact names first, each at its definition", async () => {
  const symbols = await client.request<SymbolInformation[]>("workspace/symbol", { query: "hinder" });
  expect(symbols.map((symbol) => [symbol.name, symbol.containerName])).toEqual([
    ["Hindered", "condition · condition/hindered"],
    ["Hindered", "glossary · glossary/hindered"],
  ]);
  expect(symbols[0]?.location).toEqual({
    uri: client.uri(HINDERED),
    range: { start: { line: 3, character: 10 }, end: { line: 3, character: 20 } },
  });
  const words = await client.request<SymbolInformation[]>("workspace/symbol", { query: "shape fight" });
  expect(words.map((symbol) => symbol.name)).toEqual(["The Shape of a Fight"]);
});
