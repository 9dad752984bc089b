// Every file a save affects is published, not only the saved one: a rename or a delete breaks links in closed files
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OverlayFiles } from "@momenta/content";
import { type LintResult, lintContentSync } from "@momenta/lint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LspClient, REPO } from "./testing/client.ts";

const SHIFT = "content/maneuvers/shift.json";
const GRABBED = "content/conditions/grabbed.json";
const broken = (list: { message: string }[]) =>
  list.some((d) => d.message.includes("no maneuver is named `Shift`"));

/** Files whose diagnostics differ between two full lints (what the server must publish for). */
function changedFiles(before: LintResult, after: LintResult): string[] {
  const byFile = (result: LintResult) => {
    const map = new Map<string, string>();
    for (const d of result.diagnostics) map.set(d.file, `${map.get(d.file) ?? ""}${JSON.stringify(d)}\n`);
    return map;
  };
  const [a, b] = [byFile(before), byFile(after)];
  return [...new Set([...a.keys(), ...b.keys()])].filter((file) => a.get(file) !== b.get(file)).sort();
}

describe("a save that changes other files' diagnostics", () => {
  const root = mkdtempSync(join(tmpdir(), "momenta-lsp-affected-"));
  let client: LspClient;
  const read = (file: string) => readFileSync(join(root, file), "utf8");
  /** The files published for since the list was emptied, once the server answered a request after them. */
  const publishedSince = async () => {
    // notifications and responses keep their order on the stream: a request answered means all before it arrived
    await client.request("workspace/symbol", { query: "Shift" });
    const files = new Set(client.publishedUris.map((uri) => uri.slice(client.uri("").length + 1)));
    client.publishedUris.length = 0;
    return [...files].sort();
  };
  beforeAll(async () => {
    cpSync(join(REPO, "content"), join(root, "content"), { recursive: true });
    client = new LspClient(root);
    await client.initialize();
    await client.open(SHIFT);
    await client.diagnosticsFor(SHIFT);
    await publishedSince();
  });
  afterAll(async () => {
    await client.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("publishes each closed file whose references an unsaved rename breaks, and clears them when it is undone", async () => {
    const text = read(SHIFT);
    const renamed = text.replace('"name": "Shift"', '"name": "Sidestep"');
    const before = lintContentSync({ root });
    const overlay = new OverlayFiles();
    overlay.set(join(root, SHIFT), renamed);
    const after = lintContentSync({ root, files: overlay });
    const changed = changedFiles(before, after);
    expect(changed).toContain(GRABBED);
    await client.change(SHIFT, renamed);
    expect((await client.diagnosticsFor(GRABBED, broken)).map((d) => d.code)).toEqual(["references"]);
    // every file whose diagnostics changed, and the edited one, which is always answered
    expect(await publishedSince()).toEqual([...new Set([...changed, SHIFT])].sort());
    await client.change(SHIFT, text);
    expect(await client.diagnosticsFor(GRABBED, (list) => !broken(list))).toEqual([]);
    expect(await publishedSince()).toEqual([...new Set([...changed, SHIFT])].sort());
  });

  it("publishes the files a deletion on disk breaks, and clears them when the file is back", async () => {
    const text = read(SHIFT);
    const before = lintContentSync({ root });
    unlinkSync(join(root, SHIFT));
    const changed = changedFiles(before, lintContentSync({ root }));
    expect(changed).toContain(GRABBED);
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", {
      changes: [{ uri: client.uri(SHIFT), type: 3 }],
    });
    // the deleted file is still open in the editor, whose text stands in for it: close it first
    await client.connection.sendNotification("textDocument/didClose", {
      textDocument: { uri: client.uri(SHIFT) },
    });
    expect((await client.diagnosticsFor(GRABBED, broken)).map((d) => d.code)).toEqual(["references"]);
    expect(await publishedSince()).toEqual(expect.arrayContaining(changed));
    writeFileSync(join(root, SHIFT), text);
    await client.connection.sendNotification("workspace/didChangeWatchedFiles", {
      changes: [{ uri: client.uri(SHIFT), type: 1 }],
    });
    expect(await client.diagnosticsFor(GRABBED, (list) => !broken(list))).toEqual([]);
    expect(await publishedSince()).toEqual(expect.arrayContaining(changed));
  });
});
