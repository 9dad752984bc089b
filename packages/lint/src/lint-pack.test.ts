// Pack linting against real files: the example pack, hostile packs (with sentinels), dependencies, versions
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { type Diagnostic, load } from "@momenta/content";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lintPacks, type PackLintResult, PackRelint } from "./lint-pack.ts";
import { findCoreRoot, loadCore } from "./pack/core.ts";

const repo = join(import.meta.dirname, "../../..");
const fixtures = join(import.meta.dirname, "../test/fixtures/packs");
const coreRoot = repo;
const MARKER = "OUTSIDE-SENTINEL-7d1e";

const lint = (packs: string[], extra: Partial<Parameters<typeof lintPacks>[0]> = {}) =>
  lintPacks({ packs: packs.map((pack) => join(fixtures, pack)), cwd: fixtures, coreRoot, ...extra });

/** Compact form for assertions: `file line:column rule/message`. */
const brief = (d: Diagnostic) => `${d.file} ${d.line}:${d.column} ${d.ruleId}/${d.messageId}`;

describe("core content", () => {
  it("is found next to the validator source", () => {
    expect(findCoreRoot()).toBe(repo);
  });
});

describe("the example pack", () => {
  it("lints clean against the core rules", () => {
    const result = lintPacks({ packs: ["examples/homebrew"], cwd: repo, coreRoot });
    expect(result.diagnostics.map(brief)).toEqual([]);
    expect(result.packs[0]?.id).toBe("ember-court");
    expect(result.files).toEqual([
      "examples/homebrew/content/conditions/smouldering.json",
      "examples/homebrew/content/resonances/cinis.json",
      "examples/homebrew/content/weapons/cinder-glaive.json",
      "examples/homebrew/momenta-pack.json",
    ]);
  });

  it("resolves its references into core and into itself", () => {
    const result = lintPacks({ packs: ["examples/homebrew"], cwd: repo, coreRoot });
    const cinis = result.graph.get("resonance/ember-court.cinis");
    expect(cinis && "references" in cinis).toBe(true);
    const targets = (
      cinis as { references: { resolution: { ok: boolean; target?: { id: string } } }[] }
    ).references.map((ref) => ref.resolution.ok && ref.resolution.target?.id);
    expect(targets).toContain("resonance/ignis");
    expect(targets).toContain("damage-type/fire");
    expect(targets).toContain("condition/ember-court.smouldering");
    // the core graph is still complete alongside the pack
    expect(result.graph.get("condition/hindered")?.kind).toBe("condition");
    // files are found on disk through the graph, whatever name diagnostics give them
    const hindered = result.graph.get("condition/hindered");
    expect(hindered && result.graph.pathOf(hindered.file)).toBe(
      join(repo, "content/conditions/hindered.json"),
    );
    expect(result.graph.pathOf("examples/homebrew/content/resonances/cinis.json")).toBe(
      join(repo, "examples/homebrew/content/resonances/cinis.json"),
    );
  });
});

