// Completion and hover in momenta.config.json over stdio: its schema's fields, severities, and the registry's rule ids

import { join } from "node:path";
import { PACK_RULES, RULES, SAFETY_RULES } from "@momenta/lint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CompletionList, Hover } from "vscode-languageserver";
import { LspClient, REPO } from "./testing/client.ts";

const CONFIG = "momenta.config.json";

/** A client on `root` with momenta.config.json open (unsaved: never written) at `marked`'s text, `|` the cursor. */
function session(root: string) {
  const client = new LspClient(root);
  let opened = false;
  const at = async (marked: string) => {
    const offset = marked.indexOf("|");
    const text = marked.replace("|", "");
    if (opened) await client.change(CONFIG, text);
    else await client.open(CONFIG, text);
    opened = true;
    const before = text.slice(0, offset).split("\n");
    return { line: before.length - 1, character: (before.at(-1) as string).length };
  };
  const ask = async <T>(method: string, marked: string) =>
    client.request<T>(method, { textDocument: { uri: client.uri(CONFIG) }, position: await at(marked) });
  return {
    client,
    complete: (marked: string) => ask<CompletionList | null>("textDocument/completion", marked),
    hover: (marked: string) => ask<Hover | null>("textDocument/hover", marked),
  };
}

const labels = (list: CompletionList | null) => list?.items.map((item) => item.label);

describe("the core's configuration", () => {
  const { client, complete, hover } = session(REPO);
  beforeAll(() => client.initialize());
  afterAll(() => client.close());

  it("completes the configuration's fields, with their type and description", async () => {
    const list = await complete('{\n  "|"\n}\n');
    expect(labels(list)).toEqual(["$schema", "rules", "ignore"]);
    expect(list?.items[2]).toMatchObject({
      label: "ignore",
      detail: "string[] (optional)",
      documentation: {
        kind: "plaintext",
        value: expect.stringMatching(/^Globs of files \(relative to this file's folder/),
      },
      textEdit: { newText: 'ignore": ' },
    });
    // a field written already is not offered again
    expect(labels(await complete('{\n  "rules": {},\n  "|"\n}\n'))).toEqual(["$schema", "ignore"]);
  });

  it("offers every rule id of the registry as a key of `rules`, with its description, and the severities as values", async () => {
    const list = await complete('{\n  "rules": { "|" }\n}\n');
    const ids = [...new Set(RULES.map((rule) => rule.meta.id))].sort();
    expect(labels(list)).toEqual(ids);
    const references = RULES.find((rule) => rule.meta.id === "references");
    expect(list?.items.find((item) => item.label === "references")).toMatchObject({
      detail: "rule, default error",
      documentation: { kind: "plaintext", value: references?.meta.description },
      textEdit: { newText: 'references": ' },
    });
    // a rule set already is not offered again
    expect(labels(await complete('{\n  "rules": { "references": "off", "| }\n}\n'))).not.toContain(
      "references",
    );
    expect(labels(await complete('{\n  "rules": { "references": "|" }\n}\n'))).toEqual([
      "off",
      "warn",
      "error",
    ]);
  });

  it("hovers a field with its type and description, and a rule id with the severities and the rule's description", async () => {
    const rules = await hover('{\n  "ru|les": { "references": "warn" }\n}\n');
    expect((rules as Hover).contents).toHaveProperty(
      "value",
      expect.stringMatching(
        /^```ts\nrules\?: \{ \[key: string\]: "off" \| "warn" \| "error" \}\n```\n\nSeverity per rule id/,
      ),
    );
    const rule = await hover('{\n  "rules": { "refer|ences": "warn" }\n}\n');
    const description = RULES.find((one) => one.meta.id === "references")?.meta.description;
    expect(rule?.contents).toEqual({
      kind: "markdown",
      value: `\`\`\`ts\nreferences: "off" | "warn" | "error"\n\`\`\`\n\n${description}`,
    });
    expect(await hover('{\n  "rules": { "no-such|-rule": "warn" }\n}\n')).toBeNull();
  });
});

describe("a pack's configuration", () => {
  const { client, complete } = session(join(REPO, "examples/homebrew"));
  beforeAll(() => client.initialize());
  afterAll(() => client.close());

  it("offers the pack rules too, and never the safety rules a pack's configuration is refused", async () => {
    const offered = labels(await complete('{ "rules": { "|" } }\n')) ?? [];
    const expected = [...new Set([...RULES, ...PACK_RULES].map((rule) => rule.meta.id))]
      .filter((id) => !SAFETY_RULES.has(id))
      .sort();
    expect(offered).toEqual(expected);
    expect(offered).toContain("rules-changed");
    expect(offered).not.toContain("untrusted-prose");
  });
});
