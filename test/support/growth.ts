// Work-bound checks that cannot flake on a busy machine: how time grows from n to 10n, not how long a run takes

export interface Growth {
  /** Best time of one run at the small size, in ms. */
  small: number;
  /** Best time of one run at the large size, in ms. */
  large: number;
  /** `large / small`: about the size factor when linear, its square when quadratic. */
  ratio: number;
}

/**
 * CPU time (user + system) of this process in ms: unlike wall time it does not grow while other processes hold
 * the shared machine's cores, which made a linear run look quadratic under a load average of 12 on 2 cores.
 */
function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Best (least disturbed) CPU time per run of `run(input)`, repeating until a sample lasts at least `floorMs`. */
function bestTime(run: () => void, samples: number, floorMs: number, clock: () => number): number {
  let repeat = 1;
  for (;;) {
    const start = clock();
    for (let i = 0; i < repeat; i++) run();
    const elapsed = clock() - start;
    if (elapsed >= floorMs || repeat >= 1 << 16) break;
    repeat *= 2;
  }
  let best = Number.POSITIVE_INFINITY;
  for (let s = 0; s < samples; s++) {
    const start = clock();
    for (let i = 0; i < repeat; i++) run();
    best = Math.min(best, (clock() - start) / repeat);
  }
  return best;
}

/**
 * Times `run` on inputs of size n and `factor`·n (made before timing starts), keeping the best of several
 * samples so that a pause of the machine cannot make a linear function look quadratic. Assert
 * `ratio < LINEAR_BOUND` (for the default factor 10): linear work gives about 10, quadratic work 100.
 */
export function measureGrowth<T>(
  make: (n: number) => T,
  run: (input: T) => unknown,
  n: number,
  options: {
    factor?: number;
    samples?: number;
    floorMs?: number;
    attempts?: number;
    /** What is measured, in ms or any unit of work: this process's CPU time unless a test counts steps instead. */
    clock?: () => number;
  } = {},
): Growth {
  const clock = options.clock ?? cpuNow;
  const factor = options.factor ?? 10;
  const samples = options.samples ?? 5;
  const floorMs = options.floorMs ?? 5;
  const attempts = options.attempts ?? 3;
  const smallInput = make(n);
  const largeInput = make(n * factor);
  // warm the code up on both inputs first, so neither side is timed against cold code or a first-use index
  run(smallInput);
  run(smallInput);
  run(largeInput);
  let best: Growth | undefined;
  // a pause of the shared machine during the large run inflates one measurement, never all of them, while
  // quadratic work is over the bound every time: keep the lowest ratio of a few attempts
  for (let attempt = 0; attempt < attempts; attempt++) {
    const small = bestTime(() => run(smallInput), samples, floorMs, clock);
    const large = bestTime(() => run(largeInput), samples, floorMs, clock);
    const growth = { small, large, ratio: large / Math.max(small, 1e-6) };
    if (!best || growth.ratio < best.ratio) best = growth;
    if (best.ratio < LINEAR_BOUND) break;
  }
  return best as Growth;
}

/**
 * The bound a 10× growth ratio must stay under: halfway (on a log scale, rounded up) between linear (10×) and
 * quadratic (100×) work, so a garbage collection during the large run (seen at 32× on a busy 2-core machine)
 * cannot fail a linear function while quadratic work still fails.
 */
export const LINEAR_BOUND = 50;
