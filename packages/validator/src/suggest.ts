// "Did you mean": closest candidates by edit distance, bounded so misses stay cheap at scale
import { normalizeName } from "@momenta/schema";

/** Levenshtein distance, or `limit + 1` as soon as it must exceed `limit`. */
export function boundedDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = new Array<number>(b.length + 1);
  let current = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > limit) return limit + 1;
    [previous, current] = [current, previous];
  }
  return previous[b.length] ?? limit + 1;
}

/** Up to `max` candidates closest to `input` (case- and spacing-insensitive), best first. */
export function suggest(input: string, candidates: Iterable<string>, max = 3): string[] {
  const wanted = normalizeName(input);
  const limit = Math.max(1, Math.min(3, Math.floor(wanted.length / 3)));
  const scored: [number, string][] = [];
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (seen.has(candidate)) continue;
    seen.add(candidate);
    const normalized = normalizeName(candidate);
    const distance =
      normalized === wanted
        ? 0
        : normalized.startsWith(wanted) && wanted.length >= 4
          ? 1
          : boundedDistance(wanted, normalized, limit);
    if (distance <= limit) scored.push([distance, candidate]);
  }
  scored.sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
  return scored.slice(0, max).map(([, candidate]) => candidate);
}
