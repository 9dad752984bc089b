// Hover, definition, references, rename and quick fixes over stdio, on the real content
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CodeAction, Diagnostic, Hover, Location, TextEdit, WorkspaceEdit } from "vscode-languageserver";
import { TextDocument } from "vscode-languageserver-textdocument";
import { LspClient, REPO } from "./testing/client.ts";

const HINDERED = "content/conditions/hindered.json";
const SHIFT = "content/maneuvers/shift.json";
const IGNIS = "content/resonances/ignis.json";
const read = (file: string) => readFileSync(join(REPO, file), "utf8");
/** A URI's path below the repository. */
const relative = (uri: string) => uri.slice(client.uri("").length + 1);

/** Position of the character `inside` characters into the first `needle` of `text`. */
function at(text: string, needle: string, inside = 3): { line: number; character: number } {
  const before = text.slice(0, text.indexOf(needle) + inside).split("\n");
  return { line: before.length - 1, character: (before.at(-1) as string).length };
}

let client: LspClient;
const textDocument = () => ({ uri: client.uri(HINDERED) });
const onShift = () => at(read(HINDERED), "[[maneuver:Shift]]");
beforeAll(async () => {
  client = new LspClient(REPO);
  await client.initialize();
  await client.open(HINDERED);
  await client.diagnosticsFor(HINDERED);
});
afterAll(() => client.close());

describe("reading references", () => {
  it("hovers with the site's preview card text and the reference's range", async () => {
    const hover = await client.request<Hover>("textDocument/hover", {
      textDocument: textDocument(),
      position: onShift(),
    });
    expect(hover).toEqual({
      contents: {
        kind: "plaintext",
        value:
          "Shift\n\nManeuver\n\nThe maneuvers for moving your speed and for stepping one square.\n\nIncomplete in the source",
      },
      range: { start: { line: 17, character: 155 }, end: { line: 17, character: 173 } },
    });
  });

  it("goes to the entry's file, at its name", async () => {
    const location = await client.request<Location>("textDocument/definition", {
      textDocument: textDocument(),
      position: onShift(),
    });
    expect(location).toEqual({
      uri: client.uri(SHIFT),
      range: { start: { line: 3, character: 10 }, end: { line: 3, character: 17 } },
    });
  });

  it("goes to the heading an `#anchor` names, not the chapter's first line", async () => {
    const chapter = "content/rules/20-attacking.mdx";
    await client.open(chapter);
    const location = await client.request<Location>("textDocument/definition", {
      textDocument: { uri: client.uri(chapter) },
      position: at(read(chapter), "[[chapter:Attacking#line-of-sight"),
    });
    expect(location).toEqual({
      uri: client.uri(chapter),
      range: { start: { line: 40, character: 0 }, end: { line: 40, character: 17 } },
    });
  });

  it("finds every reference through the graph's referrers, and the declaration when asked", async () => {
    const params = { textDocument: textDocument(), position: onShift() };
    const uses = await client.request<Location[]>("textDocument/references", {
      ...params,
      context: { includeDeclaration: false },
    });
    expect(uses.map((use) => [relative(use.uri), use.range.start.line, use.range.start.character])).toEqual([
      ["content/conditions/grabbed.json", 19, 114],
      ["content/conditions/hindered.json", 17, 155],
      ["content/conditions/reckless.json", 15, 107],
      ["content/limit-breaks/golden-hour.json", 14, 100],
      ["content/rules/19-maneuvers-and-reactions.mdx", 18, 40],
      ["content/rules/19-maneuvers-and-reactions.mdx", 22, 121],
      ["content/rules/19-maneuvers-and-reactions.mdx", 27, 82],
      ["content/rules/19-maneuvers-and-reactions.mdx", 44, 156],
    ]);
    const withDeclaration = await client.request<Location[]>("textDocument/references", {
      ...params,
      context: { includeDeclaration: true },
    });
    expect(withDeclaration[0]?.uri).toBe(client.uri(SHIFT));
    expect(withDeclaration.length).toBe(uses.length + 1);
  });
});

