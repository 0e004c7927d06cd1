/** The bench scripts' statistics (scripts/bench.ts, bench-compare.ts, bench-phases.ts). */

/** The value below which p% of `sorted` (ascending) lie; NaN of none. */
export function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/** The middle value (the upper one of an even count), NaN of none. */
export function median(values: number[]) {
  return percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
}
