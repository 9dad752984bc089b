// Benchmark for `momenta lint` at 5etools scale: a synthetic corpus (27k entries, 250k references, seeded errors)
// Run: npx tsx scripts/bench-lint.ts [--entries 27000] [--scales 1,2,4] [--runs 3] [--timing] [--keep]
// Each measurement runs in a fresh child process so peak RSS belongs to that corpus alone; with --runs N each scale
// is linted N times (fresh processes, same corpus) and the minimum and median are printed, because on the shared
// 2-core machine one run's wall time varies up to 2×. "lint ÷ bare" divides, run by run, the lint's time by the time
// of merely reading and JSON.parse-ing the same files in the same process a moment later (the best of three warm
// passes), and prints the median of those ratios: pairing each lint with its own floor cancels the machine's drift
// between runs. Both in wall time, which the target is stated in, and in CPU time, which adds V8's background
// compiler and garbage-collector threads.
// --timing adds one more run at the first scale that prints where the lint's time goes (`momenta lint --timing`).
// Whole process: --runs alternating pairs of the `momenta lint` process (start-up, loading, linting, printing) and of
// a plain Node process that only reads and parses the same files (scripts/bench-bare.mjs), with the same-run ratio.
// --against <rev> compares the whole `momenta lint` process of this tree with the one of a git revision on the
// same corpus, alternating --runs pairs, and prints each side's times and the same-run ratio with its spread.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { formatTimings, Timings } from "@momenta/content";
import { lintContentSync } from "@momenta/lint";
import {
  againstRevision,
  alternate,
  checkoutRevision,
  median,
  ratioWithSpread,
  type Timed,
  thisTree,
  timeProcess,
} from "./bench-against.ts";
import { BenchArgsError, benchArgs, wholeNumber } from "./bench-args.ts";
import { type CorpusStats, generateCorpus } from "./bench-corpus.ts";

interface Corpus extends CorpusStats {
  root: string;
}

/** A fresh synthetic corpus of `entries` entries in a temp folder (removed after its scale unless --keep). */
function generate(entries: number): Corpus {
  const root = mkdtempSync(join(tmpdir(), "momenta-bench-"));
  return { root, ...generateCorpus(root, entries) };
}

/** What merely reading and parsing the same files costs: the floor for any linter. */
function bareReadParse(root: string): number {
  const start = performance.now();
  const content = join(root, "content");
  for (const folder of readdirSync(content)) {
    for (const file of readdirSync(join(content, folder))) {
      try {
        JSON.parse(readFileSync(join(content, folder, file), "utf8"));
      } catch {
        // seeded syntax errors
      }
    }
  }
  return performance.now() - start;
}

