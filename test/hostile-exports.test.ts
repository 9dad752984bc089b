// Hostile pack text through the real CLI into the files the exports write: refused by lint, or inert there (issue 23)
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const repo = join(import.meta.dirname, "..");
const fixtures = join(repo, "test/fixtures/hostile-exports");
// the `momenta` command as the workspace runs it (node_modules/.bin/momenta): its bundle starts in a third of the
// time the sources take through tsx, and this file starts it dozens of times
const CLI = [join(repo, "packages/cli/bin/momenta.mjs")];
const scratch = mkdtempSync(join(tmpdir(), "momenta-hostile-exports-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function momenta(args: string[], packs?: string) {
  const env = { ...process.env };
  if (packs) env.MOMENTA_PACKS = packs;
  else delete env.MOMENTA_PACKS;
  const result = spawnSync(process.execPath, [...CLI, ...args], { cwd: repo, encoding: "utf8", env });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** [messageId, line, column] of each diagnostic `momenta lint --pack` gives the pack. */
function lintPack(name: string): { status: number | null; found: [string, string, number, number][] } {
  const { status, stdout, stderr } = momenta(["lint", "--pack", join(fixtures, name), "--format", "json"]);
  expect(stderr).toBe("");
  const report = JSON.parse(stdout) as {
    diagnostics: { ruleId: string; messageId: string; line: number; column: number }[];
  };
  return { status, found: report.diagnostics.map((d) => [d.ruleId, d.messageId, d.line, d.column]) };
}

const body = (note: string) => note.replace(/^---\n[\s\S]*?\n---\n/, "");

describe("a pack chapter's component attributes", () => {
  it("never pass lint: a pack chapter is plain Markdown, so a component is raw HTML, placed at its tag", () => {
    const { status, found } = lintPack("components");
    expect(status).toBe(1);
    expect(found).toEqual([
      ["untrusted-prose", "raw-html", 14, 1],
      ["untrusted-prose", "event-handler", 16, 1],
      ["untrusted-prose", "raw-html", 18, 6],
    ]);
  }, 60_000);

  it.each(["obsidian", "foundry"])(
    "never reach the %s export: the pack is refused, no file of it written",
    (format) => {
      const out = join(scratch, `components-${format}`);
      const { status, stderr } = momenta(["export", "--format", format, out], join(fixtures, "components"));
      expect(status).toBe(1);
      expect(stderr).toContain("error: a homebrew pack with lint errors is not exported");
      expect(existsSync(out)).toBe(false);
    },
    120_000,
  );
});

describe("text the linter read as plain text and Obsidian did not", () => {
  it("is refused with a positioned diagnostic: `![[…]]` embeds, markup in a reference's label, `<javascript:…>`, an entity-encoded scheme, a link definition", () => {
    const { status, found } = lintPack("refused");
    expect(status).toBe(1);
    expect(found).toEqual([
      ["untrusted-prose", "broken-reference", 12, 38],
      ["untrusted-prose", "broken-reference", 14, 2],
      ["untrusted-prose", "event-handler", 16, 5],
      ["untrusted-prose", "unsafe-link", 18, 13],
      ["untrusted-prose", "event-handler", 18, 55],
      ["untrusted-prose", "unsafe-link", 20, 9],
      ["untrusted-prose", "unsafe-link", 22, 1],
    ]);
  }, 60_000);
});

describe("a pack's text that passes lint", () => {
  const inert = join(fixtures, "inert");
  const vault = join(scratch, "inert-vault");
  const module = join(scratch, "inert-foundry");

  it("lints clean", () => {
    expect(lintPack("inert")).toEqual({ status: 0, found: [] });
  }, 60_000);

  it("is written into the Obsidian vault as text: no plugin fence, query, math, comment, template or embed", () => {
    expect(momenta(["export", "--format", "obsidian", vault], inert).status).toBe(0);
    const chapter = readFileSync(join(vault, "Homebrew/Hostile inert/40 Inert Text.md"), "utf8");
    expect(body(chapter)).toBe(`
# Inert Text

> Homebrew · Hostile inert

Test fixture, not game content: each line is plain text to the linter and the site, and was live in an export.

\`\`\`
app.vault.adapter.write("pwned.md", "x")
\`\`\`

Inline &#x24;= dv.el("p", "x") and = this.file.name queries.

Math &#x24;\\href{javascript:alert(1)}{x}&#x24; and a &#x25;%hidden&#x25;% comment.

A template &#x3C;% tp.file.title %> and &#x3C;%\\* app.vault %>.

A macro @UUID\\[Macro.abcdefghijklmnop]{Run} and @Actor\\[x]{y} and \\&Reference\\[prone].

Entities &#x3C;img src=x onerror=alert(1)> and &#x3C;script>.

\`\`\`
<img src=x onerror=alert(1)>
\`\`\`

The [[Conditions/Hindered|Hindered]] condition.
`);
    const entry = readFileSync(join(vault, "Conditions/Smouldering.md"), "utf8");
    expect(body(entry)).toContain(
      '**Effect**: Test fixture, not game content. Like [[Conditions/Hindered|Hindered]]; &#x24;= dv.el("p", "x"); &#x24;x&#x24;; &#x25;%hidden&#x25;%; &#x3C;% tp.file.title %>; @UUID\\[Macro.abcdefghijklmnop]{Run}.\n\n```\napp.vault.adapter.write("pwned.md", "x")\n```\n',
    );
    expect(body(entry)).not.toContain("```dataviewjs");
  }, 120_000);

  it("is written into the Foundry journals with no enricher live: no macro, document link or lookup of its own", () => {
    expect(momenta(["export", "--format", "foundry", module], inert).status).toBe(0);
    const folder = join(module, "src/packs/momenta-rules");
    const pages = readdirSync(folder).flatMap(
      (file) =>
        (
          JSON.parse(readFileSync(join(folder, file), "utf8")) as {
            pages: { name: string; text: { content: string } }[];
          }
        ).pages,
    );
    const content = (name: string) => pages.find((page) => page.name === name)?.text.content ?? "";
    const link =
      /@UUID\[Compendium\.momenta-rules\.momenta-rules\.JournalEntry\.\w{16}\.JournalEntryPage\.\w{16}\]\{Hindered\}/;
    // U+2060 (a word joiner, invisible) after each `@` and `&` the author wrote: Foundry's enrichers match none
    expect(content("Inert Text")).toContain(
      "<p>A macro @\u2060UUID[Macro.abcdefghijklmnop]{Run} and @\u2060Actor[x]{y} and &#x26;\u2060Reference[prone].</p>",
    );
    expect(content("Inert Text")).toMatch(new RegExp(`<p>The ${link.source} condition\\.</p>`));
    expect(content("Inert Text")).toContain(
      "<p>Entities &#x3C;img src=x onerror=alert(1)> and &#x3C;script>.</p>",
    );
    expect(content("Smouldering")).toContain("@\u2060UUID[Macro.abcdefghijklmnop]{Run}.");
    expect(content("Smouldering")).toMatch(new RegExp(`Like ${link.source};`));
  }, 180_000);
});