describe("references beyond links", () => {
  it("counts a chapter's `<StatBlock id>` of the entry among its references", async () => {
    const uses = await client.request<Location[]>("textDocument/references", {
      textDocument: textDocument(),
      position: at(read(HINDERED), '"name": "Hindered"', 12),
      context: { includeDeclaration: false },
    });
    const chapter = "content/rules/22-conditions-and-states.mdx";
    const line = read(chapter).split("\n").indexOf('<StatBlock id="condition/hindered" />');
    expect(line).toBeGreaterThan(0);
    expect(uses.filter((use) => relative(use.uri) === chapter && use.range.start.line === line)).toEqual([
      {
        uri: client.uri(chapter),
        range: {
          start: { line, character: 0 },
          end: { line, character: '<StatBlock id="condition/hindered" />'.length },
        },
      },
    ]);
  });
});

describe("rename", () => {
  it("rewrites every reference, renames the entry and keeps the old name in aliases: nothing breaks", async () => {
    const position = onShift();
    expect(
      await client.request("textDocument/prepareRename", { textDocument: textDocument(), position }),
    ).toEqual({
      range: { start: { line: 17, character: 155 }, end: { line: 17, character: 173 } },
      placeholder: "Shift",
    });
    const edit = await client.request<WorkspaceEdit>("textDocument/rename", {
      textDocument: textDocument(),
      position,
      newName: "Sidestep",
    });
    const changes = edit.changes as Record<string, TextEdit[]>;
    expect(changes[client.uri(SHIFT)]).toEqual([
      {
        range: { start: { line: 3, character: 10 }, end: { line: 3, character: 17 } },
        newText: '"Sidestep"',
      },
      {
        range: { start: { line: 3, character: 17 }, end: { line: 3, character: 17 } },
        newText: ',\n  "aliases": ["Shift"]',
      },
    ]);
    expect(changes[client.uri(HINDERED)]).toEqual([
      {
        range: { start: { line: 17, character: 155 }, end: { line: 17, character: 173 } },
        newText: "[[maneuver:Sidestep]]",
      },
    ]);
    // apply the edit as an editor would: every changed file lints clean, and the old name still resolves
    const files = Object.keys(changes).map(relative);
    expect(files.map((file) => [file, changes[client.uri(file)]?.map((change) => change.newText)])).toEqual([
      ["content/conditions/grabbed.json", ["[[maneuver:Sidestep]]"]],
      ["content/conditions/hindered.json", ["[[maneuver:Sidestep]]"]],
      ["content/conditions/reckless.json", ["[[maneuver:Sidestep]]"]],
      ["content/limit-breaks/golden-hour.json", ["[[maneuver:Sidestep|Shift]]"]],
      [
        "content/rules/19-maneuvers-and-reactions.mdx",
        ["[[Sidestep]]", "[[Sidestep]]", "[[Sidestep]]", "[[Sidestep]]"],
      ],
      [SHIFT, ['"Sidestep"', ',\n  "aliases": ["Shift"]']],
    ]);
    // apply the edit as an editor would: each changed file lints exactly as it did before the rename
    const before = new Map<string, unknown>();
    for (const file of files) {
      if (file !== HINDERED) await client.open(file);
      before.set(file, file === HINDERED ? [] : await client.diagnosticsFor(file));
    }
    for (const file of files) {
      const document = TextDocument.create(client.uri(file), "", 0, read(file));
      await client.change(file, TextDocument.applyEdits(document, changes[client.uri(file)] as TextEdit[]));
    }
    // (the renamed entry's own warning names it by its new name, one line lower: the aliases line was added)
    const renamed = (list: Diagnostic[]) =>
      list.map((diagnostic) => ({
        ...diagnostic,
        message: diagnostic.message.replace("`Shift`", "`Sidestep`"),
        range: {
          start: { ...diagnostic.range.start, line: diagnostic.range.start.line + 1 },
          end: { ...diagnostic.range.end, line: diagnostic.range.end.line + 1 },
        },
      }));
    for (const file of files) {
      const expected = file === SHIFT ? renamed(before.get(file) as Diagnostic[]) : before.get(file);
      expect([file, await client.diagnosticsFor(file)]).toEqual([file, expected]);
    }
    expect(
      JSON.parse(
        TextDocument.applyEdits(
          TextDocument.create("", "", 0, read(SHIFT)),
          changes[client.uri(SHIFT)] as TextEdit[],
        ),
      ),
    ).toMatchObject({ name: "Sidestep", aliases: ["Shift"] });
    for (const file of files) await client.change(file, read(file));
  });
});