describe("hostile pack", () => {
  let sentinelDir: string;
  let sentinel: string;
  let result: PackLintResult;
  const previous = process.env.MOMENTA_SENTINEL;

  beforeAll(() => {
    sentinelDir = mkdtempSync(join(tmpdir(), "momenta-sentinel-"));
    sentinel = join(sentinelDir, "executed");
    // every code path in the fixtures writes this file if it ever runs
    process.env.MOMENTA_SENTINEL = sentinel;
    result = lint(["hostile", "symlink-escape", "symlink-content", "symlink-manifest"], {
      limits: { maxFileBytes: 4096 },
    });
  });
  afterAll(() => {
    if (previous === undefined) delete process.env.MOMENTA_SENTINEL;
    else process.env.MOMENTA_SENTINEL = previous;
    rmSync(sentinelDir, { recursive: true, force: true });
  });

  const at = (file: string) => result.diagnostics.filter((d) => d.file === file).map(brief);

  it.each([
    ["hostile/content/conditions/proto.json", ["2:3 unsafe-input/forbidden-key"]],
    ["hostile/content/conditions/ctor.json", ["7:36 unsafe-input/forbidden-key"]],
    ["hostile/content/conditions/deep.json", ["9:77 unsafe-input/too-deep"]],
    ["hostile/content/conditions/huge.json", ["1:1 unsafe-input/too-large"]],
    ["hostile/content/conditions/script.json", ["12:33 untrusted-prose/script"]],
    [
      "hostile/content/conditions/handler.json",
      ["12:24 untrusted-prose/event-handler", "12:81 untrusted-prose/raw-html"],
    ],
    [
      "hostile/content/conditions/links.json",
      [
        "12:14 untrusted-prose/unsafe-link",
        "12:80 untrusted-prose/unsafe-link",
        "12:153 untrusted-prose/unsafe-link",
        "12:182 untrusted-prose/external-link",
      ],
    ],
    ["hostile/content/conditions/escape.json", ["12:18 untrusted-prose/path-escape"]],
    [
      "hostile/content/conditions/mdx-code.json",
      ["12:14 untrusted-prose/mdx-code", "12:53 untrusted-prose/mdx-code"],
    ],
    [
      "hostile/content/rules/01-code.mdx",
      [
        "12:1 untrusted-prose/mdx-code",
        "14:1 untrusted-prose/mdx-code",
        "18:15 untrusted-prose/mdx-code",
        "20:1 untrusted-prose/script",
      ],
    ],
    ["hostile/content/rules/02-js-frontmatter.mdx", ["1:1 unsafe-input/frontmatter-format"]],
    ["hostile/content/rules/03-toml.mdx", ["1:1 unsafe-input/frontmatter-format"]],
    ["hostile/content/rules/04-aliases.mdx", ["4:10 unsafe-input/yaml-aliases"]],
    ["symlink-escape/content/conditions/leak.json", ["1:1 unsafe-input/symlink"]],
    ["symlink-escape/content/armor", ["1:1 unsafe-input/symlink"]],
    ["symlink-content/content", ["1:1 pack/content-not-folder"]],
    ["symlink-manifest/momenta-pack.json", ["1:1 unsafe-input/symlink"]],
  ])("%s is refused", (file, expected) => {
    expect(at(file)).toEqual(expected.map((item) => `${file} ${item}`));
  });

  it("reports nothing it was not asked to (every diagnostic is one of the above)", () => {
    const files = new Set(result.diagnostics.map((d) => d.file));
    expect([...files].sort()).toHaveLength(17);
    expect(result.diagnostics.every((d) => d.severity === "error")).toBe(true);
  });

  it("executed nothing: the sentinel file was never written", () => {
    expect(existsSync(sentinel)).toBe(false);
  });

  it("read nothing outside the packs: the outside marker appears in no diagnostic, source or entry", () => {
    expect(readFileSync(join(fixtures, "outside/secret.json"), "utf8")).toContain(MARKER);
    expect(JSON.stringify(result.diagnostics)).not.toContain(MARKER);
    for (const file of result.files) {
      expect(relative(fixtures, join(fixtures, file)).startsWith("outside")).toBe(false);
      expect(result.sourceText(file) ?? "").not.toContain(MARKER);
    }
    for (const entry of result.graph.entries.values()) expect(entry.name).not.toContain(MARKER);
  });

  it("never assigns a forbidden key, so no prototype is polluted", () => {
    const proto = result.graph.get("condition/hostile.proto") as
      | { data: Record<string, unknown> }
      | undefined;
    expect(proto).toBeDefined();
    expect(Object.hasOwn(proto?.data ?? {}, "__proto__")).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});

describe("dependencies", () => {
  it("resolves references into a declared, loaded dependency", () => {
    const result = lint(["dep-user", "ash-roads"]);
    expect(result.diagnostics.map(brief)).toEqual([]);
    const lashed = result.graph.get("condition/dep-user.lashed") as {
      references: { resolution: { ok: boolean } }[];
    };
    expect(lashed.references.map((ref) => ref.resolution.ok)).toEqual([true, true, true]);
  });

  it("names the missing dependency when a pack references a pack it does not declare", () => {
    const result = lint(["dep-undeclared", "ash-roads"]);
    expect(result.diagnostics.map(brief)).toEqual([
      "dep-undeclared/content/conditions/lashed.json 12:26 pack/undeclared-dependency",
    ]);
    expect(result.diagnostics[0]?.message).toBe(
      "`[[Cinder Whip]]` points into pack `ash-roads`, which is not a dependency in `momenta-pack.json`",
    );
  });

  it("reports a declared dependency that is not loaded, in the manifest and at each reference into it", () => {
    const result = lint(["dep-user"]);
    expect(result.diagnostics.map(brief)).toEqual([
      "dep-user/content/conditions/lashed.json 12:26 references/missing",
      "dep-user/content/conditions/lashed.json 12:47 pack/dependency-not-loaded",
      "dep-user/momenta-pack.json 11:5 pack/dependency-not-loaded",
    ]);
  });

  it("checks the dependency's version against the declared range", () => {
    const result = lint(["dep-wrong-version", "ash-roads"]);
    expect(result.diagnostics.map(brief)).toEqual([
      "dep-wrong-version/momenta-pack.json 11:18 pack/dependency-version",
    ]);
    expect(result.diagnostics[0]?.message).toBe(
      "dependency `ash-roads` is version 1.2.0, outside the declared range `^2.0.0`",
    );
  });

  it("refuses the same pack loaded twice", () => {
    const result = lint(["ash-roads", "ash-roads"]);
    expect(result.diagnostics.map(brief)).toEqual(["ash-roads/momenta-pack.json 2:9 pack/duplicate-pack"]);
  });
});

describe("manifest", () => {
  it("requires momenta-pack.json", () => {
    const result = lint(["no-manifest"]);
    expect(result.diagnostics.map(brief)).toEqual([
      "no-manifest/momenta-pack.json 1:1 pack/manifest-missing",
    ]);
  });

  it("reports a folder that does not exist", () => {
    const result = lint(["does-not-exist"]);
    expect(result.diagnostics.map((d) => `${d.ruleId}/${d.messageId}`)).toEqual(["pack/not-a-directory"]);
  });
});

describe("a pack entry file that did not parse", () => {
  const broken = "broken-entry/content/conditions/scorched.json";
  const singed = "broken-entry/content/conditions/singed.json";
  const knockOn = (text: string) =>
    `\`${text}\` is not checked: \`condition/broken-entry.scorched\` is in \`${broken}\`, which did not load`;
  // [reference, column, end column] in singed.json's line 12: by name, by kind and name, by id
  const uses: [string, number, number][] = [
    ["[[Scorched]]", 43, 55],
    ["[[condition:Scorched|scorched]]", 57, 88],
    ["[[condition/broken-entry.scorched]]", 93, 128],
  ];

  it("folds the references to its namespaced id under its parse error", () => {
    const result = lint(["broken-entry"]);
    expect(result.diagnostics.map(brief)).toEqual([`${broken} 4:1 parse/syntax`]);
    expect(result.diagnostics[0]?.related).toEqual(
      uses.map(([text, column, endColumn]) => ({
        file: singed,
        line: 12,
        column,
        endLine: 12,
        endColumn,
        message: knockOn(text),
      })),
    );
  });

  it.each(uses)(
    "`%s` stands alone as a knock-on that names the file to fix, without its error",
    (text, column, endColumn) => {
      const result = lint(["broken-entry"], { rules: { parse: "off" } });
      const diagnostic = result.diagnostics.find((d) => d.column === column);
      expect(diagnostic).toMatchObject({
        ruleId: "references",
        messageId: "knock-on",
        severity: "warn",
        file: singed,
        line: 12,
        endLine: 12,
        endColumn,
        message: knockOn(text),
        help: `fix the errors in \`${broken}\` first; this is checked again once it loads`,
      });
    },
  );
});

describe("a patch of a pack entry whose file did not parse", () => {
  const broken = "broken-entry/content/conditions/scorched.json";
  const patch = "broken-entry-patch/patches/condition/broken-entry.scorched.json";
  const message = `\`condition/broken-entry.scorched\` is not checked: \`condition/broken-entry.scorched\` is in \`${broken}\`, which did not load`;

  it("is that file's knock-on, with no advice to rename the patch (as the loader reports it)", () => {
    const loaded = load({
      roots: ["broken-entry", "broken-entry-patch"].map((pack) => join(fixtures, pack)),
      pack: { cwd: fixtures },
      dependencies: [loadCore(coreRoot)],
    });
    const diagnostic = loaded.diagnostics.find((d) => d.file === patch);
    expect(diagnostic).toMatchObject({
      ruleId: "patch",
      messageId: "knock-on",
      severity: "warn",
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 2,
      message,
      help: `fix the errors in \`${broken}\` first; this is checked again once it loads`,
    });
    expect(
      diagnostic?.related.map((note) => `${note.file}:${note.line}:${note.column} ${note.message}`),
    ).toEqual([`${broken}:1:1 \`condition/broken-entry.scorched\` would be defined here`]);
  });

  it("folds under the parse error, first among its notes", () => {
    const result = lint(["broken-entry", "broken-entry-patch"]);
    expect(result.diagnostics.map(brief)).toEqual([`${broken} 4:1 parse/syntax`]);
    expect(result.diagnostics[0]?.related[0]).toEqual({
      file: patch,
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 2,
      message,
    });
  });
});

describe("severity configuration", () => {
  it("applies --rule overrides to pack rules", () => {
    const result = lint(["dep-undeclared", "ash-roads"], { rules: { pack: "warn" } });
    expect(result.diagnostics.map((d) => d.severity)).toEqual(["warn"]);
    expect(result.errorCount).toBe(0);
    expect(result.warningCount).toBe(1);
  });
});

describe("a pack written at test time", () => {
  it("namespaces chapter ids and refuses a self-dependency", () => {
    const dir = mkdtempSync(join(tmpdir(), "momenta-pack-"));
    try {
      mkdirSync(join(dir, "p/content/rules"), { recursive: true });
      writeFileSync(
        join(dir, "p/momenta-pack.json"),
        `${JSON.stringify(
          {
            id: "rites",
            name: "Rites",
            version: "1.0.0",
            momenta: "^0.31",
            dependencies: { rites: "^1.0.0" },
            license: "CC0-1.0",
            authors: ["test"],
          },
          null,
          2,
        )}\n`,
      );
      writeFileSync(
        join(dir, "p/content/rules/01-ember-rites.mdx"),
        '---\nid: chapter/ember-rites\ntitle: Ember Rites\nchapter: "41"\nmoment:\n  number: 1\n  name: The Basics\norder: 1\nsummary: Homebrew rites.\n---\n\n# Ember Rites\n\nA rite leaves you [[Hindered|hindered]].\n',
      );
      const result = lintPacks({ packs: ["p"], cwd: dir, coreRoot });
      expect(result.diagnostics.map(brief)).toEqual([
        "p/content/rules/01-ember-rites.mdx 2:5 pack/id-namespace",
        "p/momenta-pack.json 7:5 pack/dependency-self",
      ]);
      expect(result.diagnostics[0]?.message).toBe(
        "id `chapter/ember-rites` must be `chapter/rites.ember-rites`: pack entries are namespaced by the pack id",
      );
      const chapter = result.graph.get("chapter/rites.ember-rites") as {
        references: { resolution: { ok: boolean } }[];
      };
      expect(chapter.references.map((ref) => ref.resolution.ok)).toEqual([true]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("PackRelint", () => {
  const SMOULDERING = "examples/homebrew/content/conditions/smouldering.json";
  const options = { packs: ["examples/homebrew"], cwd: repo, coreRoot };

  it("lints an editor's unsaved text as the file's, and the disk's again when it is dropped (nothing written)", () => {
    const relint = new PackRelint(options);
    expect(relint.current.diagnostics.map(brief)).toEqual([]);
    const disk = readFileSync(join(repo, SMOULDERING), "utf8");
    const text = disk.replace("[[maneuver:Shift]]", "[[maneuver:Shfit]]");
    const edited = relint.update([{ file: SMOULDERING, text }]);
    // an edit in place re-checks what it reaches (lint-pack-incremental.test.ts compares it with a full lint)
    expect(relint.stats.mode).toBe("incremental");
    expect(relint.affected?.has(SMOULDERING)).toBe(true);
    expect(edited.diagnostics.map((d) => `${d.file} ${d.ruleId}: ${d.message}`)).toEqual([
      `${SMOULDERING} references: \`[[maneuver:Shfit]]\`: no maneuver is named \`Shfit\``,
    ]);
    expect(readFileSync(join(repo, SMOULDERING), "utf8")).toBe(disk);
    // the texts given to the constructor count from the first lint
    expect(new PackRelint(options, [{ file: SMOULDERING, text }]).current.diagnostics.map(brief)).toEqual(
      edited.diagnostics.map(brief),
    );
    expect(relint.update([{ file: SMOULDERING }]).diagnostics.map(brief)).toEqual([]);
  });

  it("an unsaved text that breaks an entry's JSON: the pack's references to it fold under its parse error", () => {
    const relint = new PackRelint(options);
    const edited = relint.update([{ file: SMOULDERING, text: "{,\n" }]);
    expect(edited.diagnostics.map(brief)).toEqual([
      `${SMOULDERING} 1:2 parse/syntax`,
      `${SMOULDERING} 2:1 parse/syntax`,
    ]);
    expect(edited.diagnostics[0]?.related.map((note) => `${note.file}:${note.line}:${note.column}`)).toEqual([
      "examples/homebrew/content/resonances/cinis.json:8:156",
      "examples/homebrew/content/resonances/cinis.json:20:21",
      "examples/homebrew/content/resonances/cinis.json:28:21",
      "examples/homebrew/content/resonances/cinis.json:36:82",
      "examples/homebrew/content/weapons/cinder-glaive.json:30:98",
    ]);
    expect(relint.update([{ file: SMOULDERING }]).diagnostics.map(brief)).toEqual([]);
  });
});