interface Measurement {
  entries: number;
  references: number;
  seededErrors: number;
  megabytes: number;
  bareMs: number;
  lintMs: number;
  /** CPU time (user + system): steadier than wall time on a shared machine. */
  bareCpuMs: number;
  lintCpuMs: number;
  errors: number;
  warnings: number;
  peakRssMb: number;
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/**
 * One lint of an existing corpus, in this (fresh) process, then the bare floor. The parent has just written (or a
 * previous run read) the files, so both read from the page cache; the linter runs first so the floor's passes
 * leave no garbage behind for its collector.
 */
function measure(corpus: Corpus): Measurement {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const result = lintContentSync({ root: corpus.root });
  const lintMs = performance.now() - start;
  const lintCpuMs = cpuMs(process.cpuUsage(cpu));
  const peakRssMb = process.resourceUsage().maxRSS / 1024;
  let bareMs = Number.POSITIVE_INFINITY;
  let bareCpuMs = Number.POSITIVE_INFINITY;
  for (let pass = 0; pass < 3; pass++) {
    const bareCpu = process.cpuUsage();
    bareMs = Math.min(bareMs, bareReadParse(corpus.root));
    bareCpuMs = Math.min(bareCpuMs, cpuMs(process.cpuUsage(bareCpu)));
  }
  return {
    entries: corpus.entries,
    references: corpus.references,
    seededErrors: corpus.seededErrors,
    megabytes: corpus.bytes / 1e6,
    bareMs,
    lintMs,
    bareCpuMs,
    lintCpuMs,
    errors: result.errorCount,
    warnings: result.warningCount,
    peakRssMb,
  };
}

/** The commit `rev` names in this repository, or a usage error. */
const options = benchArgs(
  {
    usage:
      "npx tsx scripts/bench-lint.ts [--entries 27000] [--scales 1,2,4] [--runs 3] [--timing] [--keep] [--against <rev>]",
    description: [
      "`momenta lint` on a generated corpus at 5etools scale, each run in a fresh process, against reading the files:",
      "in process (lint ÷ read+parse in the same process) and whole process (--runs alternating pairs of processes).",
      "  --entries <n>     entries of the corpus at scale 1 (default 27000)",
      "  --scales <list>   comma-separated multiples of --entries to lint (default 1,2,4)",
      "  --runs <n>        fresh processes per scale; minimum and median are printed (default 1)",
      "  --timing          one more run at the first scale that prints where the lint's time goes",
      "  --keep            keep the generated corpora and print where they are",
      "  --against <rev>   also time the whole `momenta lint` process of this tree and of git revision <rev>",
      "                    (checked out into a temp worktree and installed), --runs alternating pairs per scale",
    ].join("\n"),
    options: {
      entries: { type: "string", default: "27000" },
      scales: { type: "string", default: "1,2,4" },
      runs: { type: "string", default: "1" },
      timing: { type: "boolean", default: false },
      keep: { type: "boolean", default: false },
      against: { type: "string", default: "" },
      // internal: the measuring child processes
      child: { type: "string", default: "" },
      "timed-child": { type: "string", default: "" },
    },
  },
  (values) => ({
    ...values,
    entries: wholeNumber(values.entries, "entries"),
    against: values.against && againstRevision(values.against),
    runs: wholeNumber(values.runs, "runs"),
    scales: values.scales.split(",").map((scale) => {
      const value = Number(scale);
      if (!(value > 0))
        throw new BenchArgsError(`\`--scales\` takes positive numbers such as \`1,2,4\`, not \`${scale}\``);
      return value;
    }),
  }),
);

const seconds = (ms: number) => (ms / 1000).toFixed(2);

const child = options.child;
const timedChild = options["timed-child"];
if (child) {
  process.stdout.write(JSON.stringify(measure(JSON.parse(child) as Corpus)));
} else if (timedChild) {
  const timings = new Timings();
  const start = performance.now();
  lintContentSync({ root: (JSON.parse(timedChild) as Corpus).root, timings });
  process.stdout.write(formatTimings(timings, performance.now() - start));
} else {
  const { entries: base, scales, runs, keep } = options;
  console.log(
    `momenta lint benchmark · node ${process.version} · ${cpus().length} cores · ${runs} run(s) per scale`,
  );
  const against = options.against ? checkoutRevision(options.against) : undefined;
  if (against) {
    process.on("exit", () => against.remove());
    console.log(`A/B: this tree against ${against.label}, checked out in ${against.dir}`);
  }
  const rows: { scale: number; lintMs: number; entries: number }[] = [];
  for (const scale of scales) {
    const corpus = generate(Math.round(base * scale));
    try {
      const measured: Measurement[] = [];
      for (let run = 0; run < runs; run++) {
        const output = execFileSync(
          process.execPath,
          [...process.execArgv, process.argv[1] as string, "--child", JSON.stringify(corpus)],
          { encoding: "utf8", maxBuffer: 1 << 26 },
        );
        measured.push(JSON.parse(output) as Measurement);
      }
      const first = measured[0] as Measurement;
      const wall = measured.map((row) => row.lintMs);
      const cpu = measured.map((row) => row.lintCpuMs);
      const bareWall = Math.min(...measured.map((row) => row.bareMs));
      const bareCpu = Math.min(...measured.map((row) => row.bareCpuMs));
      const wallRatios = measured.map((row) => row.lintMs / row.bareMs);
      const cpuRatios = measured.map((row) => row.lintCpuMs / row.bareCpuMs);
      const ratio = (values: number[]) =>
        runs > 1
          ? `${median(values).toFixed(1)}× (runs ${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)}×)`
          : `${(values[0] as number).toFixed(1)}×`;
      const range = (values: number[]) =>
        runs > 1
          ? `${seconds(Math.min(...values))}–${seconds(Math.max(...values))} s (median ${seconds(median(values))})`
          : `${seconds(values[0] as number)} s`;
      rows.push({ scale, lintMs: median(wall), entries: first.entries });
      console.log(
        [
          `${scale}×`,
          `${first.entries} entries (${first.megabytes.toFixed(1)} MB, ${first.references} references, ${first.seededErrors} seeded errors)`,
          `lint wall ${range(wall)}`,
          `cpu ${range(cpu)}`,
          `${Math.round(first.entries / (median(wall) / 1000))} entries/s (median wall)`,
          `bare read+JSON.parse ${seconds(bareWall)} s wall, ${seconds(bareCpu)} s cpu`,
          `lint ÷ bare, median of runs: wall ${ratio(wallRatios)} (target ≤ 3×), cpu ${ratio(cpuRatios)}`,
          `peak RSS ${Math.round(Math.max(...measured.map((row) => row.peakRssMb)))} MB`,
          `${first.errors} errors (the seeded ones plus references into the seeded broken files), ${first.warnings} warnings`,
        ].join(" · "),
      );
      if (options.timing && scale === scales[0]) {
        const table = execFileSync(
          process.execPath,
          [...process.execArgv, process.argv[1] as string, "--timed-child", JSON.stringify(corpus)],
          { encoding: "utf8", maxBuffer: 1 << 26 },
        );
        console.log(`where the time goes at ${scale}× (one more run, with timing on):\n${table}`);
      }
      // the whole process, as a user runs it: start-up, loading, linting, printing (exit 1: the seeded errors)
      const lint = (dir: string) => () =>
        timeProcess(
          join(dir, "node_modules/.bin/momenta"),
          ["lint", "--root", corpus.root, "--format", "json"],
          dir,
          [0, 1],
        );
      const bare = () =>
        timeProcess(
          process.execPath,
          [join(thisTree.dir, "scripts/bench-bare.mjs"), corpus.root],
          thisTree.dir,
        );
      const side = (label: string, timed: Timed[]) => {
        const wall = timed.map((t) => t.wallMs);
        const cpu = timed.flatMap((t) => (t.cpuMs === undefined ? [] : [t.cpuMs]));
        return `${label}: wall median ${seconds(median(wall))} s (${seconds(Math.min(...wall))}–${seconds(Math.max(...wall))})${cpu.length ? `, cpu median ${seconds(median(cpu))} s (${seconds(Math.min(...cpu))}–${seconds(Math.max(...cpu))})` : ""}`;
      };
      const ratios = (pairs: { a: Timed[]; b: Timed[] }) => {
        const wall = ratioWithSpread(pairs.a.map((a, i) => a.wallMs / (pairs.b[i] as Timed).wallMs));
        const cpu = pairs.a.flatMap((a, i) => {
          const b = pairs.b[i]?.cpuMs;
          return a.cpuMs === undefined || b === undefined ? [] : [a.cpuMs / b];
        });
        return `wall ${wall}${cpu.length ? `, cpu ${ratioWithSpread(cpu)}` : ""}`;
      };
      // one unmeasured run each: a first run may build a tree's caches (the CLI's bundle and its code cache)
      lint(thisTree.dir)();
      const floor = alternate(runs, lint(thisTree.dir), bare);
      console.log(
        [
          `${scale}× whole process, ${runs} alternating pair(s)`,
          side("`momenta lint`", floor.a),
          side("bare read+JSON.parse process (scripts/bench-bare.mjs)", floor.b),
          `lint ÷ bare: ${ratios(floor)} (target ≤ 3×)`,
        ].join(" · "),
      );
      if (against) {
        lint(against.dir)();
        const pairs = alternate(runs, lint(thisTree.dir), lint(against.dir));
        console.log(
          [
            `${scale}× A/B, whole \`momenta lint\` process, ${runs} alternating pair(s)`,
            side("this tree", pairs.a),
            side(against.label, pairs.b),
            `this tree ÷ ${against.label}: ${ratios(pairs)} (below 1: this tree is faster)`,
          ].join(" · "),
        );
      }
    } finally {
      if (keep) console.error(`kept corpus at ${corpus.root}`);
      else rmSync(corpus.root, { recursive: true, force: true });
    }
  }
  if (rows.length > 1) {
    const perEntry = rows.map(
      (row) => `${row.scale}×: ${((row.lintMs / row.entries) * 1000).toFixed(1)} µs/entry`,
    );
    console.log(`scaling (median wall; constant µs/entry = linear): ${perEntry.join(", ")}`);
  }
}
