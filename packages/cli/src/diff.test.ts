// `momenta diff`: a synthetic "0.32" made from today's content by scripted edits, with its exact output in every format
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { diffFields, diffGraphs, load, wordDiff } from "@momenta/content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LINEAR_BOUND, measureGrowth } from "../../../test/support/growth.ts";
import { run } from "./main.ts";

const repo = join(import.meta.dirname, "../../..");
const expected = join(import.meta.dirname, "../test/fixtures/diff");

let work: string;

/**
 * Today's content as "0.31", and a copy with one rename, one removal, one number change, one prose change and one
 * chapter erratum (words struck from one section).
 */
function makeTrees(root: string): void {
  cpSync(join(repo, "content"), join(root, "0.31/content"), { recursive: true });
  cpSync(join(repo, "content"), join(root, "0.32/content"), { recursive: true });
  const content = join(root, "0.32/content");
  const edit = (file: string, change: (entry: Record<string, unknown>) => void) => {
    const entry = JSON.parse(readFileSync(join(content, file), "utf8"));
    change(entry);
    writeFileSync(join(content, file), `${JSON.stringify(entry, null, 2)}\n`);
  };
  // rename: the old id and name stay as aliases, so links keep resolving
  edit("weapons/dagger.json", (entry) => {
    entry.id = "weapon/dirk";
    entry.name = "Dirk";
    entry.aliases = ["weapon/dagger", "Dagger"];
  });
  renameSync(join(content, "weapons/dagger.json"), join(content, "weapons/dirk.json"));
  rmSync(join(content, "weapons/whip.json"));
  edit("arts/mend.json", (entry) => {
    entry.baseCost = 3;
  });
  edit("conditions/hindered.json", (entry) => {
    entry.effect = (entry.effect as string).replace(" (minimum 1)", "");
  });
  const chapter = join(content, "rules/06-momentum.mdx");
  const text = readFileSync(chapter, "utf8");
  const erratum = text.replace("Other archetype abilities or masteries may", "Other archetype abilities may");
  if (erratum === text) throw new Error("the chapter edit found nothing to change in 06-momentum.mdx");
  writeFileSync(chapter, erratum);
}

function diff(...args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = run(["diff", ...args], {
    cwd: work,
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "momenta-diff-"));
  makeTrees(work);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("momenta diff", () => {
  it.each([
    ["stylish", "expected.stylish.txt"],
    ["json", "expected.json"],
    ["markdown", "expected.md"],
  ])("prints the scripted edits exactly, as %s", (format, file) => {
    const result = diff("0.31", "0.32", "--format", format);
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(readFileSync(join(expected, file), "utf8"));
  });

  it("compares git revisions as it compares folders", () => {
    const git = (...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.invalid", ...args], {
        cwd: join(work, "repo"),
        stdio: "pipe",
      });
    cpSync(join(work, "0.31"), join(work, "repo"), { recursive: true });
    git("init", "-q");
    git("add", "-A");
    git("commit", "-qm", "0.31");
    rmSync(join(work, "repo/content"), { recursive: true });
    cpSync(join(work, "0.32/content"), join(work, "repo/content"), { recursive: true });
    git("add", "-A");
    git("commit", "-qm", "0.32");
    let stdout = "";
    const code = run(["diff", "HEAD~1", "HEAD"], {
      cwd: join(work, "repo"),
      stdout: (t) => (stdout += t),
      stderr: () => {},
    });
    expect(code).toBe(0);
    expect(stdout).toBe(readFileSync(join(expected, "expected.stylish.txt"), "utf8"));

    // issue 24: the revision's own `.gitattributes` must not hide a file from the comparison
    const hindered = JSON.parse(readFileSync(join(work, "repo/content/conditions/hindered.json"), "utf8"));
    const added = { ...hindered, id: "condition/muffled", name: "Muffled", aliases: [] };
    writeFileSync(join(work, "repo/content/conditions/muffled.json"), JSON.stringify(added, null, 2));
    writeFileSync(
      join(work, "repo/.gitattributes"),
      "content/conditions/muffled.json export-ignore export-subst\n",
    );
    git("add", "-A");
    git("commit", "-qm", "hidden");
    stdout = "";
    run(["diff", "HEAD~1", "HEAD", "--format", "json"], {
      cwd: join(work, "repo"),
      stdout: (t) => (stdout += t),
      stderr: () => {},
    });
    expect(JSON.stringify(JSON.parse(stdout))).toContain('"condition/muffled"');
  });

  it("refuses what is neither a folder nor a revision, and an unknown format, in one line (exit 2)", () => {
    expect(diff("0.31", "nowhere")).toEqual({
      code: 2,
      stdout: "",
      stderr: "error: `nowhere` is neither a folder nor a git revision of this repository\n",
    });
    expect(diff("0.31", "0.32", "--format", "sarif")).toEqual({
      code: 2,
      stdout: "",
      stderr: "error: unknown format `sarif` for diff: use stylish, json, markdown\n",
    });
  });

  it("diffs fields: nested objects by key, equal-length object lists by item, other lists whole", () => {
    expect(
      diffFields(
        { damage: { "2s": 8, "3+": 12 }, tags: ["Melee 1"], effects: [{ a: 1 }], gone: true },
        { damage: { "2s": 8, "3+": 13 }, tags: ["Melee 2"], effects: [{ a: 2 }], added: "x" },
      ),
    ).toEqual([
      { path: "damage.3+", change: "changed", old: 12, new: 13 },
      { path: "tags", change: "changed", old: ["Melee 1"], new: ["Melee 2"] },
      { path: "effects[0].a", change: "changed", old: 1, new: 2 },
      { path: "added", change: "added", new: "x" },
      { path: "gone", change: "removed", old: true },
    ]);
  });
});

