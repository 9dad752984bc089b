// Benchmark for packages/rules: the success table (pools 0–40) and pattern table (pools 0–12); run with npx tsx
import { performance } from "node:perf_hooks";

// Importing builds COMPUTED_TABLES once, so later "cold" columns already run on warmed-up code; time the import too.
const importStart = performance.now();
const {
  COMPUTED_TABLES,
  patternProbabilitiesTable,
  successDistribution,
  successDistributionExact,
  successProbabilitiesTable,
} = await import("@momenta/rules");
const importMs = performance.now() - importStart;

const WARMUP = 5;
const RUNS = 41;
const TARGET_MS = 50;

interface Timing {
  name: string;
  coldMs: number;
  medianMs: number;
  minMs: number;
  maxMs: number;
}

/** Cold time of the first call, then the median of RUNS timed calls after WARMUP untimed ones. */
function time(name: string, work: () => unknown): Timing {
  let sink: unknown;
  const t0 = performance.now();
  sink = work();
  const coldMs = performance.now() - t0;
  for (let i = 0; i < WARMUP; i++) sink = work();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    sink = work();
    samples.push(performance.now() - start);
  }
  if (sink === undefined) throw new Error(`${name} returned nothing`);
  samples.sort((a, b) => a - b);
  return {
    name,
    coldMs,
    medianMs: samples[Math.floor(samples.length / 2)] as number,
    minMs: samples[0] as number,
    maxMs: samples[samples.length - 1] as number,
  };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const timings = [
  time("success distributions, pools 0–40 (doubles)", () => range(0, 40).map(successDistribution)),
  time("success distributions, pools 0–40 (exact rationals)", () =>
    range(0, 40).map(successDistributionExact),
  ),
  time("success-probabilities table, pools 0–40", () => successProbabilitiesTable(0, 40)),
  time("pattern-probabilities table, pools 0–12", () => patternProbabilitiesTable(0, 12)),
  time("both tables together", () => [successProbabilitiesTable(0, 40), patternProbabilitiesTable(0, 12)]),
];

const fmt = (ms: number) => `${ms.toFixed(3).padStart(9)} ms`;
console.log(
  `@momenta/rules benchmark — Node ${process.version}, ${WARMUP} warm-up + ${RUNS} timed runs each`,
);
console.log(
  `${"".padEnd(52)}${"cold".padStart(12)}${"median".padStart(12)}${"min".padStart(12)}${"max".padStart(12)}`,
);
for (const t of timings) {
  console.log(`${t.name.padEnd(52)}${fmt(t.coldMs)}${fmt(t.medianMs)}${fmt(t.minMs)}${fmt(t.maxMs)}`);
}
console.log(
  `first import of @momenta/rules (tsx transpile + module load + building all ${Object.keys(COMPUTED_TABLES).length} computed tables): ${importMs.toFixed(1)} ms`,
);
const both = timings.at(-1) as Timing;
console.log(`computed tables exported: ${Object.keys(COMPUTED_TABLES).join(", ")}`);
console.log(
  `target: both tables well under ${TARGET_MS} ms — median ${both.medianMs.toFixed(2)} ms, cold ${both.coldMs.toFixed(2)} ms: ${
    both.medianMs < TARGET_MS ? "met" : "MISSED"
  }`,
);
