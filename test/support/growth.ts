// Work-bound checks that cannot flake on a busy machine: how time grows from n to 10n, not how long a run takes
import { performance } from "node:perf_hooks";

export interface Growth {
  /** Best time of one run at the small size, in ms. */
  small: number;
  /** Best time of one run at the large size, in ms. */
  large: number;
  /** `large / small`: about the size factor when linear, its square when quadratic. */
  ratio: number;
}

/** Best (least disturbed) time per run of `run(input)`, repeating until a sample lasts at least `floorMs`. */
function bestTime(run: () => void, samples: number, floorMs: number): number {
  let repeat = 1;
  for (;;) {
    const start = performance.now();
    for (let i = 0; i < repeat; i++) run();
    const elapsed = performance.now() - start;
    if (elapsed >= floorMs || repeat >= 1 << 16) break;
    repeat *= 2;
  }
  let best = Number.POSITIVE_INFINITY;
  for (let s = 0; s < samples; s++) {
    const start = performance.now();
    for (let i = 0; i < repeat; i++) run();
    best = Math.min(best, (performance.now() - start) / repeat);
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
  options: { factor?: number; samples?: number; floorMs?: number } = {},
): Growth {
  const factor = options.factor ?? 10;
  const samples = options.samples ?? 5;
  const floorMs = options.floorMs ?? 5;
  const smallInput = make(n);
  const largeInput = make(n * factor);
  // warm the code up on the small input first, so the comparison is not against cold code
  run(smallInput);
  run(smallInput);
  const small = bestTime(() => run(smallInput), samples, floorMs);
  const large = bestTime(() => run(largeInput), samples, floorMs);
  return { small, large, ratio: large / Math.max(small, 1e-6) };
}

/**
 * The bound a 10× growth ratio must stay under: halfway (on a log scale, rounded up) between linear (10×) and
 * quadratic (100×) work, so a garbage collection during the large run (seen at 32× on a busy 2-core machine)
 * cannot fail a linear function while quadratic work still fails.
 */
export const LINEAR_BOUND = 50;