describe("chapter sections", () => {
  const chapter = (body: string) =>
    `---\nid: chapter/sample\ntitle: "Sample"\nchapter: "01"\nmoment:\n  number: 1\n  name: "One"\norder: 1\nsummary: "A sample."\n---\n${body}`;
  const graph = (dir: string, files: Record<string, string>) => {
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(join(work, dir, "content/rules"), { recursive: true });
      writeFileSync(join(work, dir, "content/rules", file), text);
    }
    return load({ root: join(work, dir), references: false }).graph;
  };

  it("cuts at the syntax tree's headings (not `#` in code), and reports sections and chapters added and removed", () => {
    const before = graph("sections-old", {
      "01-sample.mdx": chapter(
        "Opening words here.\n\n## One\n\n```\n# not a heading\n```\n\nKept text.\n\n## Two\n\nGone text.\n",
      ),
      "02-old.mdx": chapter("Old.\n").replace("chapter/sample", "chapter/old").replace('"Sample"', '"Old"'),
    });
    const after = graph("sections-new", {
      "01-sample.mdx": chapter(
        "Opening words there.\n\n## One\n\n```\n# not a heading\n```\n\nKept text.\n\n## Three\n\nNew text.\n",
      ),
      "03-new.mdx": chapter("New.\n").replace("chapter/sample", "chapter/new").replace('"Sample"', '"New"'),
    });
    expect(diffGraphs(before, after).chapters).toEqual({
      added: [{ id: "chapter/new", title: "New" }],
      removed: [{ id: "chapter/old", title: "Old" }],
      changed: [
        {
          id: "chapter/sample",
          title: "Sample",
          fields: [],
          sections: [
            {
              slug: "",
              heading: null,
              change: "changed",
              words: [
                { op: "same", text: "Opening words " },
                { op: "removed", text: "here" },
                { op: "added", text: "there" },
                { op: "same", text: "." },
              ],
            },
            {
              slug: "three",
              heading: "Three",
              change: "added",
              words: [{ op: "added", text: "New text." }],
            },
            {
              slug: "two",
              heading: "Two",
              change: "removed",
              words: [{ op: "removed", text: "Gone text." }],
            },
          ],
        },
      ],
    });
  });
});

describe("the word diff of long prose", () => {
  const unlike = (n: number) => {
    const text = (seed: number) => Array.from({ length: n }, (_, i) => `w${(i * seed) % 9973}`).join(" ");
    return [text(7), text(13)] as const;
  };

  it("is bounded by its edit length: two unlike fields n → 10n words under 50×, shown whole past the bound", () => {
    // issue 24: 15,000 words of one prose field took 31 s
    const growth = measureGrowth(unlike, ([a, b]) => wordDiff(a, b), 300, { samples: 3 });
    expect(growth.ratio).toBeLessThan(LINEAR_BOUND);
    const [a, b] = unlike(15_000);
    expect(wordDiff(a, b)).toEqual([
      { op: "removed", text: a },
      { op: "added", text: b },
    ]);
  });

  it("still diffs word by word within the bound", () => {
    const before = Array.from({ length: 5_000 }, (_, i) => `word${i}`).join(" ");
    const after = before.replace("word2500", "changed");
    expect(wordDiff(before, after).filter((run) => run.op !== "same")).toEqual([
      { op: "removed", text: "word2500" },
      { op: "added", text: "changed" },
    ]);
  });
});
