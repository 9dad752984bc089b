// The first lint's answer for a few files before the rest is checked is what a full lint reports in them, or none
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FirstLint } from "./first-lint.ts";
import { lintContentSync } from "./lint.ts";

const REPO = join(import.meta.dirname, "../../..");

describe("FirstLint", () => {
  const dir = mkdtempSync(join(tmpdir(), "momenta-first-lint-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(join(REPO, "content"), join(dir, "content"), { recursive: true });
  cpSync(join(REPO, "packages/schema/json-schema"), join(dir, "packages/schema/json-schema"), {
    recursive: true,
  });
  const path = (file: string) => join(dir, file);
  const read = (file: string) => readFileSync(path(file), "utf8");
  const write = (file: string, text: string) => writeFileSync(path(file), text);

  /**
   * Each file with diagnostics, every 10th other file and `files` asked alone: the answer is the full lint's list
   * for that file (notes and all) or none. Returns the files answered.
   */
  function answers(files: readonly string[] = []): Set<string> {
    const first = new FirstLint({ root: dir });
    const full = lintContentSync({ root: dir });
    const expected = (file: string) => full.diagnostics.filter((d) => d.file === file);
    const flagged = new Set(full.diagnostics.map((d) => d.file));
    const asked = new Set([
      ...files,
      ...flagged,
      ...full.files.filter((file, i) => !flagged.has(file) && i % 10 === 0),
    ]);
    const answered = new Set<string>();
    for (const file of asked) {
      const early = first.diagnosticsOf([file]);
      if (!early) continue;
      expect([...early.keys()]).toEqual([file]);
      expect({ file, list: early.get(file) }).toEqual({ file, list: expected(file) });
      answered.add(file);
    }
    // the lint that follows, from the same load, is the full lint
    expect(first.lint().current.diagnostics).toEqual(full.diagnostics);
    return answered;
  }

  it("answers every file of the content as the full lint reports it", () => {
    const full = lintContentSync({ root: dir });
    const answered = answers();
    expect(answered.size).toBeGreaterThan(50);
    expect(full.diagnostics.filter((d) => !answered.has(d.file))).toEqual([]);
  });

  it("answers several files at once", () => {
    const files = [
      "content/conditions/hindered.json",
      "content/maneuvers/shift.json",
      "content/rules/22-conditions-and-states.mdx",
    ];
    const early = new FirstLint({ root: dir }).diagnosticsOf(files);
    const full = lintContentSync({ root: dir });
    expect(early).toEqual(
      new Map(files.map((file) => [file, full.diagnostics.filter((d) => d.file === file)])),
    );
  });

  it("a rename onto another kind's name: the renamed entry's error lists links in other files", () => {
    const condition = "content/conditions/hindered.json";
    const text = read(condition);
    write(condition, text.replace('"name": "Hindered"', '"name": "Shift"'));
    try {
      const answered = answers([condition, "content/maneuvers/shift.json"]);
      expect(answered).toContain(condition);
      expect(answered).toContain("content/maneuvers/shift.json");
      const clash = new FirstLint({ root: dir }).diagnosticsOf([condition])?.get(condition);
      expect(clash?.find((d) => d.message.startsWith("`Shift` is also the name"))?.related.length).toBe(5);
    } finally {
      write(condition, text);
    }
  });

  it("a file that does not parse, and the files whose links its error lists: no answer, or the full lint's", () => {
    const grabbed = "content/conditions/grabbed.json";
    const text = read(grabbed);
    write(grabbed, text.replace("{", "{,"));
    try {
      const answered = answers([grabbed]);
      expect(answered).not.toContain(grabbed);
      expect(answered.size).toBeGreaterThan(50);
    } finally {
      write(grabbed, text);
    }
  });
});
