// Fail closed, through the real CLI: unreadable content, folders, files and manifests, and special files
import { chmodSync } from "node:fs";
import { join } from "node:path";
import { ruleDocsUrl } from "@momenta/lint";
import { afterEach, describe, expect, it } from "vitest";
import { makeFifo } from "../../../test/support/fs-failures.ts";
import { FIXTURES } from "../../../test/support/lint-harness.ts";
import { readableCopy, runUnprivileged } from "./cli-child.ts";

const EXAMPLE_PACK = join(import.meta.dirname, "../../../examples/homebrew");
let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups) cleanup();
  cleanups = [];
});

function copy(source: string, name?: string) {
  const made = readableCopy(source, name);
  cleanups.push(made.cleanup);
  return made;
}

const unreadable = (path: string, shown = path) =>
  `error[unsafe-input]: \`${path}\` cannot be read (permission denied), so nothing in it was checked\n` +
  `  --> ${shown}:1:1\n  help: make it readable (check its permissions) or remove it\n`;
/** The line under a rule's first diagnostic in a pipe: its page in the checkout the CLI runs from. */
const DOCS = `  docs: ${ruleDocsUrl("unsafe-input")}\n`;

describe("momenta lint fails closed on input it cannot read", () => {
  it("an unreadable content folder is an error, not `checked 0 files: no problems`", () => {
    const { root } = copy(join(FIXTURES, "base"));
    chmodSync(join(root, "content"), 0);
    const result = runUnprivileged(["lint", "--root", root, "--no-color"], root);
    expect(result.stdout).toBe(`${unreadable("content")}${DOCS}\nchecked 0 files: 1 error, 0 warnings\n`);
    expect(result.stderr).toBe("");
    expect(result.status).toBe(1);
  });

  it("a root that does not exist is an error naming it in full", () => {
    const { dir } = copy(join(FIXTURES, "base"));
    const missing = join(dir, "no-such-root");
    const result = runUnprivileged(["lint", "--root", missing, "--no-color"], dir);
    expect(result.stdout).toBe(
      `error[unsafe-input]: \`${missing}\` cannot be read (no such file or directory), so nothing in it was checked\n` +
        `  --> ${missing}:1:1\n  help: make it readable (check its permissions) or remove it\n${DOCS}\n` +
        "checked 0 files: 1 error, 0 warnings\n",
    );
    expect(result.status).toBe(1);
  });

  it("an unreadable catalog folder and entry file are errors; the rest is still linted", () => {
    const { root } = copy(join(FIXTURES, "base"));
    chmodSync(join(root, "content/armor"), 0);
    chmodSync(join(root, "content/weapons/dagger.json"), 0);
    const result = runUnprivileged(["lint", "--root", root, "--format", "json"], root);
    expect(result.status).toBe(1);
    const report = JSON.parse(result.stdout) as {
      diagnostics: { ruleId: string; messageId: string; file: string; message: string; line: number }[];
    };
    expect(
      report.diagnostics
        .filter((d) => d.ruleId === "unsafe-input")
        .map((d) => [d.messageId, d.file, d.line, d.message]),
    ).toEqual([
      [
        "unreadable",
        "content/armor",
        1,
        "`content/armor` cannot be read (permission denied), so nothing in it was checked",
      ],
      [
        "unreadable",
        "content/weapons/dagger.json",
        1,
        "`content/weapons/dagger.json` cannot be read (permission denied), so nothing in it was checked",
      ],
    ]);
    // the other files were read: the entries that pointed at the unreadable ones report them missing
    expect(report.diagnostics.some((d) => d.file === "content/characters/tomas.json")).toBe(true);
    expect(result.stderr).toBe("");
  });

  it("a FIFO among the entries is reported and never opened (the run does not hang)", () => {
    const { root } = copy(join(FIXTURES, "base"));
    makeFifo(join(root, "content/weapons/pipe.json"));
    const result = runUnprivileged(["lint", "--root", root, "--no-color", "--quiet"], root);
    expect(result.stdout).toBe(
      "error[unsafe-input]: `content/weapons/pipe.json` is a named pipe (FIFO), not a regular file; it is never opened\n" +
        "  --> content/weapons/pipe.json:1:1\n" +
        "  help: replace it with a regular file; special files are never opened\n" +
        `${DOCS}\n` +
        "checked 31 files: 1 error, 0 warnings\n",
    );
    expect(result.status).toBe(1);
  });

  it("pack mode: an unreadable pack content folder is an error", () => {
    const { dir, root } = copy(EXAMPLE_PACK, "pack");
    chmodSync(join(root, "content"), 0);
    const result = runUnprivileged(["lint", "--pack", "pack", "--no-color"], dir);
    expect(result.stdout).toBe(
      `${unreadable("content", "pack/content")}${DOCS}\nchecked 1 file: 1 error, 0 warnings\n`,
    );
    expect(result.status).toBe(1);
  });

  it("pack mode: an unreadable manifest or sub-folder is an error, not an internal error", () => {
    const { dir, root } = copy(EXAMPLE_PACK, "pack");
    chmodSync(join(root, "momenta-pack.json"), 0);
    chmodSync(join(root, "content/weapons"), 0);
    const result = runUnprivileged(["lint", "--pack", "pack", "--no-color"], dir);
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain(unreadable("pack/momenta-pack.json"));
    expect(result.stdout).toContain(unreadable("content/weapons", "pack/content/weapons"));
    expect(result.stdout).not.toContain("internal error");
    expect(result.status).toBe(1);
  });
});
