// Fuzz: mutated real content files (truncated, spliced, retyped, deeply nested, odd Unicode) never crash the linter
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import type { ContentGraph, Diagnostic } from "@momenta/content";
import { normalizeName } from "@momenta/schema";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lintContentSync } from "../lint.ts";
import { lintPacks } from "../lint-pack.ts";

const repo = join(import.meta.dirname, "../../../..");

/** A small tree of real content files that reference each other, so cross-file effects are exercised. */
const TREE = [
  "content/arts/rend.json",
  "content/conditions/hindered.json",
  "content/conditions/wracked.json",
  "content/damage-types/fire.json",
  "content/damage-types/piercing.json",
  "content/maneuvers/shift.json",
  "content/resonances/ignis.json",
  "content/rules/22-conditions-and-states.mdx",
  "content/tags/imprecise.json",
  "content/tags/melee.json",
  "content/weapons/dagger.json",
];

const ODD_TEXT = [
  "\uFEFF",
  "\u0000",
  "\uD800",
  "\uDFFF",
  "\u202E",
  "\u200D",
  "e\u0301",
  "\u2028",
  "😀",
  "\u{10FFFF}",
  "\\u0000",
  "\\uD800",
  "[[",
  "]]",
  "[[Hindered|",
  "{",
  "<",
  "---",
  '"',
  "\\",
];
const ODD_BYTES = [[0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82]];
const SWAP_VALUES: unknown[] = [0, -1.5, 1e308, "", "x", "[[Hindered]]", true, null, [], {}, [[]], { a: {} }];

type Mutation =
  | { kind: "truncate"; at: number }
  | { kind: "splice"; at: number; remove: number; donor: number; from: number; length: number }
  | { kind: "swap-type"; pick: number; value: number }
  | { kind: "deep-nesting"; pick: number; depth: number; object: boolean }
  | { kind: "odd-text"; at: number; text: number }
  | { kind: "odd-bytes"; at: number; bytes: number };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant("truncate" as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant("splice" as const),
    at: fc.nat(),
    remove: fc.nat({ max: 40 }),
    donor: fc.nat(),
    from: fc.nat(),
    length: fc.nat({ max: 200 }),
  }),
  fc.record({ kind: fc.constant("swap-type" as const), pick: fc.nat(), value: fc.nat() }),
  fc.record({
    kind: fc.constant("deep-nesting" as const),
    pick: fc.nat(),
    depth: fc.integer({ min: 1, max: 400 }),
    object: fc.boolean(),
  }),
  fc.record({ kind: fc.constant("odd-text" as const), at: fc.nat(), text: fc.nat() }),
  fc.record({ kind: fc.constant("odd-bytes" as const), at: fc.nat(), bytes: fc.nat() }),
);

/** Paths of every value in a JSON document (the root included). */
function paths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const out = [path];
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) out.push(...paths(value[i], [...path, i]));
  } else if (value !== null && typeof value === "object")
    for (const [key, item] of Object.entries(value)) out.push(...paths(item, [...path, key]));
  return out;
}

function replaceAt(root: unknown, path: (string | number)[], make: (old: unknown) => unknown): unknown {
  if (path.length === 0) return make(root);
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const container = root as Record<string | number, unknown>;
  container[head] = replaceAt(container[head], rest, make);
  return root;
}

/** Apply a mutation to a file's text; the result is what gets written (text, or raw bytes for bad UTF-8). */
function mutate(text: string, m: Mutation, donors: string[]): string | Uint8Array {
  const at = (n: number) => n % (text.length + 1);
  switch (m.kind) {
    case "truncate":
      return text.slice(0, at(m.at));
    case "splice": {
      const donor = donors[m.donor % donors.length] ?? "";
      const from = m.from % (donor.length + 1);
      const i = at(m.at);
      return text.slice(0, i) + donor.slice(from, from + m.length) + text.slice(i + m.remove);
    }
    case "swap-type":
    case "deep-nesting": {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        return text;
      }
      const all = paths(value);
      const path = all[m.pick % all.length] ?? [];
      const next =
        m.kind === "swap-type"
          ? replaceAt(value, path, () => SWAP_VALUES[m.value % SWAP_VALUES.length])
          : replaceAt(value, path, (old) => {
              let wrapped = old;
              for (let d = 0; d < m.depth; d++) wrapped = m.object ? { a: wrapped } : [wrapped];
              return wrapped;
            });
      // JSON.stringify recurses too: very deep values are written by hand
      return m.kind === "deep-nesting" && m.depth > 200
        ? `${(m.object ? '{"a":' : "[").repeat(m.depth)}0${(m.object ? "}" : "]").repeat(m.depth)}`
        : JSON.stringify(next, null, 2);
    }
    case "odd-text": {
      const i = at(m.at);
      return text.slice(0, i) + ODD_TEXT[m.text % ODD_TEXT.length] + text.slice(i);
    }
    case "odd-bytes": {
      const bytes = Buffer.from(text, "utf8");
      const i = m.at % (bytes.length + 1);
      return Buffer.concat([
        bytes.subarray(0, i),
        Buffer.from(ODD_BYTES[m.bytes % ODD_BYTES.length] ?? []),
        bytes.subarray(i),
      ]);
    }
  }
}

