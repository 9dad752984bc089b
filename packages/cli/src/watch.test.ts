// `momenta lint --watch` (and `--pack <dir> --watch`) as a child process on a temp copy: an edit prints only what it changed
import { type ChildProcess, spawn } from "node:child_process";
import {
  closeSync,
  cpSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const BIN = join(import.meta.dirname, "../bin/momenta.mjs");
const REPO = join(import.meta.dirname, "../../..");

/** Writes `text` over a file of the same length in one write, with no truncation the watcher could see on its own. */
function writeInPlace(file: string, text: string): void {
  const bytes = Buffer.from(text);
  if (bytes.length !== readFileSync(file).length)
    throw new Error(`${file}: the new text is not the old one's length`);
  const fd = openSync(file, "r+");
  try {
    writeSync(fd, bytes, 0, bytes.length, 0);
  } finally {
    closeSync(fd);
  }
}

describe("momenta lint --watch", () => {
  const dir = mkdtempSync(join(tmpdir(), "momenta-watch-"));
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lints all, then prints only what each save changed (new and fixed problems) and one summary line", async () => {
    cpSync(join(REPO, "content"), join(dir, "content"), { recursive: true });
    cpSync(join(REPO, "packages/schema/json-schema"), join(dir, "packages/schema/json-schema"), {
      recursive: true,
    });
    const file = join(dir, "content/weapons/dagger.json");
    const original = readFileSync(file, "utf8");
    let out = "";
    const proc = spawn(process.execPath, [BIN, "lint", "--watch"], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: "1" },
    });
    child = proc;
    proc.stdout.on("data", (chunk) => (out += String(chunk)));
    proc.stderr.on("data", (chunk) => (out += String(chunk)));
    // each printed state ends with the watching line; a write can arrive in two events (truncate, then text), so
    // wait for the first state after the last one seen that shows what is expected
    let seen = 0;
    const waitFor = async (pattern: RegExp) => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const states = out.split("watching for changes").slice(0, -1);
        const index = states.findIndex((state, i) => i >= seen && pattern.test(state));
        if (index >= 0) {
          seen = index + 1;
          return states[index] as string;
        }
        if (Date.now() > deadline) throw new Error(`no state matching ${pattern} in:\n${out}`);
        await new Promise((done) => setTimeout(done, 50));
      }
    };
    const first = await waitFor(/checked \d+ files/);
    expect(first).toMatch(/checked \d+ files: 0 errors/);
    // the first state is printed whole: the real content's warnings (incomplete entries, lost tables) among it
    expect(first).toContain("warning[incomplete]");

    writeFileSync(file, original.replace('"status": "complete"', '"status": "nonsense"'));
    const broken = await waitFor(/error\[schema\]/);
    expect(broken).toContain("changed: content/weapons/dagger.json");
    expect(broken).toContain("content/weapons/dagger.json");
    // only the new problem, not the 140 warnings again, then one line: the whole state and what changed
    expect(broken).not.toContain("warning[");
    expect(broken.match(/^error\[/gm)).toHaveLength(1);
    expect(broken).toMatch(
      /\nchecked \d+ files: 1 error, \d+ warnings · 1 new, \d+ fixed · linted in \d+ ms · $/,
    );

    writeFileSync(file, original);
    const fixed = await waitFor(/checked \d+ files: 0 errors/);
    expect(fixed).toContain("changed: content/weapons/dagger.json");
    // (an editor may write the file in two events, truncate then text: the last state then fixes the parse error)
    expect(fixed).toMatch(/^fixed: content\/weapons\/dagger\.json:\d+:\d+: error\[(schema|parse)\] /m);
    // nothing is printed again as a problem: the fixed one is a `fixed:` line, the warnings stay unprinted
    expect(fixed).not.toMatch(/^(error|warning)\[/m);
    expect(fixed).toMatch(
      /\nchecked \d+ files: 0 errors, \d+ warnings · 0 new, \d+ fixed · linted in \d+ ms · $/,
    );

    // a chapter that stops loading hides its warnings and a glossary term's about it: unchecked, not fixed
    const chapter = join(dir, "content/rules/20-attacking.mdx");
    const attacking = readFileSync(chapter, "utf8");
    writeFileSync(chapter, attacking.replace('title: "Attacking"', 'title: "Attacking'));
    const unloaded = await waitFor(/error\[parse\]/);
    expect(unloaded).not.toMatch(/^fixed: /m);
    expect(unloaded).toMatch(/ · 1 new, 0 fixed · /);
    // loaded again, only its parse error is fixed: the warnings it hid are not printed as new
    writeFileSync(chapter, attacking);
    const reloaded = await waitFor(/checked \d+ files: 0 errors/);
    expect(reloaded.match(/^fixed: .*$/gm)).toEqual([
      expect.stringMatching(/^fixed: content\/rules\/20-attacking\.mdx:\d+:\d+: error\[parse\] /),
    ]);
    expect(reloaded).not.toMatch(/^(error|warning)\[/m);
    expect(reloaded).toMatch(/ · 0 new, 1 fixed · /);

    // a save as `sed -i` makes it (a temp file renamed over the file) names the file, not the temp file
    const hindered = join(dir, "content/conditions/hindered.json");
    const temp = join(dir, "content/conditions/sedBykj7I");
    writeFileSync(temp, `${readFileSync(hindered, "utf8")} `);
    renameSync(temp, hindered);
    const sedSaved = await waitFor(/changed: /);
    expect(sedSaved).toContain("changed: content/conditions/hindered.json\n");
    expect(sedSaved).toMatch(/ · 0 new, 0 fixed · /);
    // and the replaced file is still watched (a new inode, which a watch of the old file would never hear of):
    // written in place, then replaced again
    const replaced = readFileSync(hindered, "utf8");
    writeFileSync(hindered, replaced.replace('"status": "complete"', '"status": "nonsense"'));
    const afterSed = await waitFor(/changed: content\/conditions\/hindered\.json/);
    expect(afterSed).toMatch(/^error\[schema\]/m);
    expect(afterSed).toMatch(/ · 1 new, 0 fixed · /);
    writeFileSync(temp, replaced);
    renameSync(temp, hindered);
    expect(await waitFor(/changed: content\/conditions\/hindered\.json/)).toMatch(/ · 0 new, 1 fixed · /);

    // the configuration is watched too: a rule turned off prints its warnings as fixed, nothing else
    const config = join(dir, "momenta.config.json");
    writeFileSync(config, '{ "rules": { "incomplete": "off" } }\n');
    const configured = await waitFor(/changed: momenta\.config\.json/);
    expect(configured).toMatch(/^fixed: content\/\S+:\d+:\d+: warning\[incomplete\] /m);
    expect(configured).not.toMatch(/^(error|warning)\[/m);
    expect(configured).toMatch(
      /\nchecked \d+ files: 0 errors, \d+ warnings · 0 new, [1-9]\d* fixed · linted in \d+ ms · $/,
    );
    // half typed: its mistake is the one new problem, and the rule stays off
    writeFileSync(config, '{ "rules": { "incomplete": "off",\n');
    const typing = await waitFor(/changed: momenta\.config\.json/);
    expect(typing.match(/^(error|warning)\[\S+\]/gm)).toEqual(["error[config]"]);
    expect(typing).toMatch(/ · 1 new, 0 fixed · /);
  }, 120_000);
});