describe("rename in a chapter", () => {
  const CHAPTER = "content/rules/20-attacking.mdx";
  const prepare = (needle: string, inside = 3) =>
    client.request("textDocument/prepareRename", {
      textDocument: { uri: client.uri(CHAPTER) },
      position: at(read(CHAPTER), needle, inside),
    });
  const said = {
    code: -32803,
    message:
      "a chapter's title is its frontmatter `title` in `content/rules/20-attacking.mdx`: edit it there; links to it by title then need updating",
  };

  it("has nothing to rename in prose or on a heading", async () => {
    await client.open(CHAPTER);
    expect(await prepare("Ranged attacks are tagged")).toBeNull();
    const heading = read(CHAPTER).split("\n")[40] as string;
    expect(heading.startsWith("#")).toBe(true);
    expect(await prepare(heading, heading.length - 2)).toBeNull();
    expect(
      await client.request("textDocument/rename", {
        textDocument: { uri: client.uri(CHAPTER) },
        position: at(read(CHAPTER), "Ranged attacks are tagged"),
        newName: "Other",
      }),
    ).toBeNull();
  });

  it("says where a chapter's title is edited, on the title and on a link to the chapter", async () => {
    await client.open(CHAPTER);
    await expect(prepare('title: "Attacking"', 10)).rejects.toMatchObject(said);
    await expect(prepare("[[chapter:Attacking#line-of-sight")).rejects.toMatchObject(said);
  });
});

describe("rename from an alias", () => {
  const GLOSSARY = "content/glossary/sen-spd-size.json";
  const onSpd = () => at(read(HINDERED), "[[SPD]]");
  const textsOf = (edit: WorkspaceEdit) =>
    Object.entries(edit.changes as Record<string, TextEdit[]>).map(([uri, list]): [string, string] => {
      const file = relative(uri);
      return [file, TextDocument.applyEdits(TextDocument.create("", "", 0, read(file)), list)];
    });

  it("offers the alias under the cursor, and renames that alias and only the links written with it", async () => {
    const position = onSpd();
    expect(
      await client.request("textDocument/prepareRename", { textDocument: textDocument(), position }),
    ).toEqual({
      range: { start: { line: 17, character: 18 }, end: { line: 17, character: 25 } },
      placeholder: "SPD",
    });
    const edit = await client.request<WorkspaceEdit>("textDocument/rename", {
      textDocument: textDocument(),
      position,
      newName: "Speed",
    });
    const changes = edit.changes as Record<string, TextEdit[]>;
    // the one item of `aliases`, where it stands; `[[SEN]]` and `[[SIZE]]` links keep their text
    expect(changes[client.uri(GLOSSARY)]).toEqual([
      { range: { start: { line: 6, character: 4 }, end: { line: 6, character: 9 } }, newText: '"Speed"' },
    ]);
    expect(textsOf(edit)).toEqual([
      [
        "content/conditions/frenzy.json",
        read("content/conditions/frenzy.json").replace("[[SPD]]", "[[Speed]]"),
      ],
      [HINDERED, read(HINDERED).replace("[[SPD]]", "[[Speed]]")],
      [GLOSSARY, read(GLOSSARY).replace('"SPD"', '"Speed"')],
    ]);
  });

  it("from the entry's file, offers the `aliases` item under the cursor", async () => {
    await client.open(GLOSSARY);
    expect(
      await client.request("textDocument/prepareRename", {
        textDocument: { uri: client.uri(GLOSSARY) },
        position: at(read(GLOSSARY), '"SIZE"', 2),
      }),
    ).toEqual({
      range: { start: { line: 7, character: 4 }, end: { line: 7, character: 10 } },
      placeholder: "SIZE",
    });
  });

  it("refuses an alias the entry already has under another of its names", async () => {
    await expect(
      client.request("textDocument/rename", {
        textDocument: textDocument(),
        position: onSpd(),
        newName: "sen",
      }),
    ).rejects.toMatchObject({
      code: -32803,
      message: "`sen` is already a name of `glossary/sen-spd-size`: choose another name for the alias `SPD`",
    });
  });

  it("renaming the `name` leaves links written with an alias alone and keeps the array's layout", async () => {
    await client.open(GLOSSARY);
    const edit = await client.request<WorkspaceEdit>("textDocument/rename", {
      textDocument: { uri: client.uri(GLOSSARY) },
      position: at(read(GLOSSARY), '"name": "SEN', 12),
      newName: "Derived Stats",
    });
    const original = read(GLOSSARY);
    expect(textsOf(edit)).toEqual([
      [
        GLOSSARY,
        original
          .replace('"name": "SEN, SPD, SIZE"', '"name": "Derived Stats"')
          .replace('"SIZE"\n', '"SIZE",\n    "SEN, SPD, SIZE"\n'),
      ],
    ]);
  });
});

