// PackRelint re-lints a pack incrementally and gives exactly a full lintPacks' diagnostics after each edit of a sequence
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { changedFiles, seen } from "../test/relint-seen.ts";
import type { LintResult } from "./lint.ts";
import { lintPacks, PackRelint } from "./lint-pack.ts";
import { findCoreRoot } from "./pack/core.ts";

const REPO = join(import.meta.dirname, "../../..");
const coreRoot = findCoreRoot() as string;

/** A copy of the example pack under a scratch repository, with `patches` of the fixture house rules if asked. */
function scratch(patches: boolean) {
  const dir = mkdtempSync(join(tmpdir(), "momenta-pack-incremental-"));
  cpSync(join(REPO, "examples/homebrew"), join(dir, "pack"), { recursive: true });
  if (patches)
    cpSync(
      join(REPO, "packages/lint/test/fixtures/patch-packs/house-rules/patches"),
      join(dir, "pack/patches"),
      {
        recursive: true,
      },
    );
  const options = { packs: ["pack"], cwd: dir, coreRoot };
  const relint = new PackRelint(options);
  const path = (file: string) => join(dir, file);
  /** Apply an edit (on disk, or as an editor's text), update the re-lint, and compare it with a full lint. */
  const step = (file: string, edit: () => string | undefined, mode: "incremental" | "full") => {
    const text = edit();
    const before = relint.current;
    const result = relint.update([text === undefined ? { file } : { file, text }]);
    expect(relint.stats.mode).toBe(mode);
    const full = lintPacks({ ...options, files: relint.files });
    expect(seen(result)).toEqual(seen(full));
    // every file whose diagnostics changed is named as affected (what the editor and the dev server publish again)
    if (mode === "incremental") {
      const changed = changedFiles(before, result);
      expect([...changed].filter((name) => !relint.affected?.has(name))).toEqual([]);
    }
    return result;
  };
  return { dir, relint, path, step, read: (file: string) => readFileSync(path(file), "utf8") };
}

const SMOULDERING = "pack/content/conditions/smouldering.json";
const GLAIVE = "pack/content/weapons/cinder-glaive.json";
const messages = (result: LintResult, file: string) =>
  result.diagnostics.filter((d) => d.file === file).map((d) => `${d.ruleId}: ${d.message}`);

describe("PackRelint, incremental", () => {
  const { dir, relint, path, step, read } = scratch(false);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const smouldering = read(SMOULDERING);

  it("starts with the full lint's diagnostics", () => {
    expect(seen(relint.current)).toEqual(seen(lintPacks({ packs: ["pack"], cwd: dir, coreRoot })));
  });

  it("an edit in prose re-checks the file in place; the fix takes the diagnostic back", () => {
    const broken = step(
      SMOULDERING,
      () => smouldering.replace("[[maneuver:Shift]]", "[[maneuver:Shfit]]"),
      "incremental",
    );
    expect(messages(broken, SMOULDERING)).toEqual([
      "references: `[[maneuver:Shfit]]`: no maneuver is named `Shfit`",
    ]);
    expect(relint.stats.checked).toBeLessThan(relint.current.files.length + 1);
    expect(relint.affected?.has(SMOULDERING)).toBe(true);
    // an editor's unsaved text is not written: the disk still holds the original
    expect(read(SMOULDERING)).toBe(smouldering);
    expect(
      messages(
        step(SMOULDERING, () => undefined, "incremental"),
        SMOULDERING,
      ),
    ).toEqual([]);
  });

  it("a rename, a file that stops parsing, a new entry and its removal: the graph is rebuilt, the results agree", () => {
    step(
      SMOULDERING,
      () => smouldering.replace('"name": "Smouldering"', '"name": "Smoldering"'),
      "incremental",
    );
    const broken = step(SMOULDERING, () => "{,\n", "incremental");
    expect(messages(broken, SMOULDERING)[0]).toMatch(/^parse: /);
    step(SMOULDERING, () => undefined, "incremental");
    const copy = "pack/content/conditions/cinders.json";
    step(
      copy,
      () => {
        writeFileSync(
          path(copy),
          smouldering
            .replace("ember-court.smouldering", "ember-court.cinders")
            .replace('"Smouldering"', '"Cinders"'),
        );
        return undefined;
      },
      "incremental",
    );
    expect(relint.current.files).toContain(copy);
    step(
      copy,
      () => {
        unlinkSync(path(copy));
        return undefined;
      },
      "incremental",
    );
    expect(relint.current.files).not.toContain(copy);
  });

  it("a new entry sharing a name, then deleted or too large to load: its diagnostics go with it", () => {
    const twin = "pack/content/conditions/aa.json";
    const copy = smouldering.replace("ember-court.smouldering", "ember-court.aa");
    const write = (text: string) => () => {
      writeFileSync(path(twin), text);
      return undefined;
    };
    expect(messages(step(twin, write(copy), "incremental"), twin)).toEqual([
      expect.stringMatching(/^ids: name `Smouldering` is also the name of/),
    ]);
    const gone = () => {
      unlinkSync(path(twin));
      return undefined;
    };
    expect(messages(step(twin, gone, "incremental"), twin)).toEqual([]);
    expect(relint.affected?.has(twin)).toBe(true);
    step(twin, write(copy), "incremental");
    // an editor's text over the loader's size limit: the file no longer loads, and its `ids` error goes
    const large = step(
      twin,
      () => copy.replace('"special": "', `"special": "${"x".repeat(1_100_000)}`),
      "incremental",
    );
    expect(messages(large, twin)).not.toContainEqual(expect.stringMatching(/^ids:/));
    step(twin, () => undefined, "incremental");
    step(twin, gone, "incremental");
  });

  it("the manifest, a new catalog folder and a dot file: the manifest and the folder in full, the dot file ignored", () => {
    const manifest = read("pack/momenta-pack.json");
    step(
      "pack/momenta-pack.json",
      () => manifest.replace('"version": "1.0.0"', '"version": "1.0.1"'),
      "full",
    );
    step("pack/momenta-pack.json", () => undefined, "full");
    mkdirSync(path("pack/content/weapon"));
    step(
      "pack/content/weapon/x.json",
      () => {
        writeFileSync(path("pack/content/weapon/x.json"), "{}\n");
        return undefined;
      },
      "full",
    );
    rmSync(path("pack/content/weapon"), { recursive: true });
    step("pack/content/weapon/x.json", () => undefined, "full");
    step("pack/content/conditions/.smouldering.json.swp", () => "junk", "incremental");
  });
});

describe("PackRelint, incremental, with house-rule patches in the load", () => {
  const { dir, step, read } = scratch(true);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const glaive = read(GLAIVE);

  it("an edit in place of an entry no patch rewrites is incremental; a rename is linted in full", () => {
    step(GLAIVE, () => glaive.replace("[[", "[[Nowhere]] [["), "incremental");
    step(GLAIVE, () => glaive.replace('"name": "Cinder Glaive"', '"name": "Ash Glaive"'), "full");
    step(GLAIVE, () => undefined, "full");
  });

  it("a patch file is linted in full", () => {
    const patch = "pack/patches/weapon/dagger.json";
    step(patch, () => read(patch).replace("13", "14"), "full");
  });
});
