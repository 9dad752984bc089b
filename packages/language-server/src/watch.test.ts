// The server watches the disk itself when the client does not: a file created, changed or deleted behind its back
import { cpSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LspClient, REPO } from "./testing/client.ts";

const FILE = "content/conditions/smouldering.json";
const NEW = "content/conditions/kindled.json";
const mentions = (list: { message: string }[]) => list.some((d) => d.message.includes("[[Kindled]]"));

/** A wait with a bound: a lost event fails with what was awaited, long before the test's own timeout. */
async function within<T>(what: string, promise: Promise<T>, ms = 60_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`no ${what} within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** A copy of the example pack and a server on it, for the describe block that calls it; `pack` and `client` once set. */
function packWithServer(): { pack: string; client: LspClient } {
  const held = {} as { pack: string; client: LspClient };
  beforeAll(async () => {
    held.pack = mkdtempSync(join(tmpdir(), "momenta-lsp-watch-"));
    cpSync(join(REPO, "examples/homebrew"), held.pack, { recursive: true });
    held.client = new LspClient(held.pack);
    await held.client.initialize();
  });
  afterAll(async () => {
    await held.client.close();
    rmSync(held.pack, { recursive: true, force: true });
  });
  return held;
}

describe("a client that sends no file events (no `workspace.didChangeWatchedFiles` capability)", () => {
  const held = packWithServer();

  it("registers no watcher with the client, and re-lints when a file appears, changes or goes on disk", async () => {
    const { pack, client } = held;
    expect(client.registrations.size).toBe(0);
    const text = readFileSync(join(pack, FILE), "utf8").replace("[[", "[[Kindled]] [[");
    await client.open(FILE, text);
    expect((await client.diagnosticsFor(FILE, mentions)).map((d) => d.code)).toEqual(["references"]);
    const entry = JSON.parse(readFileSync(join(pack, FILE), "utf8"));
    entry.id = "condition/ember-court.kindled";
    entry.name = "Kindled";
    // created on disk, as a `git checkout` would: no notification is sent
    writeFileSync(join(pack, NEW), `${JSON.stringify(entry, null, 2)}\n`);
    expect(await client.diagnosticsFor(FILE, (list) => !mentions(list))).toEqual([]);
    // changed on disk: the name goes, the reference is missing again
    writeFileSync(join(pack, NEW), `${JSON.stringify({ ...entry, name: "Rekindled" }, null, 2)}\n`);
    expect((await client.diagnosticsFor(FILE, mentions)).map((d) => d.code)).toEqual(["references"]);
    writeFileSync(join(pack, NEW), `${JSON.stringify(entry, null, 2)}\n`);
    expect(await client.diagnosticsFor(FILE, (list) => !mentions(list))).toEqual([]);
    // deleted on disk
    rmSync(join(pack, NEW));
    expect((await client.diagnosticsFor(FILE, mentions)).map((d) => d.code)).toEqual(["references"]);
  });
});

describe("a file replaced on disk by a rename (`sed -i`, `git checkout`, an editor's atomic save)", () => {
  const held = packWithServer();

  // the replacement is a new file (a new inode): a watch of the old one hears nothing of the writes that follow
  it("is still watched after the replace: later changes to it re-lint", async () => {
    const { pack, client } = held;
    const entry = JSON.parse(readFileSync(join(pack, FILE), "utf8"));
    const kindled = `${JSON.stringify({ ...entry, id: "condition/ember-court.kindled", name: "Kindled" }, null, 2)}\n`;
    const rekindled = kindled.replace('"name": "Kindled"', '"name": "Rekindled"');
    writeFileSync(join(pack, NEW), kindled);
    const text = readFileSync(join(pack, FILE), "utf8").replace("[[", "[[Kindled]] [[");
    await client.open(FILE, text);
    // the reference's error, then none, after each step in turn
    const missing = async (after: string) =>
      (await within(`error after ${after}`, client.diagnosticsFor(FILE, mentions))).map((d) => d.code);
    const clean = (after: string) =>
      within(
        `clean list after ${after}`,
        client.diagnosticsFor(FILE, (list) => !mentions(list)),
      );
    expect(await clean("the open")).toEqual([]);
    const replace = (content: string) => {
      const temp = join(pack, "content/conditions/sedX3kq9a");
      writeFileSync(temp, content);
      renameSync(temp, join(pack, NEW));
    };
    replace(rekindled);
    expect(await missing("the first replace")).toEqual(["references"]);
    // written in place after the replace: the watch of the replaced file would hear nothing from here on
    writeFileSync(join(pack, NEW), kindled);
    expect(await clean("a write")).toEqual([]);
    replace(rekindled);
    expect(await missing("a second replace")).toEqual(["references"]);
    replace(kindled);
    expect(await clean("a third replace")).toEqual([]);
    writeFileSync(join(pack, NEW), rekindled);
    expect(await missing("a last write")).toEqual(["references"]);
  });
});

describe("a file written on disk while the first lint runs", () => {
  let pack: string;
  let client: LspClient;
  beforeAll(() => {
    pack = mkdtempSync(join(tmpdir(), "momenta-lsp-watch-"));
    cpSync(join(REPO, "examples/homebrew"), pack, { recursive: true });
    client = new LspClient(pack);
  });
  afterAll(async () => {
    await client.close();
    rmSync(pack, { recursive: true, force: true });
  });

  // the server's own watcher starts after the first lint is published; what was written before it started is found
  // by its modification time, whether the lint read the file before or after the write
  it("is seen, though the server's watcher starts only after the first diagnostics", async () => {
    await client.initialize();
    const entry = JSON.parse(readFileSync(join(pack, FILE), "utf8"));
    writeFileSync(
      join(pack, NEW),
      `${JSON.stringify({ ...entry, id: "condition/ember-court.kindled", name: "Kindled" }, null, 2)}\n`,
    );
    const text = readFileSync(join(pack, FILE), "utf8").replace("[[", "[[Kindled]] [[");
    await client.open(FILE, text);
    expect(await client.diagnosticsFor(FILE, (list) => !mentions(list))).toEqual([]);
  });
});

describe("a client that watches files for the server", () => {
  let client: LspClient;
  beforeAll(async () => {
    client = new LspClient(join(REPO, "examples/homebrew"));
    await client.initialize({ workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
    // the registration request comes right after `initialized`; a request answered proves the server is past it
    await client.request("textDocument/hover", {
      textDocument: { uri: client.uri(FILE) },
      position: { line: 0, character: 0 },
    });
  });
  afterAll(() => client.close());

  it("is asked to watch the content's JSON and MDX files", () => {
    expect(client.registrations.get("workspace/didChangeWatchedFiles")).toEqual({
      watchers: [{ globPattern: "**/*.{json,mdx}" }],
    });
  });
});
