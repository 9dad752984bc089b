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
/** Entry files across the content (sorted), for faults that need references to particular conditions. */
const ENTRY_FILES = readdirSync(join(REPO, "content"), { withFileTypes: true })
  .filter((folder) => folder.isDirectory() && folder.name !== "rules")
  .flatMap((folder) =>
    readdirSync(join(REPO, "content", folder.name))
      .filter((file) => file.endsWith(".json"))
      .map((file) => `content/${folder.name}/${file}`),
  )
  .sort();
const read = (file: string) => readFileSync(join(REPO, file), "utf8");
/** The conditions as the content defines them: how they stack and whether they take a parameter. */
const CONDITIONS = new Map(
  readdirSync(join(REPO, "content", "conditions"))
    .filter((file) => file.endsWith(".json"))
    .map((file) => JSON.parse(read(`content/conditions/${file}`)))
    .map((data): [string, { stackable: unknown; parameter: unknown }] => [data.name, data]),
);
/** The tags as the content defines them: what each takes after its name. */
const TAGS = new Map(
  readdirSync(join(REPO, "content", "tags"))
    .filter((file) => file.endsWith(".json"))
    .map((file) => JSON.parse(read(`content/tags/${file}`)))
    .map((data): [string, string] => [data.name, data.parameter ?? "none"]),
);
const WEAPONS = ENTRY_FILES.filter((file) => file.startsWith("content/weapons/"));
/** In each weapon file, the names (letters) at the start of the strings of its `field` array that `keep` accepts. */
const namesInArray = (field: string, keep: (name: string, rest: string) => boolean) =>
  new Map(
    WEAPONS.map((file): [string, Span[]] => {
      const source = read(file);
      const spans: Span[] = [];
      for (const array of source.matchAll(new RegExp(`"${field}": \\[[^\\]]*\\]`, "g")))
        for (const item of array[0].matchAll(/"([A-Z][A-Za-z]{3,})([^"]*)"/g))
          if (keep(item[1] as string, item[2] as string)) {
            const start = (array.index as number) + (item.index as number) + 1;
            spans.push({ start, end: start + (item[1] as string).length });
          }
      return [file, spans];
    })
      .filter(([, spans]) => spans.length > 0)
      .slice(0, 8),
  );
const FIRE = JSON.parse(read("content/damage-types/fire.json")).name as string;
type Span = { start: number; end: number };
/** Each file's spans (where a `pattern` match's first group is), for the first eight files with any. */
const spansIn = (
  files: readonly string[],
  pattern: RegExp,
  keep: (match: RegExpMatchArray) => boolean = () => true,
) =>
  new Map(
    files
      .map((file): [string, Span[]] => [
        file,
        [...read(file).matchAll(pattern)].filter(keep).map((match) => {
          const start = (match.index as number) + match[0].indexOf(match[1] as string);
          return { start, end: start + (match[1] as string).length };
        }),
      ])
      .filter(([, spans]) => spans.length > 0)
      .slice(0, 8),
  );
