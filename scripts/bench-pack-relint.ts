// Benchmark for a homebrew pack's re-lint after one edit: PackRelint's update against the full re-lint it replaces
// Run: npx tsx scripts/bench-pack-relint.ts [--pack examples/homebrew] [--file content/conditions/smouldering.json] [--pairs 50]
// Each pair edits the file's text in memory (alternately breaking and restoring one reference), times `update`, then
// times `full()` on the same state, alternating which runs first; it prints each side's median and the ratio of
// each pair (full ÷ incremental) with its spread. Nothing is written to disk.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { PackRelint } from "@momenta/lint";
import { median, ratioWithSpread } from "./bench-against.ts";

const REPO = join(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    pack: { type: "string", default: "examples/homebrew" },
    file: { type: "string", default: "content/conditions/smouldering.json" },
    pairs: { type: "string", default: "50" },
    help: { type: "boolean", default: false },
  },
});
if (values.help) {
  console.log("npx tsx scripts/bench-pack-relint.ts [--pack <dir>] [--file <file in the pack>] [--pairs 50]");
  process.exit(0);
}
const pairs = Number(values.pairs);
if (!Number.isInteger(pairs) || pairs < 1) {
  console.error(`✖ --pairs takes a whole number, not \`${values.pairs}\``);
  process.exit(2);
}
const file = `${values.pack}/${values.file}`;
const disk = readFileSync(join(REPO, file), "utf8");
const at = disk.indexOf("[[");
if (at === -1) {
  console.error(`✖ ${file} holds no \`[[reference]]\` to break and restore`);
  process.exit(2);
}
const broken = `${disk.slice(0, at)}[[Nowhere]] ${disk.slice(at)}`;
const relint = new PackRelint({ packs: [values.pack], cwd: REPO, coreRoot: REPO });
const time = (run: () => void) => {
  const start = performance.now();
  run();
  return performance.now() - start;
};
// warm both paths before timing
for (let i = 0; i < 5; i++) {
  relint.update([{ file, text: i % 2 ? disk : broken }]);
  relint.full();
}
const incremental: number[] = [];
const full: number[] = [];
const modes = new Set<string>();
for (let pair = 0; pair < pairs; pair++) {
  const text = pair % 2 ? disk : broken;
  const a = () => {
    incremental.push(time(() => relint.update([{ file, text }])));
    modes.add(relint.stats.mode);
  };
  const b = () => full.push(time(() => relint.full()));
  if (pair % 2) {
    b();
    a();
  } else {
    a();
    b();
  }
}
relint.update([{ file }]);
const span = (list: number[]) =>
  `median ${median(list).toFixed(2)} ms (${Math.min(...list).toFixed(2)}–${Math.max(...list).toFixed(2)})`;
console.log(
  `pack ${values.pack}, edit of ${values.file}, ${pairs} pairs (update's mode: ${[...modes].join(", ")})`,
);
console.log(`  update (incremental)  ${span(incremental)}`);
console.log(`  full re-lint          ${span(full)}`);
console.log(
  `  full ÷ incremental    ${ratioWithSpread(full.map((ms, i) => ms / (incremental[i] as number)))}`,
);
