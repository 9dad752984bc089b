// Benchmark: `momenta diff` of two 27,000-entry trees (the lint benchmark's corpus and a mutated copy), target ≤ 2 s
// Run: npx tsx scripts/bench-diff.ts [--corpus <dir holding content/>] [--runs 3] [--edits 100]  (--help)
// The copy gets --edits renames (old id kept as an alias), removals, number changes and prose changes. Printed: the
// CLI as a user runs it (a fresh process, json output to a pipe), median of --runs; and, in one process, where the
// time goes (loading each tree with the one loader, then the comparison).
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { diffGraphs, load } from "@momenta/content";
import { benchArgs, wholeNumber } from "./bench-args.ts";
import { benchCorpus } from "./bench-corpus.ts";

const repo = resolve(import.meta.dirname, "..");
const { corpus, runs, edits } = benchArgs(
  {
    usage: "npx tsx scripts/bench-diff.ts [--corpus <dir>] [--runs 3] [--edits 100]",
    description: [
      "`momenta diff` of a corpus against a mutated copy (renames, removals, number and prose changes), target ≤ 2 s.",
      "  --corpus <dir>   a folder holding content/ (default: $BENCH_CORPUS, else the generated 27,000-entry corpus)",
      "  --runs <n>       fresh CLI processes to time; the median is printed (default 3)",
      "  --edits <n>      changes of each sort made in the copy (default 100)",
    ].join("\n"),
    options: {
      corpus: { type: "string" },
      runs: { type: "string", default: "3" },
      edits: { type: "string", default: "100" },
    },
  },
  (values) => ({
    runs: wholeNumber(values.runs, "runs"),
    edits: wholeNumber(values.edits, "edits"),
    corpus: benchCorpus(values.corpus),
  }),
);

const work = mkdtempSync(join(tmpdir(), "momenta-bench-diff-"));
const after = join(work, "after");
cpSync(join(corpus, "content"), join(after, "content"), { recursive: true });
const weapons = join(after, "content/weapons");
const files = readdirSync(weapons)
  .filter((file) => file.endsWith(".json"))
  .sort();
const parsed = (file: string): Record<string, unknown> | undefined => {
  try {
    return JSON.parse(readFileSync(join(weapons, file), "utf8"));
  } catch {
    return undefined; // the corpus seeds broken files
  }
};
const made = { renamed: 0, removed: 0, numbers: 0, prose: 0 };
for (const file of files) {
  const entry = parsed(file);
  if (!entry || typeof entry.id !== "string") continue;
  const write = () => writeFileSync(join(weapons, file), `${JSON.stringify(entry, null, 2)}\n`);
  if (made.renamed < edits) {
    entry.aliases = [entry.id];
    entry.id = `${entry.id}-renamed`;
    write();
    renameSync(join(weapons, file), join(weapons, file.replace(/\.json$/, "-renamed.json")));
    made.renamed++;
  } else if (made.removed < edits) {
    rmSync(join(weapons, file));
    made.removed++;
  } else if (made.numbers < edits && typeof (entry.damage as Record<string, number>)?.["3+"] === "number") {
    const damage = entry.damage as Record<string, number>;
    damage["3+"] = (damage["3+"] ?? 0) + 1;
    write();
    made.numbers++;
  } else if (made.prose < edits && typeof entry.special === "string") {
    entry.special = `${entry.special} Changed in this release.`;
    write();
    made.prose++;
  }
  if (made.prose >= edits) break;
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const momenta = join(repo, "packages/cli/bin/momenta.mjs");
// GNU time, when present, adds the child's CPU time: on a shared machine wall time also counts the others' jobs
const TIME = existsSync("/usr/bin/time") ? ["/usr/bin/time", "-f", "cpu %U %S"] : [];
const cli = () => {
  const start = performance.now();
  const [command = "node", ...prefix] = [...TIME, "node"];
  const run = spawnSync(command, [...prefix, momenta, "diff", corpus, after, "--format", "json"], {
    encoding: "utf8",
    maxBuffer: 1 << 30,
  });
  if (run.status !== 0) throw new Error(run.stderr);
  const cpu = /cpu ([\d.]+) ([\d.]+)/.exec(run.stderr);
  const cpuMs = cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : Number.NaN;
  return { ms: performance.now() - start, cpuMs, diff: JSON.parse(run.stdout) };
};
const first = cli(); // builds the CLI bundle when stale
const measured = Array.from({ length: runs }, () => cli());
const times = measured.map((m) => m.ms);
const cpuTimes = measured.map((m) => m.cpuMs);
let clock = performance.now();
const lap = () => {
  const now = performance.now();
  const ms = now - clock;
  clock = now;
  return ms.toFixed(0);
};
const oldGraph = load({ root: corpus, references: false }).graph;
const loadOld = lap();
const newGraph = load({ root: after, references: false }).graph;
const loadNew = lap();
const diff = diffGraphs(oldGraph, newGraph);
const compare = lap();
console.log(`corpus: ${corpus} (${oldGraph.entries.size} entries); edits: ${JSON.stringify(made)}`);
console.log(
  `found: ${diff.added.length} added, ${diff.removed.length} removed, ${diff.renamed.length} renamed, ${diff.changed.length} changed (CLI agrees: ${first.diff.changed.length === diff.changed.length ? "yes" : "NO"})`,
);
console.log(
  `momenta diff, fresh process, median of ${runs}: ${median(times).toFixed(0)} ms wall (target ≤ 2000 ms), ${median(cpuTimes).toFixed(0)} ms CPU; load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores`,
);
console.log(`in one process: load old ${loadOld} ms, load new ${loadNew} ms, compare ${compare} ms`);
rmSync(work, { recursive: true, force: true });
