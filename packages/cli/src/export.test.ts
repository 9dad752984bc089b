// `momenta export --out`: the file it writes, and a failed or refused write that leaves the old export whole
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { failWritesAfter } from "../../../test/support/fs-failures.ts";
import { withCase } from "../../../test/support/lint-harness.ts";
import { run } from "./main.ts";

vi.mock("node:fs", async (importOriginal) =>
  (await import("../../../test/support/fs-failures.ts")).withDeniedReads(await importOriginal()),
);
afterEach(() => failWritesAfter(undefined));

function exportTo(root: string, out: string) {
  let stderr = "";
  const code = run(["export", "--out", out], {
    cwd: root,
    stdout: () => {},
    stderr: (text) => (stderr += text),
  });
  return { code, stderr };
}

describe("momenta export --out", () => {
  it("writes the whole document and says so", () => {
    withCase(undefined, undefined, (root) => {
      const result = exportTo(root, "graph.json");
      expect(result).toEqual({ code: 0, stderr: "wrote 30 entries and 1 chapters to graph.json\n" });
      const document = JSON.parse(readFileSync(join(root, "graph.json"), "utf8"));
      expect(document.format).toBe("momenta-content-graph");
      expect(document.entries).toHaveLength(30);
      expect(readdirSync(root).filter((name) => name.includes("graph"))).toEqual(["graph.json"]);
    });
  });

  it("a write that fails midway keeps the previous export and leaves no temp file", () => {
    withCase(undefined, undefined, (root) => {
      const good = `${JSON.stringify({ format: "momenta-content-graph", entries: [] }, null, 2)}\n`;
      writeFileSync(join(root, "graph.json"), good);
      failWritesAfter(4096);
      const result = exportTo(root, "graph.json");
      expect(result.code).toBe(2);
      expect(result.stderr).toBe(`error: cannot write \`${join(root, "graph.json")}\`: ENOSPC (write)\n`);
      expect(readFileSync(join(root, "graph.json"), "utf8")).toBe(good);
      expect(readdirSync(root).filter((name) => name.includes("graph"))).toEqual(["graph.json"]);
    });
  });

  it("refuses to write through a symlinked folder out of the working directory", () => {
    withCase(undefined, undefined, (root) => {
      mkdirSync(join(root, "outside"));
      symlinkSync(join(root, "outside"), join(root, "content/out"));
      const result = exportTo(root, "content/out/graph.json");
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^error: `.*content\/out` is a symbolic link; writes never follow links/);
      expect(readdirSync(join(root, "outside"))).toEqual([]);
    });
  });
});
