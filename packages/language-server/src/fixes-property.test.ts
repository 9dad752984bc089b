// Property: applying any quick fix the server offers (the mechanical `help:` fixes) removes that diagnostic and adds none
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { CodeAction, Diagnostic, TextEdit } from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { LspClient, REPO } from "./testing/client.ts";

/** Real content files with references. */
const FILES = ["conditions", "maneuvers"].flatMap((folder) =>
  readdirSync(join(REPO, "content", folder))
    .filter((file) => file.endsWith(".json"))
    .sort()
    .slice(0, 8)
    .map((file) => `content/${folder}/${file}`),
);
const text = new Map(FILES.map((file) => [file, readFileSync(join(REPO, file), "utf8")]));
type Span = { start: number; end: number };
/** Where each reference's part matched by `pattern`'s first group starts and ends, per file with at least one. */
const spansOf = (pattern: RegExp) =>
  new Map(
    FILES.map((file): [string, Span[]] => [
      file,
      [...(text.get(file) as string).matchAll(pattern)].map((match) => ({
        start: (match.index as number) + 2,
        end: (match.index as number) + 2 + (match[1] as string).length,
      })),
    ]).filter(([, spans]) => spans.length > 0),
  );
/** The injected faults: one letter dropped from a reference's name, or from its `kind:` qualifier. */
const FAULTS = [
  [
    "a letter dropped from a reference's name (the did-you-mean fix)",
    spansOf(/\[\[([A-Z][A-Za-z]{3,})[\]|]/g),
    4,
  ],
  ["a letter dropped from a `kind:` qualifier (the kind fix)", spansOf(/\[\[([a-z][a-z-]{3,}):/g), 2],
] as const;
const usable = [...new Set(FAULTS.flatMap(([, spans]) => [...spans.keys()]))];

let client: LspClient;
beforeAll(async () => {
  client = new LspClient(REPO);
  await client.initialize();
  for (const file of usable) {
    await client.open(file);
    await client.diagnosticsFor(file);
  }
});
afterAll(() => client.close());

const key = (diagnostic: Diagnostic) => `${diagnostic.code ?? ""} ${diagnostic.message}`;
const apply = (source: string, edits: TextEdit[]) =>
  TextDocument.applyEdits(TextDocument.create("", "json", 0, source), edits);

it.each(FAULTS)(
  "every offered fix removes its diagnostic and adds none: %s (fixed seed)",
  async (_fault, spansByFile, minimumFiles) => {
    const files = [...spansByFile.keys()];
    expect(files.length).toBeGreaterThanOrEqual(minimumFiles);
    let applied = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: files.length - 1 }),
        fc.nat(),
        fc.nat(),
        async (fileIndex, spanIndex, dropAt) => {
          const file = files[fileIndex] as string;
          const original = text.get(file) as string;
          const spans = spansByFile.get(file) ?? [];
          const span = spans[spanIndex % spans.length] as Span;
          const cut = span.start + 1 + (dropAt % (span.end - span.start - 1));
          const faulty = original.slice(0, cut) + original.slice(cut + 1);
          try {
            await client.change(file, faulty);
            const before = await client.diagnosticsFor(file);
            const actions = await client.request<CodeAction[]>("textDocument/codeAction", {
              textDocument: { uri: client.uri(file) },
              range: before[0]?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
              context: { diagnostics: before },
            });
            for (const action of actions) {
              const fixedDiagnostic = action.diagnostics?.[0] as Diagnostic;
              const edits = action.edit?.changes?.[client.uri(file)] ?? [];
              expect(Object.keys(action.edit?.changes ?? {})).toEqual([client.uri(file)]);
              await client.change(file, apply(faulty, edits));
              const after = (await client.diagnosticsFor(file)).map(key);
              const expected = before.map(key);
              expect(expected).toContain(key(fixedDiagnostic));
              expected.splice(expected.indexOf(key(fixedDiagnostic)), 1);
              for (const message of after) {
                const at = expected.indexOf(message);
                expect(at, `${file}: ${action.title} left or added ${message}`).toBeGreaterThanOrEqual(0);
                expected.splice(at, 1);
              }
              applied++;
            }
          } finally {
            await client.change(file, original);
            await client.diagnosticsFor(file);
          }
        },
      ),
      { seed: 13, numRuns: 25 },
    );
    expect(applied).toBeGreaterThan(10);
  },
  240_000,
);
