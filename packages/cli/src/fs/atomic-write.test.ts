// The atomic-write helper: whole files or none, no symlink followed, no temp file after a failure or a signal
import { spawn } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { failWritesAfter } from "../../../../test/support/fs-failures.ts";
import { assertNoSymlinks, replaceFolder, WriteError, writeFileAtomicSync } from "./atomic-write.ts";

vi.mock("node:fs", async (importOriginal) =>
  (await import("../../../../test/support/fs-failures.ts")).withDeniedReads(await importOriginal()),
);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "momenta-atomic-"));
});
afterEach(() => {
  failWritesAfter(undefined);
  rmSync(dir, { recursive: true, force: true });
});

describe("writeFileAtomicSync", () => {
  it("writes a new file and replaces an old one, keeping its permissions", () => {
    const file = join(dir, "out.json");
    writeFileAtomicSync(file, "first\n");
    expect(readFileSync(file, "utf8")).toBe("first\n");
    chmodSync(file, 0o600);
    writeFileAtomicSync(file, new TextEncoder().encode("second\n"));
    expect(readFileSync(file, "utf8")).toBe("second\n");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(["out.json"]);
  });

  it("a write that fails midway leaves the old file whole and no temp file", () => {
    const file = join(dir, "graph.json");
    const good = `${"x".repeat(462_000)}\n`;
    writeFileSync(file, good);
    failWritesAfter(256 * 1024);
    expect(() => writeFileAtomicSync(file, "y".repeat(500_000))).toThrow(
      new WriteError(`cannot write \`${file}\`: ENOSPC (write)`, file),
    );
    expect(readFileSync(file, "utf8")).toBe(good);
    expect(readdirSync(dir)).toEqual(["graph.json"]);
  });

  it("refuses a target that is a symbolic link, and leaves the link's target alone", () => {
    const outside = join(dir, "outside.txt");
    writeFileSync(outside, "precious\n");
    mkdirSync(join(dir, "work"));
    symlinkSync(outside, join(dir, "work/out.json"));
    expect(() => writeFileAtomicSync(join(dir, "work/out.json"), "x")).toThrow(
      /`.*work\/out\.json` is a symbolic link; writes never follow links/,
    );
    expect(readFileSync(outside, "utf8")).toBe("precious\n");
  });

  it("refuses a symlinked folder between `within` and the target", () => {
    const pack = join(dir, "pack");
    mkdirSync(pack);
    mkdirSync(join(dir, "elsewhere"));
    symlinkSync(join(dir, "elsewhere"), join(pack, ".github"));
    const target = join(pack, ".github/workflows/lint.yml");
    expect(() => assertNoSymlinks(target, pack)).toThrow(/`.*pack\/\.github` is a symbolic link/);
    expect(() => writeFileAtomicSync(target, "x", { within: pack, createFolders: true })).toThrow(WriteError);
    expect(readdirSync(join(dir, "elsewhere"))).toEqual([]);
  });

  it("exclusive writes never replace an existing file", () => {
    const file = join(dir, "manifest.json");
    writeFileSync(file, "mine\n");
    expect(() => writeFileAtomicSync(file, "theirs\n", { exclusive: true })).toThrow(/already exists/);
    expect(readFileSync(file, "utf8")).toBe("mine\n");
    writeFileAtomicSync(join(dir, "a/b/new.json"), "new\n", {
      within: dir,
      exclusive: true,
      createFolders: true,
    });
    expect(readFileSync(join(dir, "a/b/new.json"), "utf8")).toBe("new\n");
    expect(readdirSync(join(dir, "a/b"))).toEqual(["new.json"]);
  });
});

describe("replaceFolder", () => {
  it("swaps in a complete folder; a failing build leaves the old one and no temp folder", async () => {
    const target = join(dir, "pkg");
    await replaceFolder(target, (out) => writeFileSync(join(out, "v1.txt"), "1"));
    expect(readdirSync(target)).toEqual(["v1.txt"]);
    await expect(
      replaceFolder(target, async (out) => {
        writeFileSync(join(out, "half.txt"), "half");
        throw new Error("build failed");
      }),
    ).rejects.toThrow("build failed");
    expect(readdirSync(target)).toEqual(["v1.txt"]);
    expect(readdirSync(dir)).toEqual(["pkg"]);
    await replaceFolder(target, (out) => writeFileSync(join(out, "v2.txt"), "2"));
    expect(readdirSync(target)).toEqual(["v2.txt"]);
    expect(readdirSync(dir)).toEqual(["pkg"]);
  });

  it("a real SIGINT during the build removes the temp folder and the process dies of the signal", async () => {
    const target = join(dir, "pkg");
    mkdirSync(target);
    writeFileSync(join(target, "old.txt"), "old");
    const script = [
      `import { writeFileSync } from "node:fs";`,
      `import { replaceFolder } from ${JSON.stringify(join(import.meta.dirname, "atomic-write.ts"))};`,
      `await replaceFolder(${JSON.stringify(target)}, async (out) => {`,
      `  writeFileSync(out + "/partial.bin", Buffer.alloc(1_700_000));`,
      `  process.stdout.write("building\\n");`,
      `  await new Promise((resolve) => setTimeout(resolve, 30_000));`,
      `});`,
    ].join("\n");
    const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: join(import.meta.dirname, "../../../.."),
      stdio: ["ignore", "pipe", "inherit"],
    });
    await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
    expect(readdirSync(dir).length).toBe(2); // the target and the temp folder being built
    child.kill("SIGINT");
    const [code, signal] = await new Promise<[number | null, string | null]>((resolve) =>
      child.once("exit", (c, s) => resolve([c, s])),
    );
    expect({ code, signal }).toEqual({ code: null, signal: "SIGINT" });
    expect(readdirSync(dir)).toEqual(["pkg"]);
    expect(readdirSync(target)).toEqual(["old.txt"]);
    expect(existsSync(join(target, "partial.bin"))).toBe(false);
  });
});
