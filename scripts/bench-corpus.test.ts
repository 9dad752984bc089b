// The benchmarks' corpus: generated the same for the same size, cached once with progress, or taken from --corpus
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BenchArgsError } from "./bench-args.ts";
import { benchCorpus, generateCorpus } from "./bench-corpus.ts";

let dir: string;
const savedEnv = process.env.BENCH_CORPUS;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "momenta-bench-corpus-test-"));
  delete process.env.BENCH_CORPUS;
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  if (savedEnv === undefined) delete process.env.BENCH_CORPUS;
  else process.env.BENCH_CORPUS = savedEnv;
});

const files = (root: string) =>
  readdirSync(join(root, "content"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".json"))
    .sort();

describe("generateCorpus", () => {
  it("writes the same files for the same size", () => {
    const first = generateCorpus(join(dir, "a"), 400);
    const second = generateCorpus(join(dir, "b"), 400);
    expect(first).toEqual(second);
    expect(first.entries).toBe(400);
    expect(files(join(dir, "a"))).toEqual(files(join(dir, "b")));
    const weapon = files(join(dir, "a")).find((file) => file.startsWith("weapons/")) as string;
    expect(readFileSync(join(dir, "a/content", weapon), "utf8")).toBe(
      readFileSync(join(dir, "b/content", weapon), "utf8"),
    );
  });
});

describe("benchCorpus", () => {
  it("generates the corpus once into the cache, with progress, and reuses it after", () => {
    const lines: string[] = [];
    const root = benchCorpus(undefined, { entries: 2000, cacheDir: dir, log: (line) => lines.push(line) });
    expect(root).toBe(join(dir, "bench-corpus-2000-v1"));
    expect(files(root)).toHaveLength(2000);
    expect(lines[0]).toBe(
      `generating the benchmark corpus (2,000 entries) into ${root} (once; later runs reuse it)`,
    );
    expect(lines.slice(1, 3)).toEqual(["  1,000 of 2,000 files", "  2,000 of 2,000 files"]);
    expect(lines[3]).toMatch(/^ {2}done in \d+\.\d s: [\d,]+ references, \d+ seeded errors$/);
    const made = statSync(join(root, "content")).mtimeMs;
    const again: string[] = [];
    expect(benchCorpus(undefined, { entries: 2000, cacheDir: dir, log: (line) => again.push(line) })).toBe(
      root,
    );
    expect(again).toEqual([]);
    expect(statSync(join(root, "content")).mtimeMs).toBe(made);
    expect(readdirSync(dir)).toEqual(["bench-corpus-2000-v1"]);
  });

  it("takes --corpus, else $BENCH_CORPUS, when it holds content/", () => {
    generateCorpus(join(dir, "mine"), 200);
    expect(benchCorpus(join(dir, "mine"), { cacheDir: join(dir, "cache") })).toBe(join(dir, "mine"));
    process.env.BENCH_CORPUS = join(dir, "mine");
    expect(benchCorpus(undefined, { cacheDir: join(dir, "cache") })).toBe(join(dir, "mine"));
    expect(() => benchCorpus(join(dir, "cache"))).toThrow(
      new BenchArgsError(`no \`content/\` folder in ${join(dir, "cache")}`),
    );
  });
});
