// `vsce package` builds a .vsix whose manifest is the extension's and which carries the entry and server command
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { builtinModules } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inflateRawSync } from "node:zlib";
import { afterAll, expect, it } from "vitest";

const builtin = new Set(builtinModules);
const extension = join(import.meta.dirname, "..");
const out = mkdtempSync(join(tmpdir(), "momenta-vsix-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** Every file of a zip archive by name, read through its central directory (stored or deflated entries). */
function unzip(archive: Buffer): Map<string, Buffer> {
  const end = archive.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = archive.readUInt16LE(end + 10);
  let at = archive.readUInt32LE(end + 16);
  const files = new Map<string, Buffer>();
  for (let index = 0; index < count; index++) {
    const method = archive.readUInt16LE(at + 10);
    const size = archive.readUInt32LE(at + 20);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const local = archive.readUInt32LE(at + 42);
    const name = archive.toString("utf8", at + 46, at + 46 + nameLength);
    const start = local + 30 + archive.readUInt16LE(local + 26) + archive.readUInt16LE(local + 28);
    const data = archive.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return files;
}

it("packages with @vscode/vsce: the manifest and one bundled entry (client library and server command inside), no sources or tests", () => {
  const vsix = join(out, "momenta.vsix");
  // no flags, as the README's `npx @vscode/vsce package`: package.json's `vsce` field turns off the dependency
  // listing (vsce's `npm list` cannot read pnpm's node_modules) and the repository and license checks
  execFileSync(join(extension, "node_modules/.bin/vsce"), ["package", "--out", vsix], {
    cwd: extension,
    stdio: "pipe",
  });
  const files = unzip(readFileSync(vsix));
  const source = JSON.parse(readFileSync(join(extension, "package.json"), "utf8"));
  const packaged = JSON.parse(files.get("extension/package.json")?.toString("utf8") ?? "{}");
  expect(packaged).toMatchObject({
    name: source.name,
    publisher: source.publisher,
    version: source.version,
    main: "./dist/extension.cjs",
    engines: source.engines,
    activationEvents: source.activationEvents,
  });
  const manifest = files.get("extension.vsixmanifest")?.toString("utf8") ?? "";
  expect(manifest).toContain(`Id="${source.name}"`);
  expect(manifest).toContain(`Publisher="${source.publisher}"`);
  expect(manifest).toContain(`Version="${source.version}"`);
  // vscode:prepublish bundles the entry with esbuild: the client library and the server command are inside it,
  // and only `vscode` (which VS Code provides) is still required at run time
  const entry = files.get("extension/dist/extension.cjs")?.toString("utf8") ?? "";
  expect(entry).toContain("LanguageClient");
  expect(entry).toContain("DOCUMENT_SELECTOR");
  expect([
    ...new Set(
      [...entry.matchAll(/require\("([^"]+)"\)/g)]
        .map((match) => match[1] ?? "")
        .filter((name) => !name.startsWith("node:") && !builtin.has(name)),
    ),
  ]).toEqual(["vscode"]);
  expect([...files.keys()].filter((name) => name.startsWith("extension/src/"))).toEqual([]);
  expect(
    [...files.keys()].filter((name) => name.endsWith(".test.ts") || name.includes("node_modules")),
  ).toEqual([]);
}, 120_000);