describe("rename that moves no link", () => {
  const onName = () => at(read(HINDERED), '"name": "Hindered"', 12);
  const rename = (newName: string) =>
    client.request<WorkspaceEdit>("textDocument/rename", {
      textDocument: textDocument(),
      position: onName(),
      newName,
    });
  /** Each changed file's text after the edit, as an editor applies it. */
  const applied = (edits: Record<string, TextEdit[]>) =>
    Object.entries(edits).map(([uri, list]): [string, string] => {
      const file = relative(uri);
      return [file, TextDocument.applyEdits(TextDocument.create("", "", 0, read(file)), list)];
    });

  it("refuses a name another entry holds, with the protocol's RequestFailed code and who holds it", async () => {
    await expect(rename("Dodge")).rejects.toMatchObject({
      code: -32803,
      message:
        "`Dodge` is already the name of `reaction/dodge`: links to it would change target; choose another name",
    });
    await expect(rename("shake it off")).rejects.toMatchObject({ code: -32803 });
  });

  it("refuses a name the reference syntax would read as a count or a parameter (InvalidParams)", async () => {
    await expect(rename("Held 2")).rejects.toMatchObject({
      code: -32602,
      message:
        "`[[Held 2]]` would not read as the name `Held 2` (a trailing number is a count, `(…)` a parameter, `kind:` a qualifier)",
    });
    await expect(rename("Held (Fast)")).rejects.toMatchObject({ code: -32602 });
    await expect(rename("a|b")).rejects.toMatchObject({ code: -32602 });
  });

  it('escapes a quote where it writes: JSON strings get `\\"`, chapter prose the quote itself', async () => {
    const edit = await rename('Held "Fast"');
    const texts = applied(edit.changes as Record<string, TextEdit[]>);
    expect(texts.length).toBeGreaterThan(3);
    for (const [file, text] of texts) {
      if (!file.endsWith(".json")) {
        expect(text).toContain('[[Held "Fast"');
        continue;
      }
      const data = JSON.parse(text);
      if (file === HINDERED) expect(data).toMatchObject({ name: 'Held "Fast"', aliases: ["Hindered"] });
      else expect(JSON.stringify(data)).toContain('[[Held \\"Fast\\"');
    }
  });

  it("beside a glossary term of the new name, writes both kinds' links qualified and says so", async () => {
    const warnings: string[] = [];
    const listener = client.connection.onNotification("window/showMessage", (params: { message: string }) => {
      warnings.push(params.message);
    });
    const edit = await rename("Guard");
    listener.dispose();
    const said =
      "18 `[[Guard]]` links in 15 files open the glossary term `glossary/guard`: they are written `[[glossary:Guard]]`, and the renamed entry's links `[[condition:Guard]]`, so none changes target";
    expect(warnings).toEqual([said]);
    expect(edit.changeAnnotations).toEqual({
      "keeps a link on its glossary term": {
        label: "keeps a link on its glossary term",
        description: said,
        needsConfirmation: true,
      },
    });
    const changes = edit.documentChanges as {
      textDocument: { uri: string };
      edits: (TextEdit & { annotationId?: string })[];
    }[];
    const edits = changes.flatMap((change) => change.edits);
    expect(edits.filter((one) => one.annotationId).map((one) => one.newText)).toEqual(
      Array.from({ length: 18 }, () => expect.stringMatching(/^\[\[glossary:Guard(\|[^\]]+)?\]\]$/)),
    );
    const own = edits.filter((one) => !one.annotationId && one.newText.startsWith("[["));
    expect(own.length).toBeGreaterThan(0);
    for (const one of own) expect(one.newText).toMatch(/^\[\[condition:Guard(\|[^\]]+)?\]\]$/);
  });
});

