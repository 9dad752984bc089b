// Where a lint spends its time, phase by phase and rule by rule, for `momenta lint --timing` and the benchmark
/** Milliseconds by label, summed over every call; cheap enough to leave in hot loops only when asked for. */
export class Timings {
  private readonly totals = new Map<string, number>();

  /** Add `ms` to `label`. */
  add(label: string, ms: number): void {
    this.totals.set(label, (this.totals.get(label) ?? 0) + ms);
  }

  /** Run `work`, adding its duration to `label`. */
  measure<T>(label: string, work: () => T): T {
    const start = performance.now();
    try {
      return work();
    } finally {
      this.add(label, performance.now() - start);
    }
  }

  /** Labels with their totals, slowest first. */
  list(): [label: string, ms: number][] {
    return [...this.totals].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  }
}

/**
 * A table like ESLint's `TIMING=1` output: label, milliseconds, share of the whole. `totalMs` (the wall time of
 * the run) adds a closing row, and shares are of it; without it they are of the listed phases' sum.
 */
export function formatTimings(timings: Timings, totalMs?: number, limit = 24): string {
  const rows = timings.list();
  const whole = totalMs ?? rows.reduce((sum, [, ms]) => sum + ms, 0);
  const shown = rows.slice(0, limit);
  const width = Math.max(5, ...shown.map(([label]) => label.length));
  const row = (label: string, ms: number) => {
    const share = whole > 0 ? (ms / whole) * 100 : 0;
    return `${label.padEnd(width)} | ${ms.toFixed(1).padStart(9)} | ${share.toFixed(1).padStart(7)}%`;
  };
  const lines = [
    `${"phase".padEnd(width)} | time (ms) | relative`,
    `${"-".repeat(width)}-|-----------|---------`,
  ];
  for (const [label, ms] of shown) lines.push(row(label, ms));
  const rest = rows.slice(limit);
  if (rest.length > 0)
    lines.push(
      row(
        `(${rest.length} more)`,
        rest.reduce((sum, [, ms]) => sum + ms, 0),
      ),
    );
  if (totalMs !== undefined) lines.push(row("total", totalMs));
  return `${lines.join("\n")}\n`;
}
