// Read sentinel: every file-system call made while linting hostile packs stays inside the packs (and the core)
import { lstatSync as realLstat } from "node:fs";
import { join, resolve, sep } from "node:path";
import { describe, expect, it, vi } from "vitest";

const calls = vi.hoisted(() => [] as { fn: string; path: string }[]);

// record the path of every call that reads, lists or opens; behaviour is unchanged
vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  const tracked = [
    "openSync",
    "readFileSync",
    "readdirSync",
    "statSync",
    "lstatSync",
    "existsSync",
    "realpathSync",
    "opendirSync",
    "createReadStream",
  ] as const;
  const wrapped: Record<string, unknown> = { ...fs };
  for (const name of tracked) {
    const original = fs[name] as (...args: unknown[]) => unknown;
    wrapped[name] = (...args: unknown[]) => {
      calls.push({ fn: name, path: String(args[0]) });
      return original(...args);
    };
  }
  return { ...wrapped, default: wrapped };
});

const { lintPacks } = await import("../lint-pack.ts");

const repo = resolve(import.meta.dirname, "../../../..");
const fixtures = join(repo, "packages/lint/test/fixtures/packs");
const PACKS = ["hostile", "symlink-escape", "symlink-content", "symlink-manifest"];
const inside = (path: string, dir: string) => path === dir || path.startsWith(dir + sep);

describe("reading hostile packs", () => {
  it("touches only the packs' own files and the core content, and opens no symbolic link", () => {
    calls.length = 0;
    const result = lintPacks({
      packs: PACKS.map((pack) => join(fixtures, pack)),
      cwd: fixtures,
      coreRoot: repo,
      limits: { maxFileBytes: 4096 },
    });
    expect(result.errorCount).toBeGreaterThan(15);
    const paths = calls.map((call) => ({ ...call, path: resolve(call.path) }));
    expect(paths.length).toBeGreaterThan(50);
    // the core: its content and what each rules release changed (read for `rules-changed`)
    const changes = [join(repo, "changes"), join(repo, "packages/lint/changes")];
    // and the lint configuration where the linter runs (`cwd`): looked up, absent here, never followed if a link
    const config = join(fixtures, "momenta.config.json");
    const allowed = [...PACKS.map((pack) => join(fixtures, pack)), join(repo, "content"), ...changes, config];
    const outside = paths.filter((call) => !allowed.some((dir) => inside(call.path, dir)));
    expect(outside).toEqual([]);
    expect(paths.filter((call) => inside(call.path, join(fixtures, "outside")))).toEqual([]);
    // link paths are only ever lstat'ed (which does not follow them), never opened, read or stat'ed
    const followed = paths.filter(
      (call) => call.fn !== "lstatSync" && realLstat(call.path, { throwIfNoEntry: false })?.isSymbolicLink(),
    );
    expect(followed).toEqual([]);
  });
});
