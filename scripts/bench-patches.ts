// Benchmark: what 1,000 house-rule patches add to a pack's lint time (target ≤ 20 %), against the 27,000-entry corpus
// Run: npx tsx scripts/bench-patches.ts [--core <dir holding content/>] [--patches 1000] [--runs 7]
// Default core: $BENCH_CORPUS, else the generated 27,000-entry corpus (scripts/bench-corpus.ts; a smaller core caps
// the patch count at its weapon count, and the script says so). Two packs with the same
// manifest and entry, one of them with the patches, are linted alternately: as an author runs it (`momenta lint --pack
// <p> --core <core>`, a fresh process each time: the target) and in one process with the core already loaded (what
// the patches cost beside the pack's own lint alone: their 1,000 file reads dominate). Medians and ratios printed.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { scaffoldFiles } from "@momenta/cli";
import { lintContentSync, lintPacks } from "@momenta/lint";
import { benchArgs, wholeNumber } from "./bench-args.ts";
import { benchCorpus } from "./bench-corpus.ts";

const repo = resolve(import.meta.dirname, "..");
const { core, wanted, runs } = benchArgs(
  {
    usage: "npx tsx scripts/bench-patches.ts [--core <dir>] [--patches 1000] [--runs 7]",
    description: [
      "What house-rule patches add to a pack's lint time (target ≤ 20 %), against a core corpus.",
      "  --core <dir>      a folder holding content/ (default: $BENCH_CORPUS, else the generated 27,000-entry corpus)",
      "  --patches <n>     patches in the patched pack, at most one per weapon of the core (default 1000)",
      "  --runs <n>        lints of each pack, alternating; medians are printed (default 7)",
    ].join("\n"),
    options: {
      core: { type: "string" },
      patches: { type: "string", default: "1000" },
      runs: { type: "string", default: "7" },
    },
  },
  (values) => ({
    wanted: wholeNumber(values.patches, "patches"),
    runs: wholeNumber(values.runs, "runs"),
    core: benchCorpus(values.core),
  }),
);

const work = mkdtempSync(join(tmpdir(), "momenta-bench-patches-"));
function writePack(dir: string, files: Map<string, string>): void {
  for (const [file, text] of files) {
    mkdirSync(join(dir, file, ".."), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
}

const scaffold = scaffoldFiles({ id: "bench-house", name: "Bench house rules" });
const packFiles = new Map(
  [...scaffold].filter(([file]) => file === "momenta-pack.json" || file.startsWith("content/")),
);
writePack(join(work, "plain"), packFiles);
writePack(join(work, "patched"), packFiles);

// the corpus seeds errors: patch only weapons the core lint finds clean, so every diagnostic would be the patches'
const dirty = new Set(lintContentSync({ root: core }).diagnostics.map((d) => d.file));
// each patch raises a weapon's top damage band by one, keeping its effect text in step (as a real house rule would)
const weaponsDir = join(core, "content/weapons");
const weapons = readdirSync(weaponsDir)
  .filter((file) => file.endsWith(".json"))
  .sort();
let written = 0;
for (const file of weapons) {
  if (written >= wanted) break;
  if (dirty.has(`content/weapons/${file}`)) continue;
  let weapon: { damage?: Record<string, number> };
  try {
    weapon = JSON.parse(readFileSync(join(weaponsDir, file), "utf8"));
  } catch {
    continue; // the corpus seeds broken files: patch only entries that parse
  }
  const top = weapon.damage?.["3+"];
  if (typeof top !== "number") continue;
  const patch = { damage: { "3+": top + 1 }, effect: { "3+": `${top + 1} damage` } };
  mkdirSync(join(work, "patched/patches/weapon"), { recursive: true });
  writeFileSync(join(work, "patched/patches/weapon", file), `${JSON.stringify(patch, null, 2)}\n`);
  written++;
}

const momenta = join(repo, "packages/cli/bin/momenta.mjs");
const cli = (pack: string) => {
  const start = performance.now();
  const run = spawnSync(
    "node",
    [momenta, "lint", "--pack", join(work, pack), "--core", core, "--format", "json"],
    {
      cwd: work,
      encoding: "utf8",
    },
  );
  if (run.status === 2) throw new Error(run.stderr);
  return performance.now() - start;
};
const time = (pack: string) => {
  const start = performance.now();
  const result = lintPacks({ packs: [join(work, pack)], cwd: work, coreRoot: core });
  return { ms: performance.now() - start, result };
};
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] as number;
};

const coldPlain = time("plain"); // loads and caches the core for the in-process runs
const checkPatched = time("patched");
// the scaffold's example entry references [[Fire]], which a synthetic core may lack: compare, don't require zero
const problems = (r: typeof coldPlain) =>
  r.result.diagnostics.filter((d) => !d.file.includes("/content/")).length;
const ok = problems(checkPatched) === 0 && problems(coldPlain) === 0;
if (!ok)
  for (const d of checkPatched.result.diagnostics.slice(0, 5))
    console.log(`${d.file}:${d.line}:${d.column} ${d.ruleId}/${d.messageId} ${d.message}`);
const plain: number[] = [];
const patched: number[] = [];
const plainCli: number[] = [];
const patchedCli: number[] = [];
cli("plain"); // builds the CLI bundle once
for (let i = 0; i < runs; i++) {
  plain.push(time("plain").ms);
  patched.push(time("patched").ms);
  plainCli.push(cli("plain"));
  patchedCli.push(cli("patched"));
}
const cliRatio = median(patchedCli) / median(plainCli);
const entries = checkPatched.result.graph.entries.size;
const ratio = median(patched) / median(plain);
console.log(`core: ${core} (${entries} entries in the linted graph)`);
if (written < wanted)
  console.log(`only ${written} weapons with a damage ladder in this core: ${written} patches`);
console.log(`patches: ${written}; no diagnostic in any patch: ${ok ? "yes" : "NO"}`);
const pct = (r: number) => `${((r - 1) * 100).toFixed(1)} %`;
console.log(
  `momenta lint --pack, fresh process, median of ${runs}: plain ${median(plainCli).toFixed(0)} ms, with patches ${median(patchedCli).toFixed(0)} ms: patches add ${pct(cliRatio)} (target ≤ 20 %)`,
);
console.log(
  `in one process, core already loaded, median of ${runs}: plain ${median(plain).toFixed(0)} ms, with patches ${median(patched).toFixed(0)} ms: ${pct(ratio)}`,
);
rmSync(work, { recursive: true, force: true });
if (!ok) process.exitCode = 1;
