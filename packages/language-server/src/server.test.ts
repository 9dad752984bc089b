// The server over stdio on the real content: diagnostics as you type and completion inside `[[`
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompletionList } from "vscode-languageserver";
import { LspClient, REPO } from "./testing/client.ts";

/** The rule page every `references` diagnostic links (`codeDescription`): the checkout's own file. */
const REFERENCES_DOCS = pathToFileURL(join(REPO, "packages/lint/docs/rules/references.md")).href;

const HINDERED = "content/conditions/hindered.json";
const CHAPTER = "content/rules/22-conditions-and-states.mdx";
const read = (file: string) => readFileSync(join(REPO, file), "utf8");

/** Line and character of the end of the first `needle` in `text`. */
function after(text: string, needle: string): { line: number; character: number } {
  const at = text.indexOf(needle) + needle.length;
  const before = text.slice(0, at).split("\n");
  return { line: before.length - 1, character: (before.at(-1) as string).length };
}

let client: LspClient;
beforeAll(async () => {
  client = new LspClient(REPO);
  await client.initialize();
});
afterAll(() => client.close());

describe("diagnostics as you type", () => {
  it("publishes none for a clean entry, then the CLI's rule, message, help and range after a change", async () => {
    await client.open(HINDERED);
    expect(await client.diagnosticsFor(HINDERED)).toEqual([]);
    await client.change(HINDERED, read(HINDERED).replace("[[maneuver:Shift]]", "[[maneuver:Zzzzz]]"));
    expect(await client.diagnosticsFor(HINDERED)).toEqual([
      {
        range: { start: { line: 17, character: 155 }, end: { line: 17, character: 173 } },
        severity: 1,
        code: "references",
        source: "momenta",
        codeDescription: { href: REFERENCES_DOCS },
        message:
          "`[[maneuver:Zzzzz]]`: no maneuver is named `Zzzzz`\nhelp: check the spelling; the maneuver entries are `Basic Attack`, `Cast a Spell`, `Catch Your Breath`, `Come Back to Me!`, `Detect Magic` and 16 more",
        data: { ruleId: "references", messageId: "missing-in-kind" },
      },
    ]);
    await client.change(HINDERED, read(HINDERED));
    expect(await client.diagnosticsFor(HINDERED)).toEqual([]);
  });

  it("checks an MDX chapter the same way, with the did-you-mean help", async () => {
    await client.open(CHAPTER);
    await client.change(CHAPTER, read(CHAPTER).replace("[[Faltering]]", "[[Falterng]]"));
    expect(await client.diagnosticsFor(CHAPTER, (list) => list.length > 0)).toEqual([
      {
        range: { start: { line: 22, character: 62 }, end: { line: 22, character: 74 } },
        severity: 1,
        code: "references",
        source: "momenta",
        codeDescription: { href: REFERENCES_DOCS },
        message: "`[[Falterng]]` does not match any entry or chapter\nhelp: did you mean `[[Faltering]]`",
        data: {
          ruleId: "references",
          messageId: "missing",
          fix: {
            range: { start: { line: 22, character: 62 }, end: { line: 22, character: 74 } },
            text: "[[Faltering]]",
          },
        },
      },
    ]);
    await client.change(CHAPTER, read(CHAPTER));
    expect(await client.diagnosticsFor(CHAPTER)).toEqual([]);
  });
});

describe("completion inside [[", () => {
  const completeAt = async (text: string, needle: string) => {
    await client.change(HINDERED, text);
    return client.request<CompletionList | null>("textDocument/completion", {
      textDocument: { uri: client.uri(HINDERED) },
      position: after(text, needle),
    });
  };

  it("offers a condition's stacks up to its cap with each required damage type, never the bare name", async () => {
    const text = read(HINDERED).replace("[[SPD]]", "[[Wracked 3 (F");
    const list = await completeAt(text, "[[Wracked 3 (F");
    expect(list?.items.map((item) => [item.label, item.detail])).toEqual([
      ["Wracked 3 (Fire)", "condition · condition/wracked"],
    ]);
    const range = { start: after(text, "Your [["), end: after(text, "[[Wracked 3 (F") };
    expect(list?.items[0]?.textEdit).toEqual({ range, newText: "Wracked 3 (Fire)]]" });
  });

  it("offers stacks up to the cap for a condition without a parameter, and names by prefix", async () => {
    const list = await completeAt(read(HINDERED).replace("[[SPD]]", "[[Impai"), "[[Impai");
    // `[[Impaired]]` opens the condition: its glossary term is offered with its kind, never as a second `Impaired`
    expect(list?.items.map((item) => [item.label, item.detail])).toEqual([
      ["Impaired", "condition · condition/impaired"],
      ["Impaired 1", "condition · condition/impaired"],
      ["Impaired 2", "condition · condition/impaired"],
      ["Impaired 3", "condition · condition/impaired"],
      ["glossary:Impaired", "glossary · glossary/impaired"],
    ]);
    expect(list?.items.at(-1)).toMatchObject({
      filterText: "Impaired",
      textEdit: { newText: "glossary:Impaired]]" },
    });
  });

  it("lists no label twice: every item inserts a link that opens what its detail names", async () => {
    for (const typed of ["[[Hind", "[[Vuln", "[[Defl", "[["]) {
      const list = await completeAt(read(HINDERED).replace("[[SPD]]", typed), typed);
      const labels = list?.items.map((item) => item.label) ?? [];
      expect(labels.length).toBeGreaterThan(0);
      expect(labels.length, typed).toBe(new Set(labels).size);
    }
    const deflect = await completeAt(read(HINDERED).replace("[[SPD]]", "[[Defl"), "[[Defl");
    expect(deflect?.items.map((item) => item.label)).toEqual([
      "glossary:Deflect",
      "reaction:Deflect",
      "tag:Deflect",
    ]);
  });

  it("offers `kind:` qualifiers and, after one, only that kind's names", async () => {
    const kinds = await completeAt(read(HINDERED).replace("[[SPD]]", "[[mane"), "[[mane");
    expect(kinds?.items.map((item) => [item.label, item.detail])).toEqual([
      ["maneuver:", "kind"],
      ["Maneuver", "glossary · glossary/maneuver"],
      ["Maneuvers and Reactions", "chapter/maneuvers-and-reactions"],
    ]);
    const text = read(HINDERED).replace("[[SPD]]", "[[maneuver:Sh");
    const names = await completeAt(text, "[[maneuver:Sh");
    expect(names?.items.map((item) => [item.label, item.detail])).toEqual([
      ["Shake It Off", "maneuver/shake-it-off"],
      ["Shift", "maneuver/shift"],
      ["Shove", "maneuver/shove"],
    ]);
    expect(names?.items[0]?.textEdit).toMatchObject({ range: { start: after(text, "[[maneuver:") } });
  });

  it("offers a chapter's heading anchors after #", async () => {
    const text = read(HINDERED).replace("[[SPD]]", "[[chapter:Conditions and States#st");
    const list = await completeAt(text, "#st");
    expect(list?.items.map((item) => item.label)).toEqual(["stacking"]);
  });

  it("answers nothing outside a reference", async () => {
    expect(await completeAt(read(HINDERED), '"name": "Hin')).toBeNull();
  });
});
