// What `npm run dev` says after a save: every file the save changed, in the terminal and in the page's banner
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { IncrementalLint } from "@momenta/lint";
import { afterAll, describe, expect, it } from "vitest";
import { bannerDiagnostics, devChange, saveReport } from "../src/lib/dev.ts";

const REPO = join(import.meta.dirname, "../..");
const IMPAIRED = "content/conditions/impaired.json";
const DAGGER = "content/weapons/dagger.json";
const OVER_CAP = "`[[Impaired 3]]`: Impaired stacks to at most 2";

describe("a save's report", () => {
  const root = mkdtempSync(join(tmpdir(), "momenta-dev-report-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  cpSync(join(REPO, "content"), join(root, "content"), { recursive: true });
  const lint = new IncrementalLint({ root });
  const start = lint.current.diagnostics;
  const read = (file: string) => readFileSync(join(root, file), "utf8");
  const save = (file: string, text: string) => {
    const before = lint.current.diagnostics;
    writeFileSync(join(root, file), text);
    const result = lint.update([{ file }]);
    return {
      result,
      report: saveReport(`change ${file}`, before, result, 5),
      banner: bannerDiagnostics(result.diagnostics, start, [file]),
    };
  };
  const impaired = read(IMPAIRED);
  const dagger = read(DAGGER);

  it("a lowered cap: the errors it makes in other files, in the terminal and the banner", () => {
    const { result, report, banner } = save(IMPAIRED, impaired.replace('"max": 3', '"max": 2'));
    const elsewhere = result.diagnostics.filter((d) => d.message === OVER_CAP);
    expect(elsewhere.length).toBeGreaterThan(0);
    expect(elsewhere.every((d) => d.file !== IMPAIRED)).toBe(true);
    const lines = report.text.split("\n");
    expect(lines[0]).toBe(`change ${IMPAIRED} (reloaded in 5 ms)`);
    for (const d of elsewhere) expect(report.text).toContain(`${d.file}:${d.line}:${d.column}`);
    expect(report.text).toContain(`error[condition-stacks]: ${OVER_CAP}`);
    expect(report.added).toBe(elsewhere.length);
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^checked ${result.files.length} files: 1 error, \\d+ warnings · ${elsewhere.length} new, 0 fixed$`,
      ),
    );
    expect(banner.filter((d) => d.message === OVER_CAP)).toEqual(elsewhere);
    // the session's start had its own warnings: the banner shows none of them, only what needs the author now
    expect(banner.every((d) => d.severity === "error" || d.file === IMPAIRED)).toBe(true);
  });

  it("saving a clean file keeps the broken ones' banner; the fix says what it fixed", () => {
    const clean = save(DAGGER, dagger.replace("always [[Piercing]]", "always  [[Piercing]]"));
    expect(clean.banner.filter((d) => d.message === OVER_CAP).length).toBeGreaterThan(0);
    expect(clean.report.added).toBe(0);
    expect(clean.report.text.split("\n")).toHaveLength(2);
    const fixed = save(IMPAIRED, impaired);
    const lines = fixed.report.text.split("\n");
    expect(
      lines.filter(
        (line) => line.startsWith("fixed: ") && line.endsWith(`error[condition-stacks] ${OVER_CAP}`),
      ).length,
    ).toBe(clean.banner.filter((d) => d.message === OVER_CAP).length);
    expect(lines.at(-1)).toMatch(/ · 0 new, \d+ fixed$/);
    expect(fixed.banner).toEqual(fixed.result.diagnostics.filter((d) => d.file === IMPAIRED));
    save(DAGGER, dagger);
  });

  it("a chapter that stops loading leaves its warnings and those about it unchecked, not fixed", () => {
    const chapter = "content/rules/20-attacking.mdx";
    const text = read(chapter);
    const before = lint.current.diagnostics;
    // the chapter's own warnings, and a glossary term's about it, are there to hide
    expect(before.some((d) => d.file === chapter && d.severity === "warn")).toBe(true);
    expect(before.some((d) => d.ruleId === "glossary-mention" && d.message.includes("chapter 20"))).toBe(
      true,
    );
    const broken = save(chapter, text.replace('title: "Attacking"', 'title: "Attacking'));
    const lines = broken.report.text.split("\n");
    expect(lines.filter((line) => line.startsWith("fixed: "))).toEqual([]);
    expect(broken.report.text).toContain("error[parse]");
    expect(lines.at(-1)).toMatch(/ · 1 new, 0 fixed$/);
    expect(broken.report.unchecked.map((d) => d.ruleId).sort()).toEqual([
      "glossary-mention",
      "incomplete",
      "incomplete",
      "incomplete",
    ]);
    // loaded again, the warnings it hid are neither new nor fixed: only the parse error is fixed
    const hidden = [...lint.current.diagnostics, ...broken.report.unchecked];
    writeFileSync(join(root, chapter), text);
    const restored = saveReport(`change ${chapter}`, hidden, lint.update([{ file: chapter }]), 5);
    const after = restored.text.split("\n");
    expect(after.filter((line) => line.startsWith("fixed: "))).toHaveLength(1);
    expect(after[1]).toMatch(/^fixed: content\/rules\/20-attacking\.mdx:\d+:\d+: error\[parse\] /);
    expect(after.at(-1)).toMatch(/ · 0 new, 1 fixed$/);
  });

  it("a warning a save brings to another file stays in the banner until it goes", () => {
    const chapter = "content/rules/30-building-encounters.mdx";
    const term = "content/glossary/champion.json";
    const text = read(chapter);
    const { banner } = save(chapter, text.replace("**Champion** and above", "the higher classes"));
    expect(banner.map((d) => `${d.file} ${d.ruleId}`)).toContain(`${term} glossary-mention`);
    expect(save(DAGGER, `${dagger} `).banner.map((d) => d.file)).toContain(term);
    save(DAGGER, dagger);
    expect(save(chapter, text).banner.map((d) => d.file)).not.toContain(term);
  });

  it("a save of momenta.config.json re-applies it: a rule turned off, its warnings fixed", () => {
    const config = devChange(join(root, "momenta.config.json"), root);
    expect(config).toBe("momenta.config.json");
    // content files are named from the root; an editor's or `sed -i`'s temp file is not re-linted
    expect(devChange(join(root, "content/conditions/hindered.json"), root)).toBe(
      "content/conditions/hindered.json",
    );
    expect(devChange(join(root, "content/conditions/sedBykj7I"), root)).toBeUndefined();
    expect(devChange(join(root, "site/astro.config.mjs"), root)).toBeUndefined();
    // a previewed pack's content and manifest count too, named from the root as `lint --pack` names them
    const pack = join(root, "packs/ember-court");
    expect(devChange(join(pack, "content/weapons/cinder-glaive.json"), root, [pack])).toBe(
      "packs/ember-court/content/weapons/cinder-glaive.json",
    );
    expect(devChange(join(pack, "momenta-pack.json"), root, [pack])).toBe(
      "packs/ember-court/momenta-pack.json",
    );
    expect(devChange(join(pack, "README.md"), root, [pack])).toBeUndefined();
    expect(devChange(join(pack, "content/weapons/cinder-glaive.json"), root)).toBeUndefined();
    const before = lint.current.diagnostics;
    expect(before.some((d) => d.ruleId === "incomplete")).toBe(true);
    const { result, report } = save(config as string, '{ "rules": { "incomplete": "off" } }\n');
    expect(result.diagnostics.some((d) => d.ruleId === "incomplete")).toBe(false);
    const lines = report.text.split("\n");
    expect(lines.filter((line) => line.startsWith("fixed: ")).length).toBe(
      before.filter((d) => d.ruleId === "incomplete").length,
    );
    expect(lines.at(-1)).toMatch(/ · 0 new, [1-9]\d* fixed$/);
    unlinkSync(join(root, "momenta.config.json"));
    expect(lint.update([{ file: config as string }]).diagnostics).toEqual(before);
  });
});
