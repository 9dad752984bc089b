// Benchmark (not a test): each slow input of issue 17 at the size cap, linted as a pack; prints a table of lint times
//
//   npx tsx scripts/bench-hostile.ts [--runs 3]   (--help)
//   npx tsx scripts/bench-hostile.ts --issue 24 [--tree /work/main] [--scale 1]
//
// "before" is what the same input cost before the caps and linear parsers (issue 17's figures, on this machine).
// `--issue 24` runs issue 24's slow inputs (patch conflicts, ambiguous names as SARIF, a long word diff) through the
// CLI of the repository at `--tree`, with wall time and peak memory: run it once against the tree before the change.
import { spawnSync } from "node:child_process";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { lintPacks } from "@momenta/lint";
import { writeCase } from "../test/fixtures/hostile-packs/cases.ts";
import { BenchArgsError, benchArgs, wholeNumber } from "./bench-args.ts";

interface Input {
  name: string;
  /** The corpus case it writes, and the size factor. */
  write: (dir: string) => string;
  before: string;
}

const FILLER = "Plain words of an ordinary paragraph, nothing to resolve here at all.\n\n";

/** The worst text the Markdown caps let through: 1,000 `*_` markers, then plain prose up to `size`. */
const underTheCaps = (size: number) =>
  `${"*_".repeat(500)}\n\n${FILLER.repeat(Math.floor((size - 1002) / FILLER.length))}`;

const INPUTS: Input[] = [
  {
    name: "a small pack (the `<script>` case): the floor",
    write: (dir) => writeCase("script-tag", dir),
    before: "—",
  },
  {
    name: "`[[a` + 99,990 spaces + `b]]` (one pack string)",
    write: (dir) => writeCase("reference-regex-bomb", dir),
    before: "16 s",
  },
  {
    name: "nine such references (nine 100 KB files)",
    write: (dir) => {
      writeCase("reference-regex-bomb", dir);
      const text = readFileSync(join(dir, "content/conditions/smouldering.json"), "utf8");
      for (let i = 1; i < 9; i++) {
        writeFileSync(
          join(dir, `content/conditions/smouldering-${i}.json`),
          text.replace(".smouldering", `.smouldering-${i}`).replace('"Smouldering"', `"Smouldering ${i}"`),
        );
      }
      return dir;
    },
    before: "100 s",
  },
  {
    name: "45,000 nested `>` in a chapter",
    write: (dir) => writeCase("deep-quotes-chapter", dir),
    before: "RangeError, exit 2",
  },
  {
    name: "`*_*_…` chapter at the 250,000-character cap",
    write: (dir) => writeCase("emphasis-runs-chapter", dir, 124_800 / 40_000),
    before: "92 s at 80 KB",
  },
  {
    name: "`*_*_…` pack string (99 KB)",
    write: (dir) => writeCase("emphasis-runs-field", dir),
    before: "141 s",
  },
  {
    name: "`]]]]…` pack string (99 KB)",
    write: (dir) => writeCase("closing-bracket-runs", dir),
    before: "48 s (found by review after the caps)",
  },
  {
    name: "1,000 `*_` markers + prose, 250,000-character chapter (worst under the caps)",
    write: (dir) => {
      writeCase("emphasis-runs-chapter", dir, 0);
      const path = join(dir, "content/rules/40-runs.mdx");
      // the case's frontmatter with the worst body the caps accept
      writeFileSync(path, `${readFileSync(path, "utf8").trimEnd()}\n\n${underTheCaps(245_000)}`);
      return dir;
    },
    before: "—",
  },
  { name: "40,000 unknown keys (1 MB file)", write: (dir) => writeCase("unknown-keys", dir), before: "38 s" },
  { name: "60,000-item `tags` array", write: (dir) => writeCase("huge-tags-array", dir), before: "hang" },
];

