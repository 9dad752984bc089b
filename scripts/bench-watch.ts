// Benchmark for `momenta lint --watch` on the 27,000-entry corpus: start to first state, re-lint after a one-file edit, memory
// Run: npx tsx scripts/bench-watch.ts [--corpus <dir holding content/>] [--edits 7]  (--help)
// The corpus is copied to a temp folder (never edited in place); the CLI runs as users start it (bin/momenta.mjs).
// Re-lint is the time from writing the file to the new state being printed, minus the watcher's debounce; the
// watcher's own `linted in` figure (reload, graph update, rules) is reported beside it.
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { WATCH_DELAY_MS } from "@momenta/lint";
import { benchArgs, wholeNumber } from "./bench-args.ts";
import { benchCorpus } from "./bench-corpus.ts";

const settings = benchArgs(
  {
    usage: "npx tsx scripts/bench-watch.ts [--corpus <dir>] [--edits 7]",
    description: [
      "`momenta lint --watch` on a copy of a corpus: start to first state, re-lint after a one-file edit, memory.",
      "  --corpus <dir>   a folder holding content/ (default: $BENCH_CORPUS, else the generated 27,000-entry corpus)",
      "  --edits <n>      edits to time (default 7)",
    ].join("\n"),
    options: { corpus: { type: "string" }, edits: { type: "string", default: "7" } },
  },
  (values) => ({ edits: wholeNumber(values.edits, "edits"), corpus: benchCorpus(values.corpus) }),
);
const REPO = join(import.meta.dirname, "..");
const dir = mkdtempSync(join(tmpdir(), "momenta-bench-watch-"));
cpSync(settings.corpus, dir, { recursive: true });
const folder = readdirSync(join(dir, "content/conditions")).sort()[0] as string;
const file = join(dir, "content/conditions", folder);
const text = readFileSync(file, "utf8");
const median = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? Number.NaN;

let out = "";
const started = performance.now();
const child = spawn(process.execPath, [join(REPO, "packages/cli/bin/momenta.mjs"), "lint", "--watch"], {
  cwd: dir,
  env: { ...process.env, NO_COLOR: "1" },
});
child.stdout.on("data", (chunk) => (out += String(chunk)));
const states = () => out.split("watching for changes").length - 1;
async function waitFor(count: number): Promise<void> {
  while (states() < count) await new Promise((done) => setTimeout(done, 2));
}
await waitFor(1);
const start = performance.now() - started;
const relints: number[] = [];
for (let i = 1; i <= settings.edits; i++) {
  const sent = performance.now();
  writeFileSync(file, i % 2 === 1 ? text.replace("[[", "[[Nowhere]] [[") : text);
  await waitFor(i + 1);
  relints.push(performance.now() - sent - WATCH_DELAY_MS);
}
const status = readFileSync(`/proc/${child.pid}/status`, "utf8");
const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
child.kill();
rmSync(dir, { recursive: true, force: true });
console.log(`momenta lint --watch benchmark · node ${process.version} · corpus ${settings.corpus}`);
console.log(`start to first state: ${start.toFixed(1)} ms`);
console.log(
  `one-file edit re-lint, median of ${relints.length}: ${median(relints).toFixed(1)} ms (target ≤ 30 ms)`,
);
// the watcher's own figure: reload, graph update and rules, before the report is formatted and printed
const inside = [...out.matchAll(/linted in (\d+) ms/g)].slice(1).map((match) => Number(match[1]));
console.log(
  `  of which re-lint inside the watcher (before printing the report), median: ${median(inside)} ms`,
);
console.log(`memory: RSS ${field("VmRSS").toFixed(0)} MB, peak ${field("VmHWM").toFixed(0)} MB`);
