// The example packs: the homebrew pack lints clean; the broken copy's diagnostics are snapshot as users read them
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fixedDocsRoot } from "../../../test/support/docs-root.ts";
import { runPackCommand } from "./pack.ts";

const repo = join(import.meta.dirname, "../../..");
const broken = join(repo, "examples/homebrew-broken");

function lint(format: string, pack: string) {
  let stdout = "";
  const code = runPackCommand(["lint", "--pack", pack, "--format", format, "--no-color"], {
    cwd: repo,
    stdout: (text) => {
      stdout += text;
    },
    stderr: () => {},
  });
  return { code, stdout };
}

describe("examples/homebrew", () => {
  it("has no problems", () => {
    expect(lint("stylish", "examples/homebrew")).toEqual({
      code: 0,
      stdout: "checked 4 files: no problems\n",
    });
  });
});

describe("examples/homebrew-broken", () => {
  it("stylish output matches expected.stylish.txt", async () => {
    const { code, stdout } = lint("stylish", "examples/homebrew-broken");
    expect(code).toBe(1);
    // each rule's `docs:` line links this checkout's page: the snapshot roots it where any clone writes the same
    await expect(fixedDocsRoot(stdout)).toMatchFileSnapshot(join(broken, "expected.stylish.txt"));
  });

  it("json output matches expected.json", async () => {
    const { code, stdout } = lint("json", "examples/homebrew-broken");
    expect(code).toBe(1);
    await expect(stdout).toMatchFileSnapshot(join(broken, "expected.json"));
  });

  it("every deliberate mistake is caught, each by the rule meant to catch it", () => {
    const report = JSON.parse(lint("json", "examples/homebrew-broken").stdout) as {
      diagnostics: { ruleId: string; messageId: string }[];
    };
    const caught = new Set(report.diagnostics.map((d) => `${d.ruleId}/${d.messageId}`));
    for (const expected of [
      "pack/rules-version",
      "pack/dependency-not-loaded",
      "pack/undeclared-dependency",
      "pack/redefines-core-id",
      "pack/redefines-core-name",
      "pack/id-namespace",
      "pack/source-pack",
      "untrusted-prose/unsafe-link",
      "untrusted-prose/raw-html",
      "untrusted-prose/mdx-code",
      "references/missing",
      "references/missing-in-kind",
      "spellcasting/unknown-art",
      "tags/unknown-tag",
      "schema/invalid",
    ]) {
      expect(caught, expected).toContain(expected);
    }
  });
});