const spansOf = (pattern: RegExp) => spansIn(FILES, pattern);
/** A condition reference: its name (1) and stack count (2) as written. */
const CONDITION_REFERENCE = /\[\[(?:condition:)?([A-Z][A-Za-z]+)(?: (\d+))?(?=[\]|#])/g;
const nameOf = (written: string) => written.replace(/ \d+$/, "");
const condition = (match: RegExpMatchArray) => CONDITIONS.get(match[1] as string);
const capOf = (name: string) => (CONDITIONS.get(name) as { stackable: { max: number } }).stackable.max;
type Inject = (source: string, span: Span, n: number) => string;
const dropLetter: Inject = (source, span, n) => {
  const cut = span.start + 1 + (n % (span.end - span.start - 1));
  return source.slice(0, cut) + source.slice(cut + 1);
};
const replace = (source: string, span: Span, text: string) =>
  source.slice(0, span.start) + text + source.slice(span.end);
/**
 * The injected faults, each the kind of mistake one quick fix repairs: a letter dropped from a reference's name or
 * from its `kind:` qualifier (the references rule's did-you-mean and kind fixes), a stack count raised above the
 * condition's cap, a count on a condition that does not stack, a parameter on a condition that takes none (the
 * condition-stacks rule's fixes, reported with the diagnostic).
 */
/** Each fault: what it is, where it can go, in how many files at least, how, and which fixes (`rule:message`) it needs. */
const FAULTS: ReadonlyArray<readonly [string, Map<string, Span[]>, number, Inject, string]> = [
  [
    "a letter dropped from a reference's name (the did-you-mean fix)",
    spansOf(/\[\[([A-Z][A-Za-z]{3,})[\]|]/g),
    4,
    dropLetter,
    "references:",
  ],
  [
    "a letter dropped from a `kind:` qualifier (the kind fix)",
    spansOf(/\[\[([a-z][a-z-]{3,}):/g),
    2,
    dropLetter,
    "references:",
  ],
  [
    "a condition's stack count raised above its cap (the over-cap fix)",
    spansIn(
      ENTRY_FILES,
      /\[\[(?:condition:)?([A-Z][A-Za-z]+ \d+)(?=[\]|#( ])/g,
      (match) => typeof CONDITIONS.get(nameOf(match[1] as string))?.stackable === "object",
    ),
    3,
    (source, span, n) => {
      const name = nameOf(source.slice(span.start, span.end));
      return replace(source, span, `${name} ${capOf(name) + 1 + (n % 7)}`);
    },
    "condition-stacks:over-cap",
  ],
  [
    "a stack count on a condition that does not stack (the not-stackable fix)",
    spansIn(ENTRY_FILES, CONDITION_REFERENCE, (match) => condition(match)?.stackable === false && !match[2]),
    4,
    (source, span, n) => replace(source, span, `${source.slice(span.start, span.end)} ${2 + (n % 7)}`),
    "condition-stacks:not-stackable",
  ],
  [
    "a parameter on a condition that takes none (the parameter-unexpected fix)",
    spansIn(
      ENTRY_FILES,
      CONDITION_REFERENCE,
      (match) => condition(match) !== undefined && !condition(match)?.parameter && !match[2],
    ),
    4,
    (source, span) => replace(source, span, `${source.slice(span.start, span.end)} (${FIRE})`),
    "condition-stacks:parameter-unexpected",
  ],
  [
    "a letter dropped from a weapon tag's name (the tags did-you-mean fix)",
    namesInArray("tags", (name) => TAGS.has(name)),
    4,
    dropLetter,
    "tags:unknown-tag",
  ],
  [
    "a number on a weapon tag that takes none (the number-unexpected fix)",
    namesInArray("tags", (name, rest) => TAGS.get(name) === "none" && rest === ""),
    4,
    (source, span, n) => replace(source, span, `${source.slice(span.start, span.end)} ${1 + (n % 7)}`),
    "tags:number-unexpected",
  ],
  [
    "a letter dropped from a glossary term's chapter title (the title-mismatch fix)",
    spansIn(
      ENTRY_FILES.filter((file) => file.startsWith("content/glossary/")),
      /"title": "([A-Z][^"]{3,})"/g,
    ),
    4,
    dropLetter,
    "glossary:title-mismatch",
  ],
  [
    "a letter dropped from a weapon's top-level key (the schema's unknown-key did-you-mean fix)",
    spansIn(WEAPONS, /^ {2}"([a-z][A-Za-z]{4,})":/gm),
    4,
    dropLetter,
    "schema:unknown-key",
  ],
  [
    "a letter dropped from a weapon's weight class (the schema's enum did-you-mean fix)",
    spansIn(WEAPONS, /"weightClass": "([A-Za-z]{4,})"/g),
    4,
    dropLetter,
    "schema:enum",
  ],
];
const text = new Map(FAULTS.flatMap(([, spans]) => [...spans.keys()]).map((file) => [file, read(file)]));
const usable = [...text.keys()];

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
  async (_fault, spansByFile, minimumFiles, inject, needed) => {
    const files = [...spansByFile.keys()];
    expect(files.length).toBeGreaterThanOrEqual(minimumFiles);
    let applied = 0;
    /** Fixes of the diagnostic this fault is for: the fault must reach the fix it is meant to test. */
    let ofKind = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.nat({ max: files.length - 1 }),
        fc.nat(),
        fc.nat(),
        async (fileIndex, spanIndex, n) => {
          const file = files[fileIndex] as string;
          const original = text.get(file) as string;
          const spans = spansByFile.get(file) ?? [];
          const span = spans[spanIndex % spans.length] as Span;
          const faulty = inject(original, span, n);
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
              const data = fixedDiagnostic.data as { ruleId: string; messageId: string };
              if (`${data.ruleId}:${data.messageId}`.startsWith(needed)) ofKind++;
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
    expect(ofKind).toBeGreaterThan(10);
  },
  240_000,
);