describe("quick fixes", () => {
  it("offers the did-you-mean of the help line as an edit, which removes the diagnostic", async () => {
    const text = read(HINDERED).replace("[[SPD]]", "[[Hindred]]");
    await client.change(HINDERED, text);
    const [diagnostic, ...rest] = await client.diagnosticsFor(HINDERED, (list) => list.length > 0);
    expect(rest).toEqual([]);
    const actions = await client.request<CodeAction[]>("textDocument/codeAction", {
      textDocument: textDocument(),
      range: diagnostic?.range,
      context: { diagnostics: [diagnostic] },
    });
    const range = { start: { line: 17, character: 18 }, end: { line: 17, character: 29 } };
    expect(actions).toEqual([
      {
        title: "Replace with `[[Hindered]]`",
        kind: "quickfix",
        diagnostics: [diagnostic],
        isPreferred: true,
        edit: { changes: { [client.uri(HINDERED)]: [{ range, newText: "[[Hindered]]" }] } },
      },
    ]);
    const fixed = TextDocument.applyEdits(TextDocument.create("", "", 0, text), [
      { range, newText: "[[Hindered]]" },
    ]);
    await client.change(HINDERED, fixed);
    expect(await client.diagnosticsFor(HINDERED)).toEqual([]);
  });

  it("offers the rule's stack-cap fix on real content: `[[Wracked 4 (Fire)]]` back to the cap, `[[Wracked 3 (Fire)]]`", async () => {
    const original = read(IGNIS);
    const text = original.replace("[[Wracked 3 (Fire)]]", "[[Wracked 4 (Fire)]]");
    await client.open(IGNIS);
    await client.diagnosticsFor(IGNIS);
    await client.change(IGNIS, text);
    const [diagnostic, ...rest] = await client.diagnosticsFor(IGNIS, (list) => list.length > 0);
    expect(rest).toEqual([]);
    const range = { start: { line: 47, character: 213 }, end: { line: 47, character: 233 } };
    expect(diagnostic).toMatchObject({
      range,
      code: "condition-stacks",
      message:
        "`[[Wracked 4 (Fire)]]`: Wracked stacks to at most 3\nhelp: use at most `[[Wracked 3 (Fire)]]`",
      data: {
        ruleId: "condition-stacks",
        messageId: "over-cap",
        // clamping a count decides the book's rules: a suggestion, which fix-all and `lint --fix` never make
        fix: { range, text: "[[Wracked 3 (Fire)]]", suggestion: true },
      },
    });
    const actions = await client.request<CodeAction[]>("textDocument/codeAction", {
      textDocument: { uri: client.uri(IGNIS) },
      range,
      context: { diagnostics: [diagnostic] },
    });
    expect(actions).toEqual([
      {
        title: "Replace with `[[Wracked 3 (Fire)]]`",
        kind: "quickfix",
        diagnostics: [diagnostic],
        isPreferred: false,
        edit: { changes: { [client.uri(IGNIS)]: [{ range, newText: "[[Wracked 3 (Fire)]]" }] } },
      },
    ]);
    const fixAll = await client.request<CodeAction[]>("textDocument/codeAction", {
      textDocument: { uri: client.uri(IGNIS) },
      range,
      context: { diagnostics: [diagnostic], only: ["source.fixAll"] },
    });
    expect(fixAll).toEqual([]);
    const fixed = TextDocument.applyEdits(TextDocument.create("", "", 0, text), [
      { range, newText: "[[Wracked 3 (Fire)]]" },
    ]);
    expect(fixed).toBe(original);
    await client.change(IGNIS, fixed);
    expect(await client.diagnosticsFor(IGNIS)).toEqual([]);
  });

  it("offers to create the entry `[[maneuver:Xyzzy]]` names: its id and name, incomplete, nothing invented", async () => {
    await client.change(HINDERED, read(HINDERED).replace("[[maneuver:Shift]]", "[[maneuver:Xyzzy]]"));
    const diagnostics = await client.diagnosticsFor(HINDERED, (list) => list.length > 0);
    const actions = await client.request<CodeAction[]>("textDocument/codeAction", {
      textDocument: textDocument(),
      range: diagnostics[0]?.range,
      context: { diagnostics },
    });
    const uri = client.uri("content/maneuvers/xyzzy.json");
    const start = { line: 0, character: 0 };
    expect(actions).toEqual([
      {
        title: "Create `maneuver/xyzzy` (incomplete: its source and fields to copy in)",
        kind: "quickfix",
        diagnostics,
        edit: {
          documentChanges: [
            { kind: "create", uri, options: { ignoreIfExists: true } },
            {
              textDocument: { uri, version: null },
              edits: [
                {
                  range: { start, end: start },
                  newText: `${JSON.stringify(
                    {
                      $schema: "../../packages/schema/json-schema/maneuver.schema.json",
                      id: "maneuver/xyzzy",
                      name: "Xyzzy",
                      status: "incomplete",
                      missing: [
                        "everything but the name: created from a reference, nothing copied from the source yet",
                      ],
                    },
                    null,
                    2,
                  )}\n`,
                },
              ],
            },
          ],
        },
      },
    ]);
    // an unqualified miss says no kind: nothing is created for it
    await client.change(HINDERED, read(HINDERED).replace("[[maneuver:Shift]]", "[[Xyzzy]]"));
    const unqualified = await client.diagnosticsFor(HINDERED, (list) =>
      list.some((d) => d.message.includes("[[Xyzzy]]")),
    );
    expect(
      await client.request<CodeAction[]>("textDocument/codeAction", {
        textDocument: textDocument(),
        range: unqualified[0]?.range,
        context: { diagnostics: unqualified },
      }),
    ).toEqual([]);
    // unless it has a count or a parameter, which only a condition's or a tag's reference takes: one for each
    await client.change(HINDERED, read(HINDERED).replace("[[maneuver:Shift]]", "[[Gloom 2 (Fire)]]"));
    const counted = await client.diagnosticsFor(HINDERED, (list) =>
      list.some((d) => d.message.includes("[[Gloom 2 (Fire)]]")),
    );
    const created = await client.request<CodeAction[]>("textDocument/codeAction", {
      textDocument: textDocument(),
      range: counted[0]?.range,
      context: { diagnostics: counted },
    });
    expect(created.map((action) => [action.title, action.edit?.documentChanges?.[0]])).toEqual([
      [
        "Create `condition/gloom` (incomplete: its source and fields to copy in)",
        {
          kind: "create",
          uri: client.uri("content/conditions/gloom.json"),
          options: { ignoreIfExists: true },
        },
      ],
      [
        "Create `tag/gloom` (incomplete: its source and fields to copy in)",
        { kind: "create", uri: client.uri("content/tags/gloom.json"), options: { ignoreIfExists: true } },
      ],
    ]);
    await client.change(HINDERED, read(HINDERED));
  });
  it("fixes every mechanical problem of a file at once when asked for `source.fixAll`, as `lint --fix` does", async () => {
    const original = read(HINDERED);
    const text = original
      .replace("[[SPD]]", "[[Hindred]]")
      .replace("[[maneuver:Shift]]", "[[maneuvr:Shift]]");
    await client.change(HINDERED, text);
    const diagnostics = await client.diagnosticsFor(HINDERED, (list) => list.length === 2);
    const ask = (only?: string[]) =>
      client.request<CodeAction[]>("textDocument/codeAction", {
        textDocument: textDocument(),
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        context: { diagnostics: [], ...(only && { only }) },
      });
    const [action, ...rest] = await ask(["source.fixAll"]);
    expect(rest).toEqual([]);
    const edits = action?.edit?.changes?.[client.uri(HINDERED)] ?? [];
    expect([action?.title, action?.kind, edits.map((edit) => edit.newText)]).toEqual([
      "Fix 2 problems with their mechanical fixes",
      "source.fixAll.momenta",
      ["[[Hindered]]", "[[maneuver:Shift]]"],
    ]);
    expect(edits.map((edit) => edit.range)).toEqual(
      diagnostics.map((d) => (d.data as { fix: { range: unknown } }).fix.range),
    );
    // `source` asks for it too; a quick-fix request does not get it, nor an unrelated kind
    expect(await ask(["source"])).toEqual([action]);
    expect(await ask(["quickfix"])).toEqual([]);
    expect(await ask(["refactor"])).toEqual([]);
    const fixed = TextDocument.applyEdits(TextDocument.create("", "", 0, text), edits);
    expect(fixed.replace("[[Hindered]]", "[[SPD]]")).toBe(original);
    await client.change(HINDERED, fixed);
    expect(await client.diagnosticsFor(HINDERED)).toEqual([]);
    await client.change(HINDERED, original);
  });
});