const { runs, issue, tree, scale } = benchArgs(
  {
    usage: "npx tsx scripts/bench-hostile.ts [--runs 3] [--issue 17|24] [--tree <repo>] [--scale 1]",
    description: [
      "Each slow input of issue 17 at the size cap, linted as a pack: a table of lint times beside the times before.",
      "  --runs <n>     lints of each input; the median is printed (default 3)",
      "  --issue 24     issue 24's inputs instead, through the CLI of `--tree`: wall time and peak memory",
      "  --tree <repo>  the repository whose CLI runs issue 24's inputs (default: this one)",
      "  --scale <pct>  issue 24's input sizes in percent of the issue's (default 100)",
    ].join("\n"),
    options: {
      runs: { type: "string", default: "3" },
      issue: { type: "string", default: "17" },
      tree: { type: "string" },
      scale: { type: "string", default: "100" },
    },
  },
  (values) => {
    if (values.issue !== "17" && values.issue !== "24")
      throw new BenchArgsError(`\`--issue\` is 17 or 24, not \`${values.issue}\``);
    return {
      runs: wholeNumber(values.runs, "runs"),
      issue: values.issue,
      tree: values.tree ?? join(import.meta.dirname, ".."),
      scale: wholeNumber(values.scale, "scale") / 100,
    };
  },
);
if (issue === "24") {
  issue24(tree, scale, runs);
  process.exit(0);
}
const scratch = mkdtempSync(join(tmpdir(), "momenta-bench-hostile-"));
const repo = join(import.meta.dirname, "..");
const rows: string[][] = [];
try {
  for (const input of INPUTS) {
    const dir = input.write(join(scratch, String(rows.length)));
    let bytes = 0;
    const walk = (d: string) => {
      for (const entry of readdirSync(d, { withFileTypes: true })) {
        if (entry.isDirectory()) walk(join(d, entry.name));
        else bytes += statSync(join(d, entry.name)).size;
      }
    };
    walk(dir);
    let best = Number.POSITIVE_INFINITY;
    let summary = "";
    for (let run = 0; run < runs; run++) {
      const start = performance.now();
      const result = lintPacks({ packs: [dir], cwd: scratch, coreRoot: repo });
      best = Math.min(best, performance.now() - start);
      summary =
        [...new Set(result.diagnostics.map((d) => `${d.ruleId}/${d.messageId}`))].join(", ") || "clean";
    }
    rows.push([
      input.name,
      `${(bytes / 1000).toFixed(0)} KB`,
      `${best.toFixed(0)} ms`,
      input.before,
      summary,
    ]);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

const header = ["input", "size", `lint (best of ${runs})`, "before", "diagnostics"];
const widths = header.map((title, i) => Math.max(title.length, ...rows.map((row) => (row[i] ?? "").length)));
const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
console.log(line(header));
console.log(`|${widths.map((width) => "-".repeat(width + 2)).join("|")}|`);
for (const row of rows) console.log(line(row));

/** A pack folder with a manifest and the given files. */
function writePack(dir: string, id: string, files: Record<string, string>): string {
  const manifest = {
    id,
    name: id,
    version: "1.0.0",
    momenta: ">=0.31 <0.32",
    license: "CC0-1.0",
    authors: ["bench"],
  };
  for (const [path, text] of Object.entries({ "momenta-pack.json": JSON.stringify(manifest), ...files })) {
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

/** Issue 24's slow inputs through a tree's CLI: seconds of wall time and peak resident memory, best of `runs`. */
function issue24(repo: string, scale: number, runs: number): void {
  // the CLI's place today, and before the package split (packages/validator), so the tree before a fix can run
  const cli = [join(repo, "packages/cli/src/main.ts"), join(repo, "packages/validator/src/cli/main.ts")].find(
    (path) => existsSync(path),
  );
  if (!cli)
    throw new Error(`no CLI in ${repo} (packages/cli/src/main.ts or packages/validator/src/cli/main.ts)`);
  const work = mkdtempSync(join(tmpdir(), "momenta-bench-24-"));
  // two packs patching one entry's 90,000 leaves (90 objects of 1,000 keys: the key cap is 40,000 per object), in
  // short keys and numbers so that the file (627 KB; the issue had 780 KB) is under the 1 MB file cap (longer keys made it
  // 1.16 MB, and the cap refused it before any conflict was looked for)
  const leaves = Math.round(90_000 * scale);
  const patch = () => {
    const effect: Record<string, Record<string, number>> = {};
    for (let i = 0; i < leaves; i++) {
      const group = `g${Math.floor(i / 1000)}`;
      effect[group] ??= {};
      (effect[group] as Record<string, number>)[(i % 1000).toString(36)] = 0;
    }
    return JSON.stringify({ effect });
  };
  const ours = writePack(join(work, "ours"), "ours", { "patches/weapon/dagger.json": patch() });
  const theirs = writePack(join(work, "theirs"), "theirs", { "patches/weapon/dagger.json": patch() });
  // 6,000 alike-named entries, each referring to the name
  const alike = Math.round(6_000 * scale);
  const echoes: Record<string, string> = {};
  for (let i = 0; i < alike; i++)
    echoes[`content/conditions/c${i}.json`] = JSON.stringify({
      id: `condition/echoes.c${i}`,
      name: "Echo",
      source: { pack: "echoes" },
      status: "complete",
      stackable: { max: 3 },
      clear: { type: "auto-clear" },
      effect: "See [[Echo]].",
    });
  const alikePack = writePack(join(work, "echoes"), "echoes", echoes);
  // one prose field of 15,000 words, every word changed
  const words = Math.round(15_000 * scale);
  const prose = (seed: number) => Array.from({ length: words }, (_, i) => `w${(i * seed) % 9973}`).join(" ");
  for (const [side, seed] of [
    ["old", 7],
    ["new", 13],
  ] as const) {
    const entry = JSON.parse(readFileSync(join(repo, "content/conditions/hindered.json"), "utf8"));
    mkdirSync(join(work, side, "content/conditions"), { recursive: true });
    writeFileSync(
      join(work, side, "content/conditions/hindered.json"),
      JSON.stringify({ ...entry, effect: prose(seed) }),
    );
  }
  const inputs: [string, string[]][] = [
    [
      `patch conflicts: two packs × ${leaves.toLocaleString("en-US")} leaves of one entry`,
      ["lint", "--pack", ours, "--pack", theirs, "--format", "json"],
    ],
    [
      `${alike.toLocaleString("en-US")} alike-named entries, --format sarif`,
      ["lint", "--pack", alikePack, "--format", "sarif"],
    ],
    [
      `word diff of one ${words.toLocaleString("en-US")}-word field`,
      ["diff", join(work, "old"), join(work, "new")],
    ],
  ];
  console.log(`tree: ${repo}, scale ${scale * 100}%, best of ${runs}`);
  console.log("| input | wall | peak memory | exit | output |");
  console.log("| --- | --- | --- | --- | --- |");
  try {
    for (const [name, args] of inputs) {
      let best: { seconds: number; kb: number; status: number | null; bytes: number } | undefined;
      for (let run = 0; run < runs; run++) {
        const result = spawnSync(
          "/usr/bin/time",
          ["-f", "%e %M", process.execPath, "--import", "tsx", cli, ...args],
          { cwd: repo, encoding: "utf8", maxBuffer: 1 << 30, timeout: 600_000 },
        );
        const [seconds, kb] = (result.stderr.trim().split("\n").pop() ?? "").split(" ").map(Number);
        const measured = {
          seconds: seconds ?? Number.NaN,
          kb: kb ?? Number.NaN,
          status: result.status,
          bytes: result.stdout?.length ?? 0,
        };
        if (!best || measured.seconds < best.seconds) best = measured;
      }
      if (!best) continue;
      console.log(
        `| ${name} | ${best.seconds.toFixed(1)} s | ${(best.kb / 1024).toFixed(0)} MB | ${best.status ?? "killed"} | ${(best.bytes / 1e6).toFixed(1)} MB |`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