/** Positions are 1-based, ordered, and inside the file the diagnostic names. */
function assertValidPositions(
  diagnostics: readonly Diagnostic[],
  text: (file: string) => string | undefined,
): void {
  const check = (file: string, r: { line: number; column: number; endLine: number; endColumn: number }) => {
    for (const n of [r.line, r.column, r.endLine, r.endColumn]) {
      expect(Number.isInteger(n) && n >= 1, `${file} ${JSON.stringify(r)}`).toBe(true);
    }
    expect(
      r.endLine > r.line || (r.endLine === r.line && r.endColumn > r.column),
      `${file} ${JSON.stringify(r)}`,
    ).toBe(true);
    const source = text(file);
    if (source === undefined) return;
    const lines = source.split(/\r\n|\r|\n/);
    expect(r.endLine, `${file} ${JSON.stringify(r)}`).toBeLessThanOrEqual(lines.length);
    expect(r.column, file).toBeLessThanOrEqual((lines[r.line - 1]?.length ?? 0) + 1);
    expect(r.endColumn, file).toBeLessThanOrEqual((lines[r.endLine - 1]?.length ?? 0) + 2);
  };
  for (const d of diagnostics) {
    expect(d.message.length, d.ruleId).toBeGreaterThan(0);
    check(d.file, d);
    for (const related of d.related) check(related.file, related);
  }
}

/** Names, aliases and ids an entry or chapter in `file` answers to (another file may mention them). */
function identities(graph: ContentGraph, file: string): string[] {
  const out: string[] = [];
  for (const entry of [...graph.entries.values(), ...graph.duplicates]) {
    if (entry.file === file) out.push(entry.id, entry.name, ...entry.aliases);
  }
  for (const chapter of graph.chapters)
    if (chapter.file === file) out.push(chapter.id, chapter.frontmatter.title);
  return out.map(normalizeName).filter((name) => name.length > 0);
}

const key = (d: Diagnostic) =>
  JSON.stringify([d.file, d.line, d.column, d.endLine, d.endColumn, d.ruleId, d.messageId, d.message]);

/** Files whose entry lost its id to the mutated file (the graph keeps the first of two equal ids). */
function shadowedBy(graph: ContentGraph, target: string): Set<string> {
  const files = new Set<string>();
  for (const duplicate of graph.duplicates) {
    if (graph.entries.get(duplicate.id)?.file === target) files.add(duplicate.file);
  }
  return files;
}

/**
 * Other files' diagnostics are unchanged, except those that follow from the mutated file's identity
 * (a reference to it no longer resolves, a duplicate points at it, it took another file's id).
 */
function assertOthersUnchanged(
  before: readonly Diagnostic[],
  after: readonly Diagnostic[],
  target: string,
  names: string[],
  shadowed: Set<string> = new Set(),
): void {
  const others = (list: readonly Diagnostic[]) => list.filter((d) => d.file !== target);
  const beforeKeys = new Set(others(before).map(key));
  const afterKeys = new Set(others(after).map(key));
  const changed = [
    ...others(before).filter((d) => !afterKeys.has(key(d))),
    ...others(after).filter((d) => !beforeKeys.has(key(d))),
  ];
  for (const d of changed) {
    const explained =
      shadowed.has(d.file) ||
      d.related.some((related) => related.file === target) ||
      names.some((name) => normalizeName(d.message).includes(name));
    expect(explained, `unexplained change in another file: ${key(d)}`).toBe(true);
  }
}

