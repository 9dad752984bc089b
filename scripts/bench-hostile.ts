// Benchmark (not a test): each slow input of issue 17 at the size cap, linted as a pack; prints a table of lint times
//
//   npx tsx scripts/bench-hostile.ts [--runs 3]   (--help)
//
// "before" is what the same input cost before the caps and linear parsers (issue 17's figures, on this machine).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { lintPacks } from "../packages/validator/src/pack/lint-pack.ts";
import { writeCase } from "../test/fixtures/hostile-packs/cases.ts";
import { benchArgs, wholeNumber } from "./bench-args.ts";

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

const runs = benchArgs(
  {
    usage: "npx tsx scripts/bench-hostile.ts [--runs 3]",
    description: [
      "Each slow input of issue 17 at the size cap, linted as a pack: a table of lint times beside the times before.",
      "  --runs <n>   lints of each input; the median is printed (default 3)",
    ].join("\n"),
    options: { runs: { type: "string", default: "3" } },
  },
  (values) => wholeNumber(values.runs, "runs"),
);
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
