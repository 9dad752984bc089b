// `momenta init-pack`: the files it writes, and the refusals (a symlink out of the pack, a file as the folder)
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { run } from "../cli/main.ts";
import { scaffoldFiles, WORKFLOW_FILE } from "./init.ts";

let work: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "momenta-init-"));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

function init(...args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = run(["init-pack", ...args], {
    cwd: work,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

/** Every file under `dir`, relative, sorted. */
function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => !entry.isDirectory())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

describe("momenta init-pack", () => {
  it("writes exactly the scaffold's files, with their text", () => {
    const result = init("ember-court");
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    const expected = scaffoldFiles({ id: "ember-court", name: "ember-court" });
    expect(tree(join(work, "ember-court"))).toEqual([...expected.keys()].sort());
    for (const [file, text] of expected)
      expect(readFileSync(join(work, "ember-court", file), "utf8"), file).toBe(text);
  });

  it.each([".github", ".momenta"])(
    "refuses a symlinked `%s` and writes nothing, inside or outside",
    (link) => {
      const pack = join(work, "pack");
      mkdirSync(pack);
      mkdirSync(join(work, "outside"));
      symlinkSync(join(work, "outside"), join(pack, link));
      const result = init("pack");
      expect(result).toEqual({
        code: 2,
        stdout: "",
        stderr: `error: \`${join(pack, link)}\` is a symbolic link; writes never follow links (it would write outside \`${pack}\`)\n`,
      });
      expect(readdirSync(join(work, "outside"))).toEqual([]);
      expect(readdirSync(pack)).toEqual([link]);
    },
  );

  it("a file given as the pack folder is a usage error, not a stack trace", () => {
    writeFileSync(join(work, "notes.txt"), "hello\n");
    expect(init("notes.txt")).toEqual({
      code: 2,
      stdout: "",
      stderr: `error: \`${join(work, "notes.txt")}\` is a file, not a folder: give the folder to create the pack in\n`,
    });
  });

  it("never overwrites an existing pack file", () => {
    mkdirSync(join(work, "pack/.github/workflows"), { recursive: true });
    writeFileSync(join(work, "pack", WORKFLOW_FILE), "mine\n");
    const result = init("pack");
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error: not overwriting existing files: \`${WORKFLOW_FILE}\`\n`);
    expect(readFileSync(join(work, "pack", WORKFLOW_FILE), "utf8")).toBe("mine\n");
  });
});