describe("momenta lint --pack <dir> --watch", () => {
  const dir = mkdtempSync(join(tmpdir(), "momenta-watch-pack-"));
  let child: ChildProcess | undefined;
  afterAll(() => {
    child?.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it("lints the pack, then prints what each save of its files changed, in the pack's names", async () => {
    cpSync(join(REPO, "examples/homebrew"), join(dir, "pack"), { recursive: true });
    const file = join(dir, "pack/content/conditions/smouldering.json");
    const original = readFileSync(file, "utf8");
    let out = "";
    mkdirSync(join(dir, "settings"));
    writeFileSync(join(dir, "settings/lint.json"), "{}\n");
    const args = ["lint", "--pack", "pack", "--watch", "--config", "settings/lint.json"];
    const proc = spawn(process.execPath, [BIN, ...args], {
      cwd: dir,
      env: { ...process.env, NO_COLOR: "1" },
    });
    child = proc;
    proc.stdout.on("data", (chunk) => (out += String(chunk)));
    proc.stderr.on("data", (chunk) => (out += String(chunk)));
    let seen = 0;
    const waitFor = async (pattern: RegExp) => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const states = out.split("watching for changes").slice(0, -1);
        const index = states.findIndex((state, i) => i >= seen && pattern.test(state));
        if (index >= 0) {
          seen = index + 1;
          return states[index] as string;
        }
        if (Date.now() > deadline) throw new Error(`no state matching ${pattern} in:\n${out}`);
        await new Promise((done) => setTimeout(done, 50));
      }
    };
    expect(await waitFor(/checked \d+ files|no problems|problem/)).not.toMatch(/error\[/);

    // in place, in one write: writeFileSync truncates first, and a test process descheduled between the truncation
    // and the text for longer than the quiet time shows a parse error's state first (then this one's `1 fixed`)
    writeInPlace(file, original.replace("[[maneuver:Shift]]", "[[maneuver:Shfit]]"));
    const broken = await waitFor(/error\[references\]/);
    expect(broken).toContain("changed: pack/content/conditions/smouldering.json");
    expect(broken).toContain("pack/content/conditions/smouldering.json:");
    expect(broken.match(/^error\[/gm)).toHaveLength(1);
    expect(broken).toMatch(
      /\nchecked \d+ files: 1 error, \d+ warnings · 1 new, 0 fixed · linted in \d+ ms · $/,
    );

    writeFileSync(file, original);
    const fixed = await waitFor(/checked \d+ files: 0 errors/);
    expect(fixed).toMatch(
      /^fixed: pack\/content\/conditions\/smouldering\.json:\d+:\d+: error\[(references|parse)\] /m,
    );
    expect(fixed).not.toMatch(/^(error|warning)\[/m);

    // the `--config` file is watched: a severity changed there re-reports the one problem it changes
    writeInPlace(file, original.replace("[[maneuver:Shift]]", "[[maneuver:Shfit]]"));
    await waitFor(/error\[references\]/);
    writeFileSync(join(dir, "settings/lint.json"), '{ "rules": { "references": "warn" } }\n');
    const configured = await waitFor(/changed: settings\/lint\.json/);
    expect(configured).toMatch(
      /^fixed: pack\/content\/conditions\/smouldering\.json:\d+:\d+: error\[references\] /m,
    );
    expect(configured.match(/^(error|warning)\[\S+\]/gm)).toEqual(["warning[references]"]);
    expect(configured).toMatch(/\nchecked \d+ files: 0 errors, 1 warning · 1 new, 1 fixed · /);
  }, 120_000);
});
