// The incremental re-lint gives exactly the diagnostics of a full lint after each edit of a sequence (edits, renames, adds, deletes)
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { changedFiles, seen } from "../test/relint-seen.ts";
import { IncrementalLint } from "./incremental.ts";
import { type LintResult, lintContentSync } from "./lint.ts";

const REPO = join(import.meta.dirname, "../../..");

describe("IncrementalLint", () => {
  const dir = mkdtempSync(join(tmpdir(), "momenta-incremental-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  cpSync(join(REPO, "content"), join(dir, "content"), { recursive: true });
  cpSync(join(REPO, "packages/schema/json-schema"), join(dir, "packages/schema/json-schema"), {
    recursive: true,
  });
  const path = (file: string) => join(dir, file);
  const read = (file: string) => readFileSync(path(file), "utf8");
  const write = (file: string, text: string) => writeFileSync(path(file), text);
  const lint = new IncrementalLint({ root: dir });

  /** Apply an edit on disk, update the incremental lint with the file, and compare with a full lint. */
  const step = (file: string, edit: () => void, mode: "incremental" | "full" = "incremental") => {
    edit();
    const before = lint.current;
    const incremental = lint.update([{ file }]);
    expect(lint.stats.mode).toBe(mode);
    expect(seen(incremental)).toEqual(seen(lintContentSync({ root: dir })));
    // every file whose diagnostics changed is named as affected (what the editor and dev server re-publish)
    if (mode === "incremental") expect(lint.affected).toEqual(expect.any(Set));
    else expect(lint.affected).toBeUndefined();
    const changed = changedFiles(before, incremental);
    if (lint.affected) expect([...changed].filter((name) => !lint.affected?.has(name))).toEqual([]);
    return incremental;
  };
  const messages = (result: LintResult, file: string) =>
    result.diagnostics.filter((d) => d.file === file).map((d) => `${d.ruleId}: ${d.message}`);

  it("starts with the full lint's diagnostics", () => {
    expect(seen(lint.current)).toEqual(seen(lintContentSync({ root: dir })));
  });

  const grabbed = "content/conditions/grabbed.json";
  const grabbedText = read(grabbed);
  const maneuver = "content/maneuvers/shake-it-off.json";
  const maneuverText = read(maneuver);

  it("an edit in prose: the new broken reference, then the fix", () => {
    const broken = step(maneuver, () => write(maneuver, maneuverText.replace("[[", "[[Nowhere]] [[")));
    expect(messages(broken, maneuver)).toContain(
      "references: `[[Nowhere]]` does not match any entry or chapter",
    );
    step(maneuver, () => write(maneuver, maneuverText));
  });

  it("an edit and a file renamed away in one update (as `sed -i` writes): the graph holds the new text", () => {
    const edited = maneuverText.replace("[[", "[[Nowhere]] [[");
    write(maneuver, edited);
    const twin = "content/maneuvers/shake-it-off-twin.json";
    write(twin, maneuverText.replace('"maneuver/shake-it-off"', '"maneuver/shake-it-off-twin"'));
    const result = lint.update([{ file: maneuver }, { file: "content/maneuvers/sedX1b2c3" }, { file: twin }]);
    expect(seen(result)).toEqual(seen(lintContentSync({ root: dir })));
    expect(result.graph.source(maneuver)?.text).toBe(edited);
    unlinkSync(path(twin));
    write(maneuver, maneuverText);
    expect(seen(lint.update([{ file: twin }, { file: maneuver }]))).toEqual(
      seen(lintContentSync({ root: dir })),
    );
    expect(lint.current.graph.source(maneuver)?.text).toBe(maneuverText);
  });

  it("a condition's cap lowered: references elsewhere over the new cap are reported where they are", () => {
    const impaired = "content/conditions/impaired.json";
    const text = read(impaired);
    const result = step(impaired, () => write(impaired, text.replace('"max": 3', '"max": 2')));
    expect(
      result.diagnostics.some((d) => d.message === "`[[Impaired 3]]`: Impaired stacks to at most 2"),
    ).toBe(true);
    step(impaired, () => write(impaired, text));
  });

  it("a condition's `typeOf` dropped: a parameter naming it elsewhere is no longer known", () => {
    const reckless = "content/conditions/reckless.json";
    const text = read(reckless);
    step(maneuver, () => write(maneuver, maneuverText.replace("[[", "[[Affliction 1 (Reckless)]] [[")));
    const result = step(reckless, () =>
      write(reckless, text.replace('"typeOf": "condition/affliction",', "")),
    );
    expect(messages(result, maneuver).some((m) => m.includes("`Reckless` is not a known"))).toBe(true);
    step(reckless, () => write(reckless, text));
    step(maneuver, () => write(maneuver, maneuverText));
  });

  it("a glossary term pointed at the wrong chapter title", () => {
    const term = "content/glossary/grabbed.json";
    const text = read(term);
    const result = step(term, () => write(term, text.replace('"Conditions and States"', '"Conditions"')));
    expect(messages(result, term).some((m) => m.startsWith("glossary: chapter 22 is titled"))).toBe(true);
    step(term, () => write(term, text));
  });

  it("a rename: every reference to the old name breaks, in files never touched", () => {
    const move = "content/maneuvers/move.json";
    const text = read(move);
    const result = step(move, () => write(move, text.replace('"name": "Move"', '"name": "Stride"')));
    const broken = result.diagnostics.filter((d) => d.message.endsWith("no maneuver is named `Move`"));
    expect(broken.some((d) => d.file === grabbed)).toBe(true);
    step(move, () => write(move, text));
  });

  it("a rename onto another kind's name: one error at the renamed entry, the links it made ambiguous under it", () => {
    const condition = "content/conditions/hindered.json";
    const text = read(condition);
    const result = step(condition, () =>
      write(condition, text.replace('"name": "Hindered"', '"name": "Shift"')),
    );
    const clash = result.diagnostics.filter((d) => d.file === condition && d.ruleId === "references");
    expect(clash.map((d) => d.message)).toEqual([
      "`Shift` is also the name of `maneuver/shift`: it makes 4 `[[Shift]]` links in 1 file ambiguous",
    ]);
    expect(clash[0]?.related.filter((note) => note.message === "`[[Shift]]` is ambiguous")).toHaveLength(4);
    expect(result.diagnostics.filter((d) => d.message.includes("is ambiguous"))).toEqual([]);
    expect(
      result.diagnostics.filter((d) => d.file === "content/maneuvers/shift.json" && d.severity === "error"),
    ).toEqual([]);
    step(condition, () => write(condition, text));
  });

  it("a rename onto another condition's name: one error at the renamed entry, its links under it, as they change", () => {
    const condition = "content/conditions/hindered.json";
    const text = read(condition);
    const result = step(condition, () =>
      write(condition, text.replace('"name": "Hindered"', '"name": "Impaired"')),
    );
    const taken = result.diagnostics.filter((d) => d.file === condition && d.messageId === "name-taken");
    expect(taken.map((d) => d.message)).toEqual([
      expect.stringMatching(
        /^name `Impaired` is also the name of `condition\/impaired`: it makes \d+ `\[\[Impaired\]\]` links in \d+ files ambiguous$/,
      ),
    ]);
    expect(result.diagnostics.filter((d) => d.message.includes("is ambiguous"))).toEqual([]);
    const count = (message: string | undefined) => Number(message?.match(/makes (\d+)/)?.[1]);
    const before = count(taken[0]?.message);
    // a new link elsewhere, re-linted alone: counted under the same error (step compares with a full lint)
    const chapter = "content/rules/00-what-is-momenta.mdx";
    const prose = read(chapter);
    const more = step(chapter, () => write(chapter, `${prose}\nOne more [[Impaired]] link.\n`));
    const after = more.diagnostics.find((d) => d.file === condition && d.messageId === "name-taken");
    expect(count(after?.message)).toBe(before + 1);
    step(chapter, () => write(chapter, prose));
    step(condition, () => write(condition, text));
  });

  it("a new weapon named like a condition, and one named like another weapon", () => {
    const dagger = read("content/weapons/dagger.json");
    const hindered = "content/weapons/hindered.json";
    step(hindered, () =>
      write(
        hindered,
        dagger.replace('"weapon/dagger"', '"weapon/hindered"').replace('"Dagger"', '"Hindered"'),
      ),
    );
    // the newcomer's own file says so, also when it is linted alone; the established condition too
    const alone = lintContentSync({ root: dir, paths: [hindered] });
    const collision =
      "references: `Hindered` is also the name of `condition/hindered`, and an unqualified `[[Hindered]]` cannot tell them apart";
    expect(messages(alone, hindered)).toContain(collision);
    expect(messages(lint.current, "content/conditions/hindered.json")).toContain(
      "references: `Hindered` is also the name of `weapon/hindered`, and an unqualified `[[Hindered]]` cannot tell them apart",
    );
    // an established name shared across kinds (archetype and mastery domain `Elf`) is not reported
    expect(
      lint.current.diagnostics.filter((d) => d.file.endsWith("/elf.json") && d.ruleId !== "incomplete"),
    ).toEqual([]);
    const twin = "content/weapons/dagger-two.json";
    const result = step(twin, () => write(twin, dagger.replace('"weapon/dagger"', '"weapon/dagger-two"')));
    // the copy renamed onto `Dagger` (its file says `dagger-two`) is the place to fix, not the untouched original
    const collides = (m: string) => m.includes("name-collision") || m.includes("name `Dagger`");
    expect(messages(result, twin).some(collides)).toBe(true);
    expect(messages(result, "content/weapons/dagger.json").some(collides)).toBe(false);
    step(twin, () => unlinkSync(path(twin)));
    step(hindered, () => unlinkSync(path(hindered)));
  });

  it("a deleted entry that others reference, then restored", () => {
    const shift = "content/maneuvers/shift.json";
    const text = read(shift);
    const result = step(shift, () => unlinkSync(path(shift)));
    expect(messages(result, grabbed)).toContain(
      "references: `[[maneuver:Shift]]`: no maneuver is named `Shift`",
    );
    step(shift, () => write(shift, text));
  });

  it("a chapter heading renamed: anchors to it break; a JSON syntax error and its fix", () => {
    const chapter = "content/rules/20-attacking.mdx";
    const text = read(chapter);
    // an anchor to it from an entry: the chapter's edit re-checks the entry
    const anchored = maneuverText.replace("[[", "[[chapter:Attacking#line-of-sight|Line of Sight]] [[");
    step(maneuver, () => write(maneuver, anchored));
    const result = step(chapter, () => write(chapter, text.replace("### Line of Sight", "### Sightlines")));
    const missing = result.diagnostics.filter((d) => d.message.includes("has no heading `#line-of-sight`"));
    expect(missing.map((d) => d.file)).toEqual([maneuver, chapter]);
    step(chapter, () => write(chapter, text));
    step(maneuver, () => write(maneuver, maneuverText));
    // a doubled comma is one problem, at the second comma; the links its loss moves are notes of that error
    const doubled = step(grabbed, () =>
      write(grabbed, grabbedText.replace('"status": "complete",', '"status": "complete",,')),
    );
    expect(messages(doubled, grabbed)).toEqual([
      "parse: invalid JSON: expected a property name in double quotes",
    ]);
    const [error] = doubled.diagnostics.filter((d) => d.file === grabbed);
    expect(
      error?.related.filter((note) => note.message.startsWith("`[[Grabbed]]` is not checked")),
    ).not.toEqual([]);
    step(grabbed, () => write(grabbed, grabbedText));
  });

  it("a chapter stops mentioning a glossary term: the term's own file, never touched, is affected", () => {
    const chapter = "content/rules/30-building-encounters.mdx";
    const term = "content/glossary/champion.json";
    const text = read(chapter);
    const result = step(chapter, () =>
      write(chapter, text.replace("**Champion** and above", "the higher classes")),
    );
    expect(messages(result, term)).toEqual([
      "glossary-mention: chapter 30 (`Building Encounters`) never mentions `Champion`",
    ]);
    expect(lint.affected?.has(term)).toBe(true);
    step(chapter, () => write(chapter, text));
    expect(lint.affected?.has(term)).toBe(true);
  });

  it("a new link into a file that did not load: the broken file's error, never touched, gains the note", () => {
    step(grabbed, () =>
      write(grabbed, grabbedText.replace('"status": "complete",', '"status": "complete",,')),
    );
    const result = step(maneuver, () =>
      write(maneuver, maneuverText.replace("[[", "[[condition:Grabbed]] [[")),
    );
    const [error] = result.diagnostics.filter((d) => d.file === grabbed && d.ruleId === "parse");
    expect(error?.related.map((note) => note.file)).toContain(maneuver);
    expect(lint.affected?.has(grabbed)).toBe(true);
    step(maneuver, () => write(maneuver, maneuverText));
    step(grabbed, () => write(grabbed, grabbedText));
  });

  it("an entry a character names stops parsing: the character's knock-on folds under that file's error", () => {
    const warrior = "content/archetypes/warrior.json";
    const mira = "content/characters/mira.json";
    const warriorText = read(warrior);
    const result = step(warrior, () => write(warrior, warriorText.replace('"id":', '"id":,')));
    expect(messages(result, mira)).toEqual([]);
    const [error] = result.diagnostics.filter((d) => d.file === warrior && d.ruleId === "parse");
    expect(error?.related.filter((note) => note.file === mira).map((note) => note.message)).toEqual([
      "`archetype/warrior` is not checked: `archetype/warrior` is in `content/archetypes/warrior.json`, which did not load",
    ]);
    expect(lint.affected?.has(mira)).toBe(true);
    step(warrior, () => write(warrior, warriorText));
    expect(lint.affected?.has(mira)).toBe(true);
  });

  it("a condition's file stops parsing: a Resonance's `[[Wracked (Fire)]]`, now a glossary term's, is its knock-on", () => {
    const wracked = "content/conditions/wracked.json";
    const ignis = "content/resonances/ignis.json";
    const wrackedText = read(wracked);
    const result = step(wracked, () => write(wracked, wrackedText.replace('"id":', '"id":,')));
    expect(messages(result, ignis).filter((line) => line.startsWith("spellcasting"))).toEqual([]);
    const [error] = result.diagnostics.filter((d) => d.file === wracked && d.ruleId === "parse");
    // 21 and 31 are its fields' conditions; 48 is prose whose `[[Wracked 3 (Fire)]]` falls back to the glossary term
    expect(error?.related.filter((note) => note.file === ignis).map((note) => note.line)).toEqual([
      21, 31, 48,
    ]);
    expect(lint.affected?.has(ignis)).toBe(true);
    step(wracked, () => write(wracked, wrackedText));
  });

  it("an affliction's file stops parsing: `[[Affliction (Paranoid)]]` elsewhere becomes its knock-on, then is checked again", () => {
    const paranoid = "content/conditions/paranoid.json";
    const paranoidText = read(paranoid);
    step(maneuver, () => write(maneuver, maneuverText.replace("[[", "[[Affliction (Paranoid)]] [[")));
    const result = step(paranoid, () => write(paranoid, paranoidText.replace('"id":', '"id":,')));
    expect(messages(result, maneuver).filter((line) => line.startsWith("condition-stacks"))).toEqual([]);
    const [error] = result.diagnostics.filter((d) => d.file === paranoid && d.ruleId === "parse");
    expect(error?.related.filter((note) => note.file === maneuver).map((note) => note.message)).toEqual([
      "`[[Affliction (Paranoid)]]` is not checked: `condition/paranoid` is in `content/conditions/paranoid.json`, which did not load",
    ]);
    step(paranoid, () => write(paranoid, paranoidText));
    step(maneuver, () => write(maneuver, maneuverText));
  });

  it("an editor's unsaved text counts as the file's, and closing it takes the disk's back", () => {
    const text = maneuverText.replace("[[", "[[Elsewhere]] [[");
    const result = lint.update([{ file: maneuver, text }]);
    expect(messages(result, maneuver)).toContain(
      "references: `[[Elsewhere]]` does not match any entry or chapter",
    );
    write(maneuver, text);
    expect(seen(result)).toEqual(seen(lintContentSync({ root: dir })));
    write(maneuver, maneuverText);
    expect(seen(lint.update([{ file: maneuver }]))).toEqual(seen(lintContentSync({ root: dir })));
  });

  it("a change to momenta.config.json re-applies it without re-reading any content; one that stops parsing keeps the last", () => {
    const config = "momenta.config.json";
    write(maneuver, maneuverText.replace("[[", "[[Nowhere]] [["));
    step(maneuver, () => undefined);
    const severity = () =>
      lint.current.diagnostics
        .filter((d) => d.file === maneuver && d.ruleId === "references")
        .map((d) => d.severity);
    expect(severity()).toEqual(["error"]);
    const graph = lint.current.graph;
    step(config, () => write(config, '{ "rules": { "references": "warn" } }\n'));
    expect([severity(), lint.stats.checked, lint.current.graph]).toEqual([["warn"], 0, graph]);
    expect(lint.affected).toContain(maneuver);
    step(config, () => write(config, '{ "ignore": ["content/maneuvers/**"] }\n'));
    expect(severity()).toEqual([]);
    // an editor's unsaved text of the configuration is the configuration
    lint.update([{ file: config, text: "{}" }]);
    expect(severity()).toEqual(["error"]);
    const typing = lint.update([{ file: config, text: '{ "rules": { "references": "off",' }]);
    expect([severity(), typing.diagnostics[0]?.help]).toEqual([
      ["error"],
      "fix the JSON; until it parses, the last configuration that did stays applied",
    ]);
    lint.update([{ file: config }]);
    expect(severity()).toEqual([]);
    // the configuration and content in one update: both applied, each file they change named
    rmSync(path(config));
    write(maneuver, maneuverText);
    const before = lint.current;
    const after = lint.update([{ file: config }, { file: maneuver }]);
    expect(seen(after)).toEqual(seen(lintContentSync({ root: dir })));
    expect([...changedFiles(before, after)].filter((name) => !lint.affected?.has(name))).toEqual([]);
  });

  it("a new catalog folder is linted in full; dot files are not content", () => {
    step(
      "content/weapon/axe.json",
      () => {
        mkdirSync(path("content/weapon"));
        write("content/weapon/axe.json", "{}");
      },
      "full",
    );
    step("content/weapons/.dagger.json.swp", () => write("content/weapons/.dagger.json.swp", "x"));
    rmSync(path("content/weapon"), { recursive: true });
    step("content/weapon", () => undefined, "full");
  });
});