describe("fuzzing real content files", () => {
  let root: string;
  let originals: string[];
  let baseline: ReturnType<typeof lintContentSync>;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "momenta-fuzz-"));
    for (const file of TREE) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      cpSync(join(repo, file), join(root, file));
    }
    originals = TREE.map((file) => readFileSync(join(root, file), "utf8"));
    baseline = lintContentSync({ root });
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("the unmutated tree lints without throwing and with valid positions", () => {
    expect(baseline.graph.entries.size).toBe(TREE.length - 1);
    assertValidPositions(baseline.diagnostics, (file) => baseline.graph.source(file)?.text);
  });

  it.each([
    ["an invalid escape in a key", '"i\\d":'],
    ["a short unicode escape in a key", '"\\u12":'],
  ])("%s is a diagnostic, not a crash (found by this fuzz test)", (_what, key) => {
    const file = "content/conditions/hindered.json";
    const index = TREE.indexOf(file);
    writeFileSync(join(root, file), (originals[index] as string).replace('"id":', key));
    try {
      const result = lintContentSync({ root });
      expect(result.diagnostics.some((d) => d.file === file && d.ruleId === "parse")).toBe(true);
      assertValidPositions(result.diagnostics, (name) => result.graph.source(name)?.text);
    } finally {
      writeFileSync(join(root, file), originals[index] as string);
    }
  });

  it("never throws, always positions diagnostics inside their file, and leaves other files' results alone", () => {
    let bitten = 0;
    fc.assert(
      fc.property(fc.nat({ max: TREE.length - 1 }), mutation, (index, m) => {
        const file = TREE[index] as string;
        const mutated = mutate(originals[index] as string, m, originals);
        writeFileSync(join(root, file), mutated);
        try {
          const result = lintContentSync({ root });
          if (result.diagnostics.length !== baseline.diagnostics.length) bitten++;
          assertValidPositions(result.diagnostics, (name) => result.graph.source(name)?.text);
          const names = [...identities(baseline.graph, file), ...identities(result.graph, file)];
          assertOthersUnchanged(
            baseline.diagnostics,
            result.diagnostics,
            file,
            names,
            shadowedBy(result.graph, file),
          );
        } finally {
          writeFileSync(join(root, file), originals[index] as string);
        }
      }),
      {
        // a fixed seed: the same 200 mutations every run (an unseeded run once drew a splice whose cross-file
        // effect the "others unchanged" property could not explain, and failed a green tree)
        seed: 20261201,
        numRuns: 200,
        // a splice that gave imprecise.json melee.json's id, so melee.json was shadowed (a fixed past failure)
        examples: [[8, { kind: "splice", at: 558300325, remove: 0, donor: 9, from: 25, length: 195 }]],
      },
    );
    // the mutations must actually break things, or the properties above prove nothing
    expect(bitten).toBeGreaterThan(50);
  }, 180_000);
});

describe("fuzzing a homebrew pack", () => {
  const PACK_FILES = [
    "momenta-pack.json",
    "content/conditions/smouldering.json",
    "content/resonances/cinis.json",
    "content/weapons/cinder-glaive.json",
  ];
  let dir: string;
  let originals: string[];
  let baseline: ReturnType<typeof lintPacks>;
  const lint = () => lintPacks({ packs: [join(dir, "pack")], cwd: dir, coreRoot: repo });

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "momenta-fuzz-pack-"));
    cpSync(join(repo, "examples/homebrew"), join(dir, "pack"), { recursive: true });
    originals = PACK_FILES.map((file) => readFileSync(join(dir, "pack", file), "utf8"));
    baseline = lint();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("the unmutated pack is clean", () => {
    expect(baseline.diagnostics).toEqual([]);
  });

  it("never throws and positions every diagnostic inside its file", () => {
    let bitten = 0;
    fc.assert(
      fc.property(fc.nat({ max: PACK_FILES.length - 1 }), mutation, (index, m) => {
        const file = PACK_FILES[index] as string;
        writeFileSync(join(dir, "pack", file), mutate(originals[index] as string, m, originals));
        try {
          const result = lint();
          if (result.diagnostics.length > 0) bitten++;
          assertValidPositions(result.diagnostics, result.sourceText);
          expect(result.diagnostics.every((d) => d.file.startsWith("pack/"))).toBe(true);
          // the manifest sets every entry's namespace, so only entry files are independent of each other
          if (index > 0) {
            const target = `pack/${file}`;
            const names = [...identities(baseline.graph, target), ...identities(result.graph, target)];
            assertOthersUnchanged(
              baseline.diagnostics,
              result.diagnostics,
              target,
              names,
              shadowedBy(result.graph, target),
            );
          }
        } finally {
          writeFileSync(join(dir, "pack", file), originals[index] as string);
        }
      }),
      { seed: 20261201, numRuns: 100 },
    );
    expect(bitten).toBeGreaterThan(25);
    // a hundred pack lints: minutes on a machine shared by several test runs
  }, 180_000);
});
